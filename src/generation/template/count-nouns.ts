// The nouns medicine packs are counted in ("20 compresse"), written in the record's language like
// a unit ("20 tablets", "20 Tabletten"). A closed list: a noun not in it is kept as the source
// writes it. Hand-written because these are a handful of pharmacy words, not general translation;
// Intl.PluralRules picks the form (Polish has three).

type Forms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** One counted dosage unit: the spellings sources use (any language), and its forms per language. */
interface CountNoun {
  spellings: readonly string[];
  forms: Readonly<Record<string, Forms>>;
}

const NOUNS: readonly CountNoun[] = [
  {
    spellings: ['compressa', 'compresse', 'tablet', 'tablets', 'tablette', 'tabletten', 'comprimé', 'comprimés', 'comprimido', 'comprimidos', 'tabletka', 'tabletki', 'tabletek'],
    forms: {
      it: { one: 'compressa', other: 'compresse' },
      en: { one: 'tablet', other: 'tablets' },
      de: { one: 'Tablette', other: 'Tabletten' },
      fr: { one: 'comprimé', other: 'comprimés' },
      es: { one: 'comprimido', other: 'comprimidos' },
      pt: { one: 'comprimido', other: 'comprimidos' },
      nl: { one: 'tablet', other: 'tabletten' },
      pl: { one: 'tabletka', few: 'tabletki', many: 'tabletek', other: 'tabletki' },
    },
  },
  {
    spellings: ['capsula', 'capsule', 'capsules', 'kapsel', 'kapseln', 'cápsula', 'cápsulas', 'gélule', 'gélules', 'kapsułka', 'kapsułki', 'kapsułek'],
    forms: {
      it: { one: 'capsula', other: 'capsule' },
      en: { one: 'capsule', other: 'capsules' },
      de: { one: 'Kapsel', other: 'Kapseln' },
      fr: { one: 'gélule', other: 'gélules' },
      es: { one: 'cápsula', other: 'cápsulas' },
      pt: { one: 'cápsula', other: 'cápsulas' },
      nl: { one: 'capsule', other: 'capsules' },
      pl: { one: 'kapsułka', few: 'kapsułki', many: 'kapsułek', other: 'kapsułki' },
    },
  },
  {
    spellings: ['bustina', 'bustine', 'buste', 'sachet', 'sachets', 'beutel', 'sobre', 'sobres', 'saqueta', 'saquetas', 'saszetka', 'saszetki', 'saszetek'],
    forms: {
      it: { one: 'bustina', other: 'bustine' },
      en: { one: 'sachet', other: 'sachets' },
      de: { one: 'Beutel', other: 'Beutel' },
      fr: { one: 'sachet', other: 'sachets' },
      es: { one: 'sobre', other: 'sobres' },
      pt: { one: 'saqueta', other: 'saquetas' },
      nl: { one: 'sachet', other: 'sachets' },
      pl: { one: 'saszetka', few: 'saszetki', many: 'saszetek', other: 'saszetki' },
    },
  },
  {
    spellings: ['supposta', 'supposte', 'suppository', 'suppositories', 'zäpfchen', 'suppositoire', 'suppositoires', 'supositorio', 'supositorios', 'czopek', 'czopki', 'czopków'],
    forms: {
      it: { one: 'supposta', other: 'supposte' },
      en: { one: 'suppository', other: 'suppositories' },
      de: { one: 'Zäpfchen', other: 'Zäpfchen' },
      fr: { one: 'suppositoire', other: 'suppositoires' },
      es: { one: 'supositorio', other: 'supositorios' },
      pt: { one: 'supositório', other: 'supositórios' },
      nl: { one: 'zetpil', other: 'zetpillen' },
      pl: { one: 'czopek', few: 'czopki', many: 'czopków', other: 'czopki' },
    },
  },
  {
    spellings: ['cerotto', 'cerotti', 'patch', 'patches', 'pflaster', 'parche', 'parches', 'plaster', 'plastry', 'plastrów'],
    forms: {
      it: { one: 'cerotto', other: 'cerotti' },
      en: { one: 'patch', other: 'patches' },
      de: { one: 'Pflaster', other: 'Pflaster' },
      fr: { one: 'patch', other: 'patchs' },
      es: { one: 'parche', other: 'parches' },
      pt: { one: 'adesivo', other: 'adesivos' },
      nl: { one: 'pleister', other: 'pleisters' },
      pl: { one: 'plaster', few: 'plastry', many: 'plastrów', other: 'plastry' },
    },
  },
];

const BY_SPELLING: ReadonlyMap<string, CountNoun> = new Map(NOUNS.flatMap((noun) => noun.spellings.map((s): [string, CountNoun] => [s, noun])));

const PLURALS = new Map<string, Intl.PluralRules>();

function pluralOf(amount: string, locale: string): Intl.LDMLPluralRule {
  let rules = PLURALS.get(locale);
  if (rules === undefined) {
    rules = new Intl.PluralRules(locale);
    PLURALS.set(locale, rules);
  }
  return rules.select(Number(amount));
}

/** "compresse" for 20 in en-GB → "tablets"; a noun the list does not know comes back as written. */
export function countNoun(noun: string, amount: string, language: string, locale: string): string {
  const known = BY_SPELLING.get(noun.toLocaleLowerCase(locale));
  const forms = known?.forms[language];
  if (forms === undefined) return noun;
  return forms[pluralOf(amount, locale)] ?? forms.other;
}
