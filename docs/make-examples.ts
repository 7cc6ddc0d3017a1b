// Writes docs/examples.md: twelve fixture products in five countries, the records the template
// engine wrote before the content-quality work (issue #15) beside the ones it writes now, so a
// reader can see the difference.
// Run: node docs/make-examples.ts
// The "before" records are a snapshot, docs/examples-before.json, written from an older checkout
// with EXAMPLES_BASELINE=<path to it> node docs/make-examples.ts (then biome format --write it).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fixtureFacts } from '../bench/fixture-facts.ts';
import type { CountryContent } from '../src/domain/content.ts';
import type { Fact } from '../src/domain/facts.ts';
import { tagFactLanguages } from '../src/generation/fact-languages.ts';
import { createTemplateEngine } from '../src/generation/template/engine.ts';
import type { ContentEngine } from '../src/domain/generation-ports.ts';
import { readProductFixtures, type ProductFixture } from '../test/fakes/product-fixtures.ts';

const SLUGS = [
  'electronics-philips-led-classic-e27-9w-806lm',
  'household-philips-led-lampe-e27-8w',
  'electronics-anker-powercore-10000-pd-redux',
  'electronics-samsung-crystal-uhd-55-cu7100',
  'electronics-samsung-galaxy-buds2-pro',
  'electronics-jbl-flip-6-portable-speaker',
  'household-excelsa-tazza-mug-gres-350ml',
  'household-keepcup-original-340ml',
  'food-gallo-espaguetis-integrales-ecologicos-450g',
  'food-rummo-penne-rigate-66-500g',
  'cosmetics-garnier-eau-micellaire-400ml',
  'medicine-tachipirina-500-20-compresse',
];
const TARGETS = [
  { country: 'it', language: 'it' },
  { country: 'de', language: 'de' },
  { country: 'fr', language: 'fr' },
  { country: 'es', language: 'es' },
  { country: 'gb', language: 'en' },
];
const SNAPSHOT = new URL('./examples-before.json', import.meta.url);

/** The fields the page shows, all a snapshot keeps. */
type Shown = Pick<CountryContent, 'country' | 'language' | 'title' | 'key_features' | 'global_attr'> & { validation_messages: string[] };
type Snapshot = Record<string, Shown[]>;

function shown(record: CountryContent): Shown {
  const { country, language, title, key_features, global_attr, validation_issues } = record;
  return { country, language, title, key_features, global_attr, validation_messages: validation_issues.map((i) => i.message) };
}

async function write(engine: ContentEngine, fixture: ProductFixture, facts: Fact[]): Promise<CountryContent[]> {
  const output = await engine.generate({
    product: {
      id: fixture.slug,
      code: fixture.code,
      codeType: fixture.source === 'aifa' ? 'minsan' : 'ean',
      sku: null,
      productHandle: null,
      title: null,
      brand: null,
      description: null,
      images: [],
    },
    facts,
    notes: null,
    agentModel: 'v2',
    targets: TARGETS,
    fields: null,
    existing: [],
  });
  return output.content;
}

/** The older engine's records, from its own mappers and engine, saved as the snapshot. */
async function snapshotFrom(root: string, fixtures: readonly ProductFixture[]): Promise<Snapshot> {
  const at = (file: string) => path.resolve(root, file);
  const { createTemplateEngine: oldTemplate } = (await import(at('src/generation/template/engine.ts'))) as { createTemplateEngine: () => ContentEngine };
  const mappers: Record<string, (record: unknown, context: object) => Fact[]> = {
    open_food_facts: ((await import(at('src/sources/open-food-facts-facts.ts'))) as { openFoodFactsRecordToFacts: (r: unknown, c: object) => Fact[] }).openFoodFactsRecordToFacts,
    icecat: ((await import(at('src/sources/icecat-facts.ts'))) as { icecatRecordToFacts: (r: unknown, c: object) => Fact[] }).icecatRecordToFacts,
    aifa: ((await import(at('src/sources/aifa/aifa-record.ts'))) as { aifaRecordToFacts: (r: unknown, c: object) => Fact[] }).aifaRecordToFacts,
    catalogue: ((await import(at('src/sources/catalogue/catalogue-record.ts'))) as { catalogueRecordToFacts: (r: unknown, c: object) => Fact[] }).catalogueRecordToFacts,
  };
  const engine = oldTemplate();
  const snapshot: Snapshot = {};
  for (const fixture of fixtures) {
    const mapper = mappers[fixture.source];
    if (mapper === undefined) throw new Error(`no mapper for ${fixture.source}`);
    snapshot[fixture.slug] = (await write(engine, fixture, mapper(fixture.record, { code: fixture.code, fetchedAt: fixture.fetched_at }))).map(shown);
  }
  return snapshot;
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', '<br>');
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

function rows(before: Shown | undefined, after: Shown): string {
  const row = (name: string, value: (r: Shown) => string) => `| ${name} | ${cell(before === undefined ? '' : value(before))} | ${cell(value(after))} |`;
  return [
    '| field | before | after |',
    '|---|---|---|',
    row('title', (r) => r.title ?? ''),
    row('key_features', (r) => r.key_features.map((f) => `• ${f}`).join('\n')),
    row('global_attr', (r) =>
      Object.entries(r.global_attr)
        .map(([k, v]) => `${k}: ${clip(v, 60)}`)
        .join('\n'),
    ),
    row('validation_messages', (r) => r.validation_messages.join('\n')),
  ].join('\n');
}

const fixtures = SLUGS.map((slug) => {
  const fixture = readProductFixtures().find((f) => f.slug === slug);
  if (fixture === undefined) throw new Error(`missing fixture ${slug}`);
  return fixture;
});
const baseline = process.env.EXAMPLES_BASELINE;
if (baseline !== undefined && baseline !== '') await writeFile(SNAPSHOT, `${JSON.stringify(await snapshotFrom(baseline, fixtures), null, 2)}\n`);
const before = JSON.parse(await readFile(SNAPSHOT, 'utf8')) as Snapshot;

const engine = createTemplateEngine();
let page = `# Twelve products in five countries, before and after

Written by \`node docs/make-examples.ts\` from the fixtures in \`test/fixtures/products/\`, through each
source's real mapper and the offline template engine (no LLM, no network), in Italy, Germany,
France, Spain and the United Kingdom. **Before**: the engine before the content-quality work of
issue #15 (snapshot \`docs/examples-before.json\`). **After**: the engine now, given the facts as the
service gives them (untagged text takes its source's language). Every number and attribute in a
record is in the facts; the \`sources\` of each field (not shown) name the fact ids. Text that exists
only in another language is used as it is and flagged, never translated.

What to look for: measurements read from free text (the bulbs' power, luminous flux and colour
temperature, the power bank's capacity and size, the TV's screen size and energy class), key
features built from them where the text gives fewer than three, no \`Language: en\` attribute,
the mug's 350 ml as a capacity rather than a pack content, and untagged values shown under another
language's labels said in the messages.
`;

for (const fixture of fixtures) {
  const facts = await tagFactLanguages(fixtureFacts(fixture));
  const after = await write(engine, fixture, facts);
  page += `\n## ${fixture.slug}\n\n${fixture.source}, code ${fixture.code}. ${fixture.origin ?? ''}\n`;
  for (const record of after) {
    const old = before[fixture.slug]?.find((r) => r.country === record.country);
    page += `\n### ${record.country} (${record.language})\n\n${rows(old, shown(record))}\n`;
  }
}

await writeFile(new URL('./examples.md', import.meta.url), page);
process.stdout.write('wrote docs/examples.md\n');
