// The products the pipeline benchmarks send: EAN codes and what a food database answers for each.
import { benchEan } from './bench-codes.ts';
import { factId, type Fact, type FactKey } from '../src/domain/facts.ts';

export function codes(n: number): string[] {
  return Array.from({ length: n }, (_, i) => benchEan('80', i));
}

const BRANDS = ['Molino Rossi', 'Dolce Vita', 'Alpenhof', 'Casa Verde', 'Bontà Italiane'];
const NAMES: [string, string, string][] = [
  ['Biscotti al burro', 'Butterkekse', 'Farina di frumento, burro 18%, zucchero, uova, sale.'],
  ['Passata di pomodoro', 'Tomatenpassata', 'Pomodoro 99%, sale.'],
  ['Pasta di semola, fusilli', 'Fusilli aus Hartweizengrieß', 'Semola di grano duro, acqua.'],
  ['Crema spalmabile alle nocciole', 'Haselnusscreme', 'Zucchero, nocciole 13%, cacao magro 7,4%, latte scremato in polvere.'],
];

/** What a food database answers for one code: names in two languages, brand, quantity, categories, ingredients, allergens. */
export function factsFor(code: string, i: number, at: string): Fact[] {
  const [it, de, ingredients] = NAMES[i % NAMES.length] ?? NAMES[0] ?? ['', '', ''];
  const source = 'open_food_facts';
  const fact = (key: FactKey, value: string, language: string | null, index = 0): Fact => ({
    id: factId(source, key, { language, index }),
    key,
    value,
    language,
    source,
    licence: 'ODbL-1.0',
    fetchedAt: at,
    url: `https://world.openfoodfacts.org/product/${code}`,
  });
  return [
    fact('name', it, 'it'),
    fact('name', de, 'de'),
    fact('brand', BRANDS[i % BRANDS.length] ?? 'Casa Verde', null),
    fact('quantity', `${250 + (i % 4) * 250} g`, null),
    fact('kind', 'food', null),
    fact('category', 'Alimenti', 'it'),
    fact('category', 'Lebensmittel', 'de'),
    fact('ingredients', ingredients, 'it'),
    fact('allergens', 'glutine', 'it'),
  ];
}
