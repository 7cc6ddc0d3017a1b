// Language of caller text, which arrives untagged. eld is loaded on first use, or ahead of it by a
// process that runs generations (preloadLanguageDetector): its n-gram tables cost tens of
// megabytes, which a process serving only the API need not hold, and about 200 ms to load, which
// the first generation of a worker process should not wait for.
interface Detector {
  detect(text: string): { language: string; isReliable(): boolean; getScores(): Record<string, number> };
}

let detector: Promise<Detector> | undefined;

function load(): Promise<Detector> {
  if (detector === undefined) {
    const loading = import('eld/small').then(({ eld }) => eld.newInstance());
    // A failed load is not kept: the next text to detect tries again.
    loading.catch(() => {
      if (detector === loading) detector = undefined;
    });
    detector = loading;
  }
  return detector;
}

/** Loads the detector now rather than at the first text long enough to detect; resolves once it is ready. */
export async function preloadLanguageDetector(): Promise<void> {
  await load();
}

// Below this a product name ("Spaghetti n.5", "Mildes Shampoo") is detected at random.
const MIN_LETTERS = 30;
const MIN_WORDS = 5;
// A close second language means the detector is guessing between relatives (it/es/pt).
const MIN_MARGIN = 0.03;

export function longEnoughToDetect(text: string): boolean {
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  const words = text.split(/\s+/).filter((w) => /\p{L}{2,}/u.test(w)).length;
  return letters >= MIN_LETTERS && words >= MIN_WORDS;
}

/** ISO 639-1 code of the text's language, or null when the text is too short or the detector unsure. */
export async function detectLanguage(text: string): Promise<string | null> {
  if (!longEnoughToDetect(text)) return null;
  const result = (await load()).detect(text);
  if (result.language === '' || !result.isReliable()) return null;
  const scores = Object.values(result.getScores()).sort((a, b) => b - a);
  const [best = 0, second = 0] = scores;
  return best - second >= MIN_MARGIN ? result.language : null;
}
