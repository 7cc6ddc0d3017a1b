// Label claims (organic, gluten-free, vegan …) are what shoppers filter on and regulators check,
// and no number check sees them. A record may make one only when some fact makes it, in any
// language: "biologico" in an Italian record is supported by an English "Organic" label. A
// closed list, written by hand: no library knows these phrases in our eight languages.
import { readableText, textFields, type CheckedFields, type RecordProblem } from './problem.ts';
import { anyPhrase } from './phrases.ts';

const CLAIMS: ReadonlyArray<{ claim: string; phrases: readonly string[] }> = [
  {
    claim: 'organic',
    phrases: [
      'organic',
      'organically grown',
      'biologico',
      'biologica',
      'biologici',
      'biologiche',
      'biologisch',
      'biologische',
      'biologischer',
      'biologique',
      'biologiques',
      'ecológico',
      'ecológica',
      'orgánico',
      'orgánica',
      'biológico',
      'biológica',
      'ekologiczny',
      'ekologiczna',
      'ekologiczne',
      'bio',
      'öko',
    ],
  },
  {
    claim: 'gluten-free',
    phrases: [
      'gluten-free',
      'gluten free',
      'without gluten',
      'senza glutine',
      'glutenfrei',
      'ohne gluten',
      'sans gluten',
      'sin gluten',
      'sem glúten',
      'sem gluten',
      'glutenvrij',
      'bezglutenowy',
      'bezglutenowa',
      'bez glutenu',
    ],
  },
  {
    claim: 'lactose-free',
    phrases: ['lactose-free', 'lactose free', 'senza lattosio', 'laktosefrei', 'sans lactose', 'sin lactosa', 'sem lactose', 'lactosevrij', 'bez laktozy'],
  },
  {
    claim: 'vegan',
    phrases: [
      'vegan',
      'vegana',
      'vegano',
      'vegani',
      'vegane',
      'veganer',
      'veganes',
      'végan',
      'végane',
      'végétalien',
      'végétalienne',
      'veganista',
      'veganistisch',
      'wegański',
      'wegańska',
      'wegańskie',
    ],
  },
  {
    claim: 'sugar-free',
    phrases: [
      'sugar-free',
      'sugar free',
      'no added sugar',
      'no added sugars',
      'senza zucchero',
      'senza zuccheri',
      'senza zuccheri aggiunti',
      'zuckerfrei',
      'ohne zucker',
      'ohne zuckerzusatz',
      'sans sucre',
      'sans sucres ajoutés',
      'sin azúcar',
      'sin azúcares añadidos',
      'sem açúcar',
      'sem açúcares adicionados',
      'suikervrij',
      'zonder toegevoegde suiker',
      'bez cukru',
      'bez dodatku cukru',
    ],
  },
  {
    claim: 'palm-oil-free',
    phrases: [
      'palm oil free',
      'palm oil-free',
      'no palm oil',
      'senza olio di palma',
      'ohne palmöl',
      'palmölfrei',
      'sans huile de palme',
      'sin aceite de palma',
      'sem óleo de palma',
      'zonder palmolie',
      'bez oleju palmowego',
    ],
  },
  {
    claim: 'GMO-free',
    phrases: [
      'non-gmo',
      'gmo-free',
      'gmo free',
      'senza ogm',
      'ogm-free',
      'gentechnikfrei',
      'ohne gentechnik',
      'sans ogm',
      'sin ogm',
      'sin transgénicos',
      'sem ogm',
      'sem transgénicos',
      'gentechvrij',
      'bez gmo',
    ],
  },
  {
    claim: 'dermatologically tested',
    phrases: [
      'dermatologically tested',
      'dermatologicamente testato',
      'dermatologicamente testata',
      'dermatologisch getestet',
      'testé dermatologiquement',
      'testée dermatologiquement',
      'dermatológicamente probado',
      'dermatologicamente testado',
      'dermatologisch getest',
      'testowany dermatologicznie',
      'testowana dermatologicznie',
    ],
  },
  {
    claim: 'hypoallergenic',
    phrases: [
      'hypoallergenic',
      'ipoallergenico',
      'ipoallergenica',
      'hypoallergen',
      'hypoallergene',
      'hypoallergénique',
      'hipoalergénico',
      'hipoalergénica',
      'hipoalergénico',
      'hypoallergeen',
      'hipoalergiczny',
      'hipoalergiczna',
    ],
  },
  // Waterproof is a stronger claim than water-resistant: one does not support the other.
  {
    claim: 'waterproof',
    phrases: [
      'waterproof',
      'impermeabile',
      'wasserdicht',
      'étanche',
      'impermeable',
      'à prova de água',
      'impermeável',
      'waterdicht',
      'wodoodporny',
      'wodoodporna',
      'wodoszczelny',
      'wodoszczelna',
    ],
  },
  {
    claim: 'water-resistant',
    phrases: [
      'water-resistant',
      'water resistant',
      "resistente all'acqua",
      'wasserfest',
      'wasserabweisend',
      "résistant à l'eau",
      'resistente al agua',
      'resistente à água',
      'waterbestendig',
    ],
  },
  {
    claim: 'Fairtrade',
    phrases: [
      'fairtrade',
      'fair trade',
      'commercio equo',
      'equo e solidale',
      'fairer handel',
      'commerce équitable',
      'comercio justo',
      'comércio justo',
      'eerlijke handel',
      'sprawiedliwy handel',
    ],
  },
  {
    claim: 'cruelty-free',
    phrases: [
      'cruelty-free',
      'cruelty free',
      'not tested on animals',
      'non testato su animali',
      'ohne tierversuche',
      'tierversuchsfrei',
      'non testé sur les animaux',
      'no testado en animales',
      'não testado em animais',
      'niet getest op dieren',
      'nietestowany na zwierzętach',
    ],
  },
];

const PATTERNS = CLAIMS.map(({ claim, phrases }) => ({ claim, pattern: anyPhrase(phrases) }));

// "Nicht wasserdicht", "non adatto a una dieta senza glutine": a negation a few words before the
// phrase turns the claim around.
const NEGATION_BEFORE = /(?:^|[^\p{L}])(?:not|non|nicht|kein|keine|keinen|pas|no|não|niet|geen|nie)(?:\s+\p{L}+){0,4}\s+$/iu;

function negated(text: string, index: number): boolean {
  return NEGATION_BEFORE.test(text.slice(Math.max(0, index - 40), index));
}

/** Each label claim a field makes that no fact makes, in any language. */
export function checkLabelClaims(record: Partial<CheckedFields>, factTexts: readonly string[]): RecordProblem[] {
  const evidence = factTexts.map(readableText);
  const supported = new Set(PATTERNS.filter(({ pattern }) => evidence.some((text) => pattern.test(text))).map(({ claim }) => claim));
  const problems: RecordProblem[] = [];
  for (const [field, written] of textFields(record)) {
    const text = readableText(written);
    for (const { claim, pattern } of PATTERNS) {
      const said = pattern.exec(text);
      if (said === null || supported.has(claim) || negated(text, said.index)) continue;
      problems.push({ field, check: 'ungrounded', message: `claims "${said[0]}" (${claim}), which no fact states` });
    }
  }
  return problems;
}
