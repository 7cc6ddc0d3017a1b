// Each long text of a record must be in the record's language. The names the facts give (product
// name, brand, variant, quoted terms: fact-names.ts) are masked first, as a record rightly keeps
// them in their own language; what remains is judged only when it is long enough to tell (see
// detect-language.ts), and an unsure detection is no problem. A text that is mostly a name
// therefore passes, while sentences around a name are judged as strictly as any others.
import type { CountryContent } from '../../../domain/content.ts';
import { detectLanguage } from '../../template/detect-language.ts';
import { languageName } from '../../template/fact-view.ts';
import { toPlainText } from '../../template/text.ts';
import { nameMask } from './fact-names.ts';
import type { RecordProblem } from './problem.ts';

export type LanguageCheckedFields = Pick<CountryContent, 'description' | 'short_description' | 'meta_description' | 'key_features'>;

/** "pt-BR" and "PT" are Portuguese as the detector names it ("pt"). */
function baseLanguage(language: string): string {
  return language.trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

function judgedTexts(record: Partial<LanguageCheckedFields>): Array<readonly [string, string]> {
  const out: Array<readonly [string, string]> = [];
  for (const name of ['description', 'short_description', 'meta_description'] as const) {
    const value = record[name];
    if (typeof value === 'string') out.push([name, toPlainText(value)]);
  }
  // One feature is rarely long enough to tell; together they are, and one foreign feature among
  // several in the right language is not worth a repair round.
  const features = (record.key_features ?? []).map((f) => toPlainText(f).replace(/[.;:\s]+$/u, '')).filter((f) => f !== '');
  if (features.length > 0) out.push(['key_features', features.join('. ')]);
  return out;
}

/**
 * A problem for each long text field detected, with confidence, as another language than
 * `language` once the `names` (factNames) in it are masked.
 */
export async function checkLanguage(record: Partial<LanguageCheckedFields>, language: string, names: readonly string[] = []): Promise<RecordProblem[]> {
  const expected = baseLanguage(language);
  const mask = nameMask(names);
  const problems: RecordProblem[] = [];
  for (const [field, text] of judgedTexts(record)) {
    const detected = await detectLanguage(mask(text));
    if (detected === null || detected === expected) continue;
    problems.push({
      field,
      check: 'language',
      message: `is written in ${languageName(detected)}, but this record must be in ${languageName(expected)}`,
    });
  }
  return problems;
}
