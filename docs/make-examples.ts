// Writes docs/examples.md: three fixture products, their source facts, and the records the
// template engine writes from them in two languages, so a reader can judge the output.
// Run: node docs/make-examples.ts
import { writeFile } from 'node:fs/promises';
import type { CountryContent } from '../src/domain/content.ts';
import type { Fact } from '../src/domain/facts.ts';
import { createTemplateEngine } from '../src/generation/template/engine.ts';
import { aifaRecordToFacts } from '../src/sources/aifa/aifa-record.ts';
import { icecatRecordToFacts } from '../src/sources/icecat-facts.ts';
import { openFoodFactsRecordToFacts } from '../src/sources/open-food-facts-facts.ts';
import { readProductFixtures, type ProductFixture } from '../test/fakes/product-fixtures.ts';

const EXAMPLES: { slug: string; targets: { country: string; language: string }[] }[] = [
  {
    slug: 'food-ferrero-nutella-400g',
    targets: [
      { country: 'it', language: 'it' },
      { country: 'de', language: 'de' },
    ],
  },
  {
    slug: 'medicine-tachipirina-500-20-compresse',
    targets: [
      { country: 'it', language: 'it' },
      { country: 'fr', language: 'fr' },
    ],
  },
  {
    slug: 'electronics-sony-wh-1000xm5-headphones',
    targets: [
      { country: 'gb', language: 'en' },
      { country: 'es', language: 'es' },
    ],
  },
];

function factsOf(fixture: ProductFixture): Fact[] {
  const context = { code: fixture.code, fetchedAt: fixture.fetched_at };
  switch (fixture.source) {
    case 'open_food_facts':
      return openFoodFactsRecordToFacts(fixture.record, context);
    case 'icecat':
      return icecatRecordToFacts(fixture.record, context);
    case 'aifa':
      return aifaRecordToFacts(fixture.record as Record<string, unknown>, context);
    default:
      throw new Error(`no mapper for ${fixture.source}`);
  }
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', '<br>');
const clip = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max)}…` : text);

function recordTable(records: CountryContent[]): string {
  const head = `| field | ${records.map((r) => `${r.country} (${r.language})`).join(' | ')} |\n|---|${records.map(() => '---').join('|')}|`;
  const row = (name: string, value: (r: CountryContent) => string) => `| ${name} | ${records.map((r) => cell(value(r))).join(' | ')} |`;
  return [
    head,
    row('title', (r) => r.title ?? ''),
    row('short_description', (r) => r.short_description ?? ''),
    row('description', (r) => r.description ?? ''),
    row('key_features', (r) => r.key_features.map((f) => `• ${f}`).join('\n')),
    row('global_attr', (r) =>
      Object.entries(r.global_attr)
        .map(([k, v]) => `${k}: ${clip(v, 80)}`)
        .join('\n'),
    ),
    row('title_tag', (r) => r.title_tag ?? ''),
    row('meta_description', (r) => r.meta_description ?? ''),
    row('meta_keywords', (r) => r.meta_keywords ?? ''),
    row('sources.title', (r) => (r.sources.title ?? []).join('\n')),
    row('validation_messages', (r) => r.validation_messages.join('\n')),
  ].join('\n');
}

const engine = createTemplateEngine();
const fixtures = readProductFixtures();
let page = `# Three generated records beside their source facts

Written by \`node docs/make-examples.ts\` from the fixtures in \`test/fixtures/products/\`, through
each source's real mapper and the offline template engine (no LLM, no network). Every number and
attribute in a record is in the facts; the \`sources\` of each field name the fact ids.
Text that exists only in another language is used as it is and flagged, never translated.\n`;

for (const example of EXAMPLES) {
  const fixture = fixtures.find((f) => f.slug === example.slug);
  if (fixture === undefined) throw new Error(`missing fixture ${example.slug}`);
  const facts = factsOf(fixture);
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
    targets: example.targets,
    fields: null,
    existing: [],
  });
  page += `\n## ${example.slug} (${fixture.source}, code ${fixture.code})\n\n### Facts\n\n| id | value | licence |\n|---|---|---|\n`;
  page += facts.map((f) => `| \`${f.id}\` | ${cell(clip(f.value))} | ${f.licence ?? ''} |`).join('\n');
  page += `\n\n### Records\n\nHandle: \`${output.productHandle ?? ''}\`\n\n${recordTable(output.content)}\n`;
}

await writeFile(new URL('./examples.md', import.meta.url), page);
process.stdout.write('wrote docs/examples.md\n');
