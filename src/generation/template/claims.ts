// Medicines: no promotional superlatives (EU rules on medicine advertising). Sentences and bullets
// from sources that contain one are left out of a medicine's text. Pure.
const SUPERLATIVES = new RegExp(
  [
    String.raw`\bbest\b`, 'number one', String.raw`\bno\.?\s?1\b`, '#1', 'most effective', 'miracle', 'miracul', 'guaranteed', 'revolutionary', 'unbeatable',
    'il miglior', 'la migliore', String.raw`\bmiglior[ei]?\b`, 'più venduto', 'più efficace', String.raw`\bn\.?\s?1\b`, 'numero uno', 'miracolos', 'garantit', 'rivoluzionari', 'straordinari', 'imbattibile',
    'der beste', 'die beste', 'das beste', 'meistverkauft', 'wirksamste', 'wunder',
    'le meilleur', 'la meilleure', 'n°1', 'miracul', 'révolutionnaire',
    'el mejor', 'la mejor', 'más vendido', 'milagr',
    'o melhor', 'a melhor', 'mais vendido',
    'de beste', 'meest verkochte', 'wondermiddel',
    'najlepsz', 'cudown',
  ].join('|'),
  'iu',
);

export function isPromotional(text: string): boolean {
  return SUPERLATIVES.test(text);
}
