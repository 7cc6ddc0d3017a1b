// The label claims shoppers filter on and regulators check, with the phrasings that make them in
// our eight languages. Each phrase is matched by word stems (see claim-matcher.ts), so one form
// stands for its plurals and genders: "ecológico" finds "ecológicos", "vegan" finds "Veganer" and
// "vegans". More forms are listed only where a stemmer splits them ("vegano" and "vegani" have
// different Italian stems) or a phrasing differs ("für Veganer geeignet" needs only "Veganer").

export interface LabelClaim {
  claim: string;
  phrases: readonly string[];
  /** Words a stem also reaches that make no claim ("organizer", "biologia"): compared whole, lower case. */
  notClaims?: RegExp;
  /** Words right after the claim that make it another thing ("biologisch abbaubar"): compared whole, lower case. */
  notBefore?: ReadonlySet<string>;
}

export const LABEL_CLAIMS: readonly LabelClaim[] = [
  {
    claim: 'organic',
    phrases: [
      'organic',
      'organically grown',
      'biologico',
      'biologici',
      'bio',
      'biologisch',
      'ökologisch',
      'öko',
      'biologique',
      'ecológico',
      'orgánico',
      'biológico',
      'orgânico',
      'ekologiczny',
      'organiczny',
    ],
    // Biodegradable ("biologisch abbaubar"), Öko-Test's rating, the Öko-Tex textile label and an
    // OLED screen's "organic light-emitting diode" say nothing of organic farming.
    notBefore: new Set(['abbaubar', 'abbaubare', 'abbaubaren', 'abbaubarer', 'abbaubares', 'afbreekbaar', 'afbreekbare', 'test', 'tex', 'light']),
    notClaims:
      /^(?:biolog(?:ia|ie|y|o|i|a|he|ist\p{L}*)|biología|biólog\p{L}*|ecolog(?:ia|ie|y)|ecología|organ|organs|organi[sz]\p{L}*|organism\p{L}*|órgano\p{L}*|organo|organi)$/u,
  },
  {
    claim: 'gluten-free',
    phrases: [
      'gluten free',
      'free from gluten',
      'without gluten',
      'no gluten',
      'senza glutine',
      'privo di glutine',
      'glutenfrei',
      'ohne gluten',
      'frei von gluten',
      'sans gluten',
      'sin gluten',
      'libre de gluten',
      'sem glúten',
      'sem gluten',
      'isento de glúten',
      'glutenvrij',
      'zonder gluten',
      'bezglutenowy',
      'bez glutenu',
      // Said as "contains none", the same claim: a negation at a phrase's start is its own.
      'free of gluten',
      'non contiene glutine',
      'kein gluten',
      'ne contient pas de gluten',
      'no contiene gluten',
      'não contém glúten',
      'geen gluten',
      'nie zawiera glutenu',
    ],
  },
  {
    claim: 'lactose-free',
    phrases: [
      'lactose free',
      'free from lactose',
      'senza lattosio',
      'privo di lattosio',
      'laktosefrei',
      'ohne laktose',
      'sans lactose',
      'sin lactosa',
      'sem lactose',
      'isento de lactose',
      'lactosevrij',
      'zonder lactose',
      'bez laktozy',
      'bezlaktozowy',
      'free of lactose',
      'non contiene lattosio',
      'kein laktose',
      'ne contient pas de lactose',
      'no contiene lactosa',
      'não contém lactose',
      'geen lactose',
      'nie zawiera laktozy',
    ],
  },
  {
    claim: 'vegan',
    phrases: ['vegan', 'vegano', 'vegani', 'veganer', 'végan', 'végane', 'végétalien', 'veganista', 'veganistisch', 'veganist', 'wegański', 'wegan', 'weganin'],
  },
  {
    claim: 'sugar-free',
    phrases: [
      'sugar free',
      'no added sugar',
      'without added sugar',
      'senza zucchero',
      'senza zuccheri aggiunti',
      'zuckerfrei',
      'ohne zucker',
      'ohne zuckerzusatz',
      'ohne zugesetzten zucker',
      'sans sucre',
      'sans sucres ajoutés',
      'sin azúcar',
      'sin azúcares añadidos',
      'sem açúcar',
      'sem açúcares adicionados',
      'suikervrij',
      'zonder toegevoegde suiker',
      'zonder suiker',
      'bez cukru',
      'bez dodatku cukru',
    ],
  },
  {
    claim: 'palm-oil-free',
    phrases: [
      'palm oil free',
      'no palm oil',
      'without palm oil',
      'senza olio di palma',
      'ohne palmöl',
      'palmölfrei',
      'sans huile de palme',
      'sin aceite de palma',
      'sem óleo de palma',
      'zonder palmolie',
      'palmolievrij',
      'bez oleju palmowego',
      'free of palm oil',
      'non contiene olio di palma',
      'kein palmöl',
      'ne contient pas d huile de palme',
      'no contiene aceite de palma',
      'não contém óleo de palma',
      'geen palmolie',
      'nie zawiera oleju palmowego',
    ],
  },
  {
    claim: 'GMO-free',
    phrases: [
      'non gmo',
      'gmo free',
      'senza ogm',
      'ogm free',
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
      'testato dermatologicamente',
      'dermatologisch getestet',
      'testé dermatologiquement',
      'testé sous contrôle dermatologique',
      'dermatológicamente probado',
      'dermatologicamente testado',
      'dermatologisch getest',
      'testowany dermatologicznie',
    ],
  },
  {
    claim: 'hypoallergenic',
    phrases: ['hypoallergenic', 'ipoallergenico', 'hypoallergen', 'hypoallergénique', 'hipoalergénico', 'hipoalergênico', 'hypoallergeen', 'hipoalergiczny'],
  },
  // Waterproof is a stronger claim than water-resistant: one does not support the other.
  {
    claim: 'waterproof',
    phrases: ['waterproof', 'impermeabile', 'wasserdicht', 'étanche', 'impermeable', 'à prova de água', 'impermeável', 'waterdicht', 'wodoodporny', 'wodoszczelny'],
  },
  {
    claim: 'water-resistant',
    phrases: ['water resistant', "resistente all'acqua", 'wasserfest', 'wasserabweisend', "résistant à l'eau", 'resistente al agua', 'resistente à água', 'waterbestendig'],
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
      'equosolidale',
    ],
  },
  {
    claim: 'cruelty-free',
    phrases: [
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
      'non testato sugli animali',
      'nicht an tieren getestet',
      'no probado en animales',
      'niet op dieren getest',
      'nie testowany na zwierzętach',
    ],
  },
];

/** Words that turn a claim around when they come a few words before it ("nicht wasserdicht", "non biologico"). */
export const NEGATIONS: ReadonlySet<string> = new Set(['not', 'non', 'nicht', 'kein', 'keine', 'keinen', 'pas', 'no', 'não', 'nao', 'niet', 'geen', 'nie', 'ni', 'never', 'mai']);

/** Words that end a negation's reach: "not only tasty but also organic", "non dolce ma biologico". */
export const CONTRASTS: ReadonlySet<string> = new Set(['but', 'ma', 'però', 'sondern', 'aber', 'mais', 'pero', 'sino', 'mas', 'porém', 'maar', 'ale', 'lecz']);

/** Words after a negation that make it "not only", which asserts what follows ("non solo biologico"). */
export const ONLY: ReadonlySet<string> = new Set(['only', 'just', 'solo', 'soltanto', 'nur', 'seulement', 'uniquement', 'sólo', 'só', 'apenas', 'alleen', 'tylko']);

/**
 * Nouns that make a claim one about the packaging rather than the product ("vegan-friendly
 * packaging", "confezione biologica", "emballage recyclable"): such a claim is not the product's.
 */
export const PACKAGING: ReadonlySet<string> = new Set([
  'packaging',
  'package',
  'packagings',
  'wrapper',
  'wrapping',
  'confezione',
  'confezioni',
  'imballaggio',
  'imballaggi',
  'verpackung',
  'verpackungen',
  'emballage',
  'emballages',
  'envase',
  'envases',
  'embalaje',
  'embalajes',
  'embalagem',
  'embalagens',
  'verpakking',
  'verpakkingen',
  'opakowanie',
  'opakowania',
]);
