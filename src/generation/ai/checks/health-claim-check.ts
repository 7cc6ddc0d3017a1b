// Health claims a record must not make, in the eight languages we write.
// - Medicines (Directive 2001/83/EC, art. 90, advertising to the public): no promise of a cure or
//   of a guaranteed effect, no "no side effects" or "safe for everyone", no "natural, so harmless",
//   no comparison with another treatment, no "miracle", and no "clinically proven" unless a fact
//   says so. Naming the disease a medicine treats is its indication, not a claim.
// - Foods (Regulation (EU) 1169/2011, art. 7(3)) and every other product: no claim that the product
//   prevents, treats or cures a human disease.
// A rule fires on a phrase, not on a word: "treats" alone is dog treats, "cured" is ham, "cura" is
// Italian for care; only with a disease named a few words on do they make a claim. Pure.
import { anyPhrase, firstMatch, phraseNear } from './phrases.ts';
import { quote, readableText, textFields, type CheckedFields, type RecordProblem } from './problem.ts';

export type ClaimKind = 'medicine' | 'food' | 'other';

// Human diseases and conditions, each language's forms. Caries, plaque, dandruff and blemishes
// are left out on purpose: toothpastes and shampoos may lawfully say they help prevent them.
const DISEASES = [
  // English ("cold" alone is the weather: only "colds" and "the common cold")
  String.raw`cancers?|tumou?rs?|diabetes|(?:heart|cardiovascular|chronic) diseases?|diseases?|illness(?:es)?|hypertension|high blood pressure|Alzheimer(?:'s)?|dementia|(?:osteo)?arthritis|osteoporosis|depression|infections?|colds|common cold|flu|influenza|covid(?:-19)?|asthma|ana?emia|insomnia|ulcers?|strokes?|heart attacks?|migraines?|headaches?|eczema|psoriasis|obesity`,
  // Italian
  String.raw`cancro|tumor[ei]|diabete|malattia|malattie|ipertensione|pressione alta|demenza|artrite|artrosi|osteoporosi|depressione|infezion[ei]|raffreddor[ei]|asma|insonnia|ulcer[ae]|ictus|infarto|emicrani[ae]|mal di testa|psoriasi|obesità`,
  // German (compounds of Krebs: Darmkrebs, Hautkrebs)
  String.raw`\p{L}*krebs|Krebserkrankung(?:en)?|Tumore?n?|Herzkrankheit(?:en)?|Herz-Kreislauf-Erkrankung(?:en)?|Zivilisationskrankheit(?:en)?|Krankheit(?:en)?|Erkrankung(?:en)?|Bluthochdruck|Demenz|Arthrose|Osteoporose|Depression(?:en)?|Infektion(?:en)?|Erkältung(?:en)?|Grippe|Asthma|Anämie|Blutarmut|Schlaflosigkeit|Geschwür(?:e)?|Schlaganfall|Schlaganfälle|Herzinfarkt(?:e)?|Migräne|Kopfschmerzen|Ekzem(?:e)?|Schuppenflechte|Fettleibigkeit|Adipositas`,
  // French
  String.raw`tumeurs?|diabète|maladies?|démence|arthrite|ostéoporose|dépression|rhumes?|grippe|asthme|anémie|insomnie|ulcères?|AVC|infarctus|maux de tête|eczéma|obésité`,
  // Spanish
  String.raw`cáncer(?:es)?|tumores|enfermedad(?:es)?|hipertensión|demencia|artritis|artrosis|depresión|infecci(?:ón|ones)|resfriados?|gripe|asma|insomnio|úlceras?|infartos?|migrañas?|dolor(?:es)? de cabeza|eccema|obesidad`,
  // Dutch
  String.raw`kanker|tumoren|suikerziekte|hart- en vaatziekten|hartziekten?|ziekten?|hoge bloeddruk|dementie|artrose|osteoporose|depressie|infecties?|verkoudheid|verkoudheden|griep|astma|bloedarmoede|slapeloosheid|maagzweer|beroerte|hartaanval(?:len)?|hoofdpijn|eczeem|obesitas`,
  // Portuguese
  String.raw`câncer|doenças?|hipertensão|demência|depressão|infe(?:c)?ç(?:ão|ões)|constipaç(?:ão|ões)|resfriados?|insónia|insônia|enfartes?|enxaquecas?|dores? de cabeça|psoríase|obesidade`,
  // Polish (stems: the nouns decline)
  String.raw`rak(?:a|u|iem|owi|i)?|nowotw\p{L}*|cukrzyc\p{L}*|chorob\p{L}*|chorób|nadciśnieni\p{L}*|demencj\p{L}*|osteoporoz\p{L}*|depresj\p{L}*|infekcj\p{L}*|przeziębie\p{L}*|przeziębień|gryp\p{L}*|astm\p{L}*|anemi\p{L}*|bezsenno\p{L}*|wrzod\p{L}*|udar\p{L}*|zawał\p{L}*|migren\p{L}*|ból głowy|bólów głowy|egzem\p{L}*|łuszczyc\p{L}*|otyło\p{L}*`,
];

// Verbs (and their nouns) of preventing, treating, curing, fighting and protecting against.
const AGAINST_DISEASE = [
  String.raw`prevents?|preventing|prevention of|treats?|treating|treatment (?:of|for)|cures?|curing|cure for|heals?|healing|fights?|fighting|combats?|combating|protects?|protecting|protection|wards? off|reverses?|eliminates?|beats?|remedy for|effective against|works against`,
  String.raw`previen\p{L}*|prevenire|prevenzione|cura|curano|curare|tratta|trattano|trattare|trattamento|guarisc\p{L}*|guarire|combatt\p{L}*|protegg\p{L}*|protezione|sconfigg\p{L}*|elimin\p{L}*|rimedio|efficace contro`,
  String.raw`beugt|vorbeug\p{L}*|Vorbeugung|verhinder\p{L}*|verhüt\p{L}*|behandel\p{L}*|Behandlung|heilt|heilen|Heilung|bekämpf\p{L}*|schützt|schützen|Schutz|hilft gegen|wirkt gegen|wirksam gegen|Mittel gegen`,
  String.raw`prévien\p{L}*|préven\p{L}*|traite|traitent|traiter|traitement|guéri\p{L}*|combat\p{L}*|protège\p{L}*|protéger|protection|lutte\p{L}*|remède|efficace contre`,
  String.raw`previen\p{L}*|preven\p{L}*|trata|tratan|tratar|tratamiento|cura|curan|curar|combat\p{L}*|proteg\p{L}*|protección|lucha\p{L}*|remedio|eficaz contra`,
  String.raw`voorkom\p{L}*|voorkoming|behandel\p{L}*|genees\p{L}*|genezen|bestrijd\p{L}*|bescherm\p{L}*|helpt tegen|werkt tegen|middel tegen`,
  String.raw`previn\p{L}*|preven\p{L}*|trata|tratam|tratar|tratamento|cura|curam|curar|combat\p{L}*|proteg\p{L}*|proteção|luta\p{L}*|remédio|eficaz contra`,
  String.raw`zapobieg\p{L}*|lecz\p{L}*|wylecz\p{L}*|zwalcz\p{L}*|chroni\p{L}*|ochron\p{L}*|walcz\p{L}*|skuteczn\p{L}* przeciw\p{L}*|środek przeciw\p{L}*`,
];

const DISEASE_CLAIM = [
  phraseNear(AGAINST_DISEASE, DISEASES, 3),
  // Words that are a cure claim by themselves.
  anyPhrase([
    'heals',
    String.raw`anti-?cancer\p{L}*|anti-?tumou?r\p{L}*|anticancro|antitumoral\p{L}*|krebshemmend\p{L}*|krebsvorbeugend\p{L}*|anticancéreu\p{L}*|anticancerígen\p{L}*|kankerwerend\p{L}*|antynowotworow\p{L}*|przeciwnowotworow\p{L}*`,
    'guarisce|guariscono|heilt|guérit|guérissent|geneest|genezen|leczy|wyleczy',
  ]),
];

// Medicines: a cure, or an effect, promised.
const GUARANTEE = String.raw`guarantee\p{L}*|garanti\p{L}*|gegarandeerd\p{L}*|gwarant\p{L}*`;
const EFFECT = String.raw`action|azione|acción|ação|działanie|effect\p{L}*|efficac\p{L}*|result\p{L}*|relief|cure|healing|work|works|effetto|effetti|risultat\p{L}*|sollievo|guarigione|Wirkung|wirksam\p{L}*|Linderung|Heilung|Erfolg|effet\p{L}*|résultat\p{L}*|soulagement|guérison|efecto\p{L}*|eficacia|resultado\p{L}*|alivio|curación|werking|werkzaam|resultaat|verlichting|genezing|efeito\p{L}*|eficácia|alívio|cura|skuteczn\p{L}*|efekt\p{L}*|skutek|ulg\p{L}*|wyleczeni\p{L}*`;
const CURE_PROMISE = [
  phraseNear([GUARANTEE], [EFFECT], 3),
  phraseNear([EFFECT], [GUARANTEE], 3),
  anyPhrase([
    String.raw`100\s?% (?:effective|efficace|wirksam|efficace|eficaz|effectief|werkzaam|skuteczn\p{L}*)`,
    String.raw`(?:efficace|eficaz|skuteczn\p{L}*) (?:al|à|a|w) 100\s?%`,
    'always (?:works|effective)|works every time|sempre efficace|funziona sempre|wirkt immer|immer wirksam|toujours efficace|siempre eficaz|funciona siempre|werkt altijd|altijd effectief|sempre eficaz|zawsze (?:działa|skuteczn\\p{L}*)',
    // A cure, said outright ("treats" is the indication and stays allowed).
    'cures|will cure|guarisce|guariscono|guarirà|heilt|guérit|guérissent|guérira|geneest|wyleczy|wylecza',
    '(?:permanent|definitive|complete|total) cure|cura definitiva|guarigione (?:definitiva|completa|certa|sicura)|endgültige Heilung|guérison (?:définitive|complète|assurée)|curación (?:definitiva|completa)|definitieve genezing|cura (?:definitiva|completa)|(?:trwałe|całkowite) wyleczenie',
  ]),
];

const SIDE_EFFECT_FREE = anyPhrase([
  String.raw`(?:no|without|free of|free from|zero) (?:\p{L}+ )?side[- ]effects|(?:does not|doesn't|will not|won't) cause (?:any )?side[- ]effects|side[- ]effect[- ]free|(?:completely|totally|absolutely|perfectly|entirely|100\s?%) (?:safe|harmless|risk[- ]free)|safe for (?:everyone|everybody|all|anyone)|(?:no|without|zero) risks?|risk[- ]free|harmless`,
  String.raw`(?:senza|nessun|privo di|priva di|zero|assenza di|non (?:ha|dà|provoca|causa)) (?:\p{L}+ )?effett[oi] (?:collateral[ei]|indesiderat[oi])|(?:completamente|totalmente|assolutamente|perfettamente|del tutto|al 100\s?%) (?:sicur[oa]|innocu[oa])|sicur[oa] per tutti|senza (?:alcun )?rischi[o]?|innocu[oa]`,
  String.raw`(?:keine|ohne|frei von|null) (?:\p{L}+ )?Nebenwirkungen|nebenwirkungsfrei|(?:völlig|absolut|vollkommen|komplett|ganz|100\s?%) (?:sicher|unbedenklich|harmlos|risikolos|ungefährlich)|für (?:jeden|alle|jedermann) (?:sicher|unbedenklich)|risikolos|ohne (?:jedes |jegliches )?Risiko|harmlos|ungefährlich`,
  String.raw`(?:sans|aucun|zéro|pas de) (?:\p{L}+ )?effets? (?:secondaires?|indésirables?)|(?:pas|dépourvu|exempt) d'effets? (?:secondaires?|indésirables?)|(?:totalement|complètement|absolument|parfaitement|entièrement|100\s?%) (?:sûre?|sans danger|sans risque|inoffensi(?:f|ve))|sûre? pour (?:tous|tout le monde)|sans (?:aucun )?(?:risque|danger)|inoffensi(?:f|ve)`,
  String.raw`(?:sin|ningún|cero|no (?:tiene|causa|produce)) (?:\p{L}+ )?efectos? (?:secundarios?|adversos?|colaterales?)|(?:completamente|totalmente|absolutamente|perfectamente|100\s?%) (?:segur[oa]|inofensiv[oa])|segur[oa] para todos|sin (?:ningún )?riesgos?|inofensiv[oa]`,
  String.raw`(?:geen|zonder|vrij van|nul) (?:\p{L}+ )?bijwerkingen|(?:volkomen|volledig|helemaal|absoluut|totaal|100\s?%) (?:veilig|onschadelijk|risicoloos)|veilig voor iedereen|zonder (?:enig )?risico|risicoloos|onschadelijk`,
  String.raw`(?:sem|nenhum|zero|não (?:tem|causa|provoca)) (?:\p{L}+ )?efeitos? (?:secundários?|colaterais|colateral|adversos?)|(?:completamente|totalmente|absolutamente|perfeitamente|100\s?%) (?:segur[oa]|inofensiv[oa])|segur[oa] para todos|sem (?:qualquer |nenhum )?riscos?|inofensiv[oa]`,
  String.raw`(?:bez|brak|żadnych|zero) (?:\p{L}+ )?(?:skutków|efektów|działań) (?:ubocznych|niepożądanych)|nie (?:ma|powoduje) (?:\p{L}+ )?(?:skutków|efektów|działań) (?:ubocznych|niepożądanych)|(?:całkowicie|w pełni|absolutnie|zupełnie|w 100\s?%) (?:bezpieczn\p{L}*|nieszkodliw\p{L}*)|bezpieczn\p{L}* dla (?:każdego|wszystkich)|bez (?:żadnego )?ryzyka|nieszkodliw\p{L}*`,
]);

const NATURAL = String.raw`natural\p{L}*|natürlich\p{L}*|naturel\p{L}*|natuurlijk\p{L}*|naturaln\p{L}*`;
// "bien sûr" is "of course", not "safe".
const SAFE = String.raw`safe|harmless|sicur[oa]|innocu[oa]|sicher|unbedenklich|harmlos|ungefährlich|(?<!bien\s)sûre?|sans danger|inoffensi\p{L}*|segur[oa]|inofensiv[oa]|veilig|onschadelijk|bezpieczn\p{L}*|nieszkodliw\p{L}*`;
const NATURAL_SO_SAFE = [phraseNear([NATURAL], [SAFE], 4), phraseNear([SAFE], [NATURAL], 4)];

// Storage temperatures ("superiore a 25 °C") and dose equivalences ("pari a 200 mg") are how
// leaflets speak, so "superior" and "equivalent" are not comparisons here.
const COMPARISON = anyPhrase([
  String.raw`(?:better|more effective|more efficient|stronger|faster|quicker|more powerful|gentler) than|as (?:good|effective|strong|fast|powerful) as|superior to|outperforms?`,
  String.raw`(?:meglio|migliore|più efficace|più forte|più rapid[oa]|più rapidamente|più veloce|più potente|più delicat[oa]) (?:di|del|della|dello|dei|degli|delle|rispetto|che|dell'\p{L}+)|(?:efficace|potente|veloce|rapid[oa]) (?:quanto|come)|(?:altrettanto|tanto) efficace`,
  String.raw`(?:besser|wirksamer|effektiver|stärker|schneller|kräftiger|sanfter) als|(?:genauso|ebenso) (?:gut|wirksam|effektiv|stark|schnell) wie`,
  String.raw`(?:meilleur\p{L}*|mieux|plus efficace|plus forte?|plus rapide(?:ment)?|plus puissante?) (?:que|qu'\p{L}+)|aussi (?:efficace|bonne?|forte?|rapide) (?:que|qu'\p{L}+)`,
  String.raw`(?:mejor|más eficaz|más efectiv[oa]|más fuerte|más rápid[oa]|más potente) que|tan (?:eficaz|efectiv[oa]|buen[oa]|fuerte|rápid[oa]) como`,
  String.raw`(?:beter|effectiever|werkzamer|sterker|sneller|krachtiger) dan|(?:net )?zo (?:goed|effectief|werkzaam|sterk|snel) als`,
  String.raw`(?:melhor|mais eficaz|mais forte|mais rápid[oa]|mais potente) (?:do )?que|tão (?:eficaz|bom|boa|forte|rápid[oa]) (?:quanto|como)`,
  String.raw`(?:lepsz\p{L}*|lepiej|skuteczniejsz\p{L}*|silniejsz\p{L}*|szybsz\p{L}*|szybciej|mocniejsz\p{L}*) (?:niż|od)|(?:tak samo|równie) (?:skuteczn\p{L}*|dobr\p{L}*|szybk\p{L}*) (?:jak|co)`,
]);

const MIRACLE = anyPhrase([
  String.raw`miracle\p{L}*|miracul\p{L}*|miracol\p{L}*|wonder (?:drug|cure|pill)s?|Wunder(?!bar|schön|voll)\p{L}*|wundersam\p{L}*|miraculeu\p{L}*|milagr\p{L}*|wondermiddel\p{L}*|wonderbaarlijk\p{L}*|cudown\p{L}*`,
]);

// "Clinically tested" is weaker than "clinically proven": a fact saying "tested" allows only "tested".
const CLINICALLY_PROVEN = anyPhrase([
  String.raw`clinically (?:proven|shown|demonstrated)|scientifically (?:proven|shown|demonstrated)|proven (?:by|in) (?:clinical )?(?:studies|trials|research)`,
  String.raw`clinicamente (?:provat\p{L}*|dimostrat\p{L}*|comprovat\p{L}*)|scientificamente (?:provat\p{L}*|dimostrat\p{L}*)|dimostrat\p{L}* (?:da|in) studi clinici`,
  String.raw`klinisch (?:erwiesen|bewiesen|nachgewiesen|belegt|bestätigt)\p{L}*|wissenschaftlich (?:erwiesen|bewiesen|nachgewiesen|belegt)\p{L}*`,
  String.raw`cliniquement (?:prouvé|démontré)\p{L}*|scientifiquement (?:prouvé|démontré)\p{L}*`,
  String.raw`clínicamente (?:probad|comprobad|demostrad)\p{L}*|científicamente (?:probad|comprobad|demostrad)\p{L}*`,
  String.raw`klinisch (?:bewezen|aangetoond)|wetenschappelijk (?:bewezen|aangetoond)`,
  String.raw`clinicamente (?:comprovad|provad|demonstrad)\p{L}*|cientificamente (?:comprovad|provad|demonstrad)\p{L}*`,
  String.raw`klinicznie (?:potwierdzon|udowodnion)\p{L}*|naukowo (?:potwierdzon|udowodnion)\p{L}*`,
]);
const CLINICALLY_TESTED = anyPhrase([
  String.raw`clinically tested|clinicamente testat\p{L}*|klinisch (?:getestet|geprüft)\p{L}*|cliniquement testé\p{L}*|clínicamente testad\p{L}*|klinisch getest|clinicamente testad\p{L}*|klinicznie (?:przetestowan|testowan|sprawdzon)\p{L}*`,
]);

interface ClaimRule {
  patterns: readonly RegExp[];
  /** A denial ("does not cure", "non previene") is no claim. */
  deniable?: boolean;
  /** What the field does, after its name: "promises a cure or a guaranteed effect". */
  claims: string;
  /** Why that is not allowed, after the quoted phrase. */
  why: string;
}

const ART_90 = 'which medicine advertising must not do (Directive 2001/83/EC, art. 90)';

const MEDICINE_RULES: readonly ClaimRule[] = [
  { patterns: CURE_PROMISE, deniable: true, claims: 'promises a cure or a guaranteed effect', why: ART_90 },
  { patterns: [SIDE_EFFECT_FREE], claims: 'claims the medicine has no side effects or is safe for everyone', why: ART_90 },
  { patterns: NATURAL_SO_SAFE, claims: 'suggests the medicine is safe because it is natural', why: ART_90 },
  { patterns: [COMPARISON], claims: 'compares the medicine with another treatment', why: ART_90 },
  { patterns: [MIRACLE], claims: 'calls the medicine a miracle', why: ART_90 },
];

const DISEASE_RULES: Record<Exclude<ClaimKind, 'medicine'>, ClaimRule> = {
  food: {
    patterns: DISEASE_CLAIM,
    deniable: true,
    claims: 'claims the food prevents, treats or cures a human disease',
    why: 'which food information must not do (Regulation (EU) 1169/2011, art. 7(3))',
  },
  other: { patterns: DISEASE_CLAIM, deniable: true, claims: 'claims the product prevents, treats or cures a human disease', why: 'which only an authorised medicine may claim' },
};

/** Clinical claims, except those the facts themselves make and the record may so repeat. */
function clinicalRules(facts: readonly string[]): ClaimRule[] {
  const texts = facts.map(readableText);
  const proven = texts.some((t) => CLINICALLY_PROVEN.test(t));
  const tested = proven || texts.some((t) => CLINICALLY_TESTED.test(t));
  const patterns = [...(proven ? [] : [CLINICALLY_PROVEN]), ...(tested ? [] : [CLINICALLY_TESTED])];
  return patterns.length === 0 ? [] : [{ patterns, claims: 'makes a clinical claim that no fact states', why: ART_90 }];
}

// "not", "non", "nicht", "ne … pas", "niet", "não", "nie" … and English "-n't".
const NEGATION = /(?<![\p{L}])(?:not|no|never|non|nicht|kein\p{L}*|niemals|ne|pas|jamais|nunca|niet|geen|nooit|não|nem|nie|nigdy)(?![\p{L}])|n't(?![\p{L}])/iu;

/**
 * Whether the words just before a match, in its sentence, deny it: "is not intended to diagnose,
 * treat, cure or prevent any disease" (a disclaimer copied from a label) claims nothing.
 */
function denied(text: string, at: number): boolean {
  const sentence =
    text
      .slice(0, at)
      .split(/[.!?;:\n]/)
      .pop() ?? '';
  return NEGATION.test(sentence.trim().split(/\s+/).slice(-6).join(' '));
}

/** Each pattern's global twin, compiled once: matchAll needs the g flag, and compiling per call showed in profiles. */
const globalPatterns = new WeakMap<RegExp, RegExp>();

function globalOf(pattern: RegExp): RegExp {
  let found = globalPatterns.get(pattern);
  if (found === undefined) {
    found = new RegExp(pattern.source, `${pattern.flags}g`);
    globalPatterns.set(pattern, found);
  }
  return found;
}

function claimIn(text: string, rule: ClaimRule): string | null {
  if (rule.deniable !== true) return firstMatch(text, rule.patterns);
  for (const pattern of rule.patterns) {
    for (const found of text.matchAll(globalOf(pattern))) {
      if (!denied(text, found.index)) return found[0];
    }
  }
  return null;
}

/**
 * A problem for each forbidden health claim in any field: for a medicine the art. 90 rules, for
 * a food and anything else the disease claims. `factTexts` are the facts' values: a clinical
 * claim they state may be repeated.
 */
export function checkHealthClaims(record: Partial<CheckedFields>, kind: ClaimKind, factTexts: readonly string[] = []): RecordProblem[] {
  const rules = kind === 'medicine' ? [...MEDICINE_RULES, ...clinicalRules(factTexts)] : [DISEASE_RULES[kind]];
  const problems: RecordProblem[] = [];
  for (const [field, written] of textFields(record)) {
    const text = readableText(written);
    for (const rule of rules) {
      const claim = claimIn(text, rule);
      if (claim !== null) problems.push({ field, check: 'health_claim', message: `${rule.claims} ("${quote(claim)}"), ${rule.why}` });
    }
  }
  return problems;
}
