// How well generation classifies products into Google's product taxonomy, on the hand-labelled
// set in bench/categories-products.json (see its `about`). Offline and quick (no database, no
// server): it runs the pure classifier and the rule each engine applies (choose-category.ts).
//
//   node bench/categories.ts                      # prints the tables
//   BENCH_WRITE=1 node bench/categories.ts        # and writes bench/results/categories.md
//   BENCH_MIN_CONFIDENCE=0.6 node bench/categories.ts
//   BENCH_SHOW=tuning node bench/categories.ts    # also lists the tuning half's misses
//
// Engines measured:
// - template: the first candidate when the confidence reaches GENERATION_CATEGORY_MIN_CONFIDENCE.
// - model, careful fake: the fake provider of the tests (test/fakes/llm/product-writer.ts) picks
//   the first candidate it is shown, whatever the confidence. That is the template ranking with
//   no threshold: it measures what the candidates give a model that trusts the order, not a model.
// - model, perfect picker: picks the label when it is among the candidates (or a candidate is its
//   parent or child), else none. The ceiling of any model choosing among the candidates: it
//   measures whether the right category is on the list, not how a real model chooses.
import { readFileSync, writeFileSync } from 'node:fs';
import { callerFacts } from '../src/domain/caller-facts.ts';
import { chooseCategory, DEFAULT_CATEGORY_MIN_CONFIDENCE } from '../src/domain/categories/choose-category.ts';
import { classifyProduct, type Classification } from '../src/domain/categories/classify-product.ts';
import type { GoogleTaxonomy } from '../src/domain/categories/google-taxonomy.ts';
import { factId, type Fact, type FactKey } from '../src/domain/facts.ts';
import { googleTaxonomy } from '../src/reference-data/google-taxonomy-files.ts';

interface LabelledProduct {
  id: string;
  split: 'held_out' | 'tuning';
  area: string;
  code_type: 'ean' | 'minsan' | null;
  caller: { title?: string; brand?: string; description?: string };
  /** [source, key or "attribute:<name>", value, language] */
  facts: Array<[string, string, string, string | null]>;
  label: string;
  label_path: string;
}

const FIXTURE = new URL('./categories-products.json', import.meta.url);
const AT = '2026-01-01T00:00:00.000Z';

export function loadLabelledProducts(): LabelledProduct[] {
  return (JSON.parse(readFileSync(FIXTURE, 'utf8')) as { products: LabelledProduct[] }).products;
}

/** The facts a generation would gather for the product: the caller's first, then the sources', ids as the sources make them. */
export function factsOf(product: LabelledProduct): Fact[] {
  const facts = callerFacts({ title: product.caller.title ?? null, brand: product.caller.brand ?? null, description: product.caller.description ?? null, images: [] }, AT);
  const seen = new Map<string, number>();
  for (const [source, keyed, value, language] of product.facts) {
    const [key, attribute] = keyed.startsWith('attribute:') ? ['attribute' as FactKey, keyed.slice('attribute:'.length)] : [keyed as FactKey, undefined];
    const base = factId(source, key, { attribute, language });
    const index = seen.get(base) ?? 0;
    seen.set(base, index + 1);
    facts.push({
      id: factId(source, key, { attribute, language, index }),
      key,
      ...(attribute === undefined ? {} : { attribute }),
      value,
      language,
      source,
      licence: null,
      fetchedAt: AT,
    });
  }
  return facts;
}

type Outcome = { predicted: string | null; label: string };

/** Same category, or one is the other's parent. */
function leafOrParent(taxonomy: GoogleTaxonomy, predicted: string, label: string): boolean {
  return predicted === label || taxonomy.get(label)?.parentId === predicted || taxonomy.get(predicted)?.parentId === label;
}

function sameTop(taxonomy: GoogleTaxonomy, predicted: string, label: string): boolean {
  return taxonomy.lineage(predicted)[0] === taxonomy.lineage(label)[0];
}

interface Row {
  n: number;
  classified: number;
  topRight: number;
  leafOrParentRight: number;
  exact: number;
  empty: number;
  wrongTop: number;
  wrongLeafOrParent: number;
}

function tally(taxonomy: GoogleTaxonomy, outcomes: readonly Outcome[]): Row {
  const row: Row = { n: outcomes.length, classified: 0, topRight: 0, leafOrParentRight: 0, exact: 0, empty: 0, wrongTop: 0, wrongLeafOrParent: 0 };
  for (const { predicted, label } of outcomes) {
    if (predicted === null) {
      row.empty += 1;
      continue;
    }
    row.classified += 1;
    if (sameTop(taxonomy, predicted, label)) row.topRight += 1;
    else row.wrongTop += 1;
    if (leafOrParent(taxonomy, predicted, label)) row.leafOrParentRight += 1;
    else row.wrongLeafOrParent += 1;
    if (predicted === label) row.exact += 1;
  }
  return row;
}

const pct = (part: number, whole: number) => (whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)} %`);

function tableRow(name: string, row: Row): string {
  return `| ${name} | ${row.n} | ${pct(row.classified, row.n)} | ${pct(row.topRight, row.classified)} | ${pct(row.leafOrParentRight, row.classified)} | ${pct(row.exact, row.classified)} | ${row.empty} | ${row.wrongTop} | ${row.wrongLeafOrParent} |`;
}

const HEADER = [
  '| engine, half | products | classified | top level right | leaf or parent right | exact | left empty | wrong top level | wrong leaf or parent |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
];

type Engine = { name: string; decide(classification: Classification, label: string): string | null };

function engines(taxonomy: GoogleTaxonomy, minConfidence: number): Engine[] {
  const chosen = (choice: ReturnType<typeof chooseCategory>) => (choice.kind === 'chosen' ? choice.id : null);
  return [
    { name: 'template', decide: (c) => chosen(chooseCategory(c, minConfidence)) },
    { name: 'model, careful fake', decide: (c) => chosen(chooseCategory(c, minConfidence, c.candidates[0]?.id ?? null)) },
    {
      name: 'model, perfect picker',
      decide: (c, label) => chosen(chooseCategory(c, minConfidence, c.candidates.find((candidate) => leafOrParent(taxonomy, candidate.id, label))?.id ?? null)),
    },
  ];
}

function main(): void {
  const taxonomy = googleTaxonomy();
  const minConfidence = Number(process.env.BENCH_MIN_CONFIDENCE ?? DEFAULT_CATEGORY_MIN_CONFIDENCE);
  const products = loadLabelledProducts();
  for (const p of products) {
    const path = taxonomy.path(p.label, 'en').join(' > ');
    if (path !== p.label_path) throw new Error(`${p.id}: label ${p.label} is "${path}", not "${p.label_path}"`);
  }
  const started = performance.now();
  const classified = products.map((p) => ({ product: p, classification: classifyProduct(taxonomy, { facts: factsOf(p), codeType: p.code_type }) }));
  const msPerProduct = (performance.now() - started) / products.length;

  const lines: string[] = [];
  lines.push(
    `Threshold (GENERATION_CATEGORY_MIN_CONFIDENCE): ${minConfidence}. ${products.length} products; ${msPerProduct.toFixed(2)} ms per product to classify (first call builds the indexes).`,
    '',
  );
  lines.push(...HEADER);
  for (const engine of engines(taxonomy, minConfidence)) {
    for (const split of ['held_out', 'tuning', 'all'] as const) {
      const subset = classified.filter((c) => split === 'all' || c.product.split === split);
      if (subset.length === 0) continue;
      const outcomes = subset.map((c) => ({ predicted: engine.decide(c.classification, c.product.label), label: c.product.label }));
      lines.push(tableRow(`${engine.name}, ${split.replace('_', '-')}`, tally(taxonomy, outcomes)));
    }
  }
  lines.push('', '### Template engine by area (both halves)', '', ...HEADER);
  const template = engines(taxonomy, minConfidence)[0];
  for (const area of [...new Set(products.map((p) => p.area))]) {
    const subset = classified.filter((c) => c.product.area === area);
    if (template === undefined) break;
    lines.push(
      tableRow(
        `template, ${area}`,
        tally(
          taxonomy,
          subset.map((c) => ({ predicted: template.decide(c.classification, c.product.label), label: c.product.label })),
        ),
      ),
    );
  }
  lines.push('', '### Threshold sweep, template engine', '', '| threshold | half | classified | top level right | leaf or parent right |', '|---:|---|---:|---:|---:|');
  for (const threshold of [0.3, 0.4, 0.5, 0.6, 0.7]) {
    for (const split of ['held_out', 'tuning'] as const) {
      const subset = classified.filter((c) => c.product.split === split);
      if (subset.length === 0) continue;
      const row = tally(
        taxonomy,
        subset.map((c) => ({
          predicted: chooseCategory(c.classification, threshold).kind === 'chosen' ? (c.classification.candidates[0]?.id ?? null) : null,
          label: c.product.label,
        })),
      );
      lines.push(
        `| ${threshold} | ${split.replace('_', '-')} | ${pct(row.classified, row.n)} | ${pct(row.topRight, row.classified)} | ${pct(row.leafOrParentRight, row.classified)} |`,
      );
    }
  }
  const text = lines.join('\n');
  console.log(text);

  // Misses are listed for the tuning half only (the held-out half is never tuned on), unless asked.
  const show = process.env.BENCH_SHOW;
  if (show !== undefined) {
    console.log('\nMisses (template engine):');
    for (const { product, classification } of classified) {
      if (show !== 'all' && product.split !== show) continue;
      const predicted = template?.decide(classification, product.label) ?? null;
      if (predicted !== null && leafOrParent(taxonomy, predicted, product.label)) continue;
      const candidates = classification.candidates.map((c) => `${c.id} ${taxonomy.path(c.id, 'en').slice(-1)[0]} (${c.score})`).join('; ');
      console.log(
        `${product.id} label ${product.label} ${product.label_path.split(' > ').slice(-1)[0]} | got ${predicted ?? 'none'} conf ${classification.confidence} | ${candidates}`,
      );
    }
  }
  if (process.env.BENCH_WRITE === '1') writeResults(text);
}

function writeResults(table: string): void {
  const url = new URL('./results/categories.md', import.meta.url);
  const head = readFileSync(url, 'utf8').split('<!-- results -->')[0] ?? '';
  writeFileSync(url, `${head}<!-- results -->\n\n${table}\n`);
}

if (import.meta.main) main();
