// Attribute fill-rate benchmark: every product fixture filled with the 20-attribute schema of
// test/fixtures/attribute-schema.ts by each engine, then scored per engine and family against the
// hand-checked answer key (attributes-answer-key.json): the share of attributes in scope filled,
// the share of fills that are correct, and the share of the key's values found.
//
// Engines: "checks only" (an empty record through the schema step: what the facts alone give),
// the template engine, and v1 / v2 against a fake OpenAI-compatible provider on loopback. The
// fake is a scripted "literal" model, not a real one: for each attribute of the schema it was
// sent, it copies the raw value of the first fact that looks like it ("Schwarz", "1.74 kg", "Vegan")
// and cites it, so what the v1/v2 rows measure is the service's checks and conversions of a
// model's answers, not a model's judgement.
import { readFile, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { attributesInScope } from '../src/domain/attributes/schema.ts';
import { emptyContent, type CountryContent } from '../src/domain/content.ts';
import { createAgentEngines } from '../src/generation/ai/agent-engines.ts';
import { createTemplateEngine } from '../src/generation/template/engine.ts';
import { createMetrics } from '../src/metrics.ts';
import { shapeRecords } from '../src/pipeline/fill-attributes.ts';
import type { ContentEngine, EngineInput } from '../src/domain/generation-ports.ts';
import type { FakeLlmReply } from '../test/fakes/llm/fake-llm.ts';
import { startFakeOpenAiCompatible } from '../test/fakes/llm/openai-compatible-server.ts';
import { type ParsedCall, productWriter, writeRecord } from '../test/fakes/llm/product-writer.ts';
import { type ProductFixture, readProductFixtures } from '../test/fakes/product-fixtures.ts';
import { FAMILY_OF_CATEGORY, FIXTURE_SCHEMA, fixtureFacts } from '../test/fixtures/attribute-schema.ts';

const key = JSON.parse(await readFile(new URL('./attributes-answer-key.json', import.meta.url), 'utf8')) as { products: Record<string, Record<string, string>> };
const fixtures = readProductFixtures();
const TARGET = { country: 'it', language: 'it' };

interface SchemaSeen {
  attribute_id: string;
  name: string;
}

/** The literal model's attributes: each schema attribute from the first fact named like it, raw. */
function literalAttributes(call: ParsedCall) {
  const data = /<product_data>\n([\s\S]*?)\n<\/product_data>/.exec(call.userText)?.[1];
  const schema = (data === undefined ? [] : ((JSON.parse(data) as { attribute_schema?: SchemaSeen[] }).attribute_schema ?? [])) as SchemaSeen[];
  const out: { name: string; value: string; fact_ids: string[] }[] = [];
  for (const attribute of schema) {
    const words = [attribute.attribute_id, attribute.attribute_id.split('_')[0] ?? ''];
    const fact =
      call.facts.find((f) => f.key === attribute.attribute_id) ??
      call.facts.find((f) => f.key.startsWith('attribute:') && words.some((w) => w !== '' && f.key.includes(w))) ??
      (attribute.attribute_id === 'net_weight' || attribute.attribute_id === 'volume' ? call.facts.find((f) => f.key === 'quantity') : undefined);
    if (fact !== undefined) out.push({ name: attribute.attribute_id, value: fact.value, fact_ids: [fact.id] });
  }
  return out;
}

function literalModel(call: ParsedCall): FakeLlmReply | undefined {
  if (call.step === 'generate') return { kind: 'json', value: { records: call.targets.map((t) => ({ ...writeRecord(call, t), attributes: literalAttributes(call) })) } };
  if (call.step === 'draft' || call.step === 'repair') return { kind: 'json', value: { ...writeRecord(call, call.targets[0] ?? TARGET), attributes: literalAttributes(call) } };
  return undefined;
}

function inputOf(fixture: ProductFixture, agentModel: 'v1' | 'v2'): EngineInput {
  const family = FAMILY_OF_CATEGORY[fixture.category];
  return {
    product: {
      id: fixture.slug,
      code: fixture.code,
      codeType: fixture.category === 'medicine' ? 'minsan' : 'ean',
      sku: null,
      productHandle: null,
      title: null,
      brand: null,
      description: null,
      images: [],
    },
    facts: fixtureFacts(fixture),
    notes: null,
    agentModel,
    targets: [TARGET],
    fields: null,
    existing: [],
    attributes: attributesInScope(FIXTURE_SCHEMA, family),
  };
}

interface Tally {
  inScope: number;
  filled: number;
  correct: number;
  expected: number;
  /** Values the engine itself wrote for attributes in scope, and those the checks refused. */
  proposed: number;
  refused: number;
}

function score(fixture: ProductFixture, written: CountryContent, record: CountryContent, tally: Tally): void {
  const expected = key.products[fixture.slug] ?? {};
  const inScope = attributesInScope(FIXTURE_SCHEMA, FAMILY_OF_CATEGORY[fixture.category]);
  tally.inScope += inScope.length;
  tally.expected += Object.keys(expected).length;
  for (const attribute of inScope) {
    if (written.global_attr[attribute.attribute_id] !== undefined) tally.proposed++;
    if (record.validation_issues.some((i) => i.check === 'attribute_value' && i.field === `global_attr.${attribute.attribute_id}`)) tally.refused++;
    const value = record.global_attr[attribute.attribute_id];
    if (value === undefined) continue;
    tally.filled++;
    const want = expected[attribute.attribute_id];
    if (want !== undefined && (want === '*' ? value !== '' : want === value)) tally.correct++;
  }
}

const familyName = (f: ProductFixture) => FIXTURE_SCHEMA.families.find((x) => x.id === FAMILY_OF_CATEGORY[f.category])?.family_id ?? '(none: household, medicine)';

async function run(name: string, write: (fixture: ProductFixture) => Promise<CountryContent>): Promise<Map<string, Tally>> {
  const tallies = new Map<string, Tally>();
  for (const fixture of fixtures) {
    const written = await write(fixture);
    const facts = fixtureFacts(fixture);
    const [record] = shapeRecords(FIXTURE_SCHEMA, FAMILY_OF_CATEGORY[fixture.category], [written], facts, null, []);
    if (record === undefined) throw new Error(`${name}: no record for ${fixture.slug}`);
    for (const group of [familyName(fixture), 'all']) {
      const tally = tallies.get(group) ?? { inScope: 0, filled: 0, correct: 0, expected: 0, proposed: 0, refused: 0 };
      score(fixture, written, record, tally);
      tallies.set(group, tally);
    }
  }
  return tallies;
}

async function viaEngine(engine: ContentEngine, fixture: ProductFixture, agentModel: 'v1' | 'v2'): Promise<CountryContent> {
  const output = await engine.generate(inputOf(fixture, agentModel));
  return output.content[0] ?? emptyContent(TARGET.country, TARGET.language);
}

const fake = await startFakeOpenAiCompatible({ apiKey: 'local-key', script: productWriter(literalModel) });
const model = 'openai-compatible:literal';
const config = loadConfig({
  AGENT_V1_MODEL: model,
  AGENT_V1_BASE_URL: fake.baseURL,
  AGENT_V1_API_KEY: 'local-key',
  AGENT_V2_MODEL: model,
  AGENT_V2_BASE_URL: fake.baseURL,
  AGENT_V2_API_KEY: 'local-key',
  AGENT_V2_IMAGES: 'off',
});
const template = createTemplateEngine();
const agents = await createAgentEngines(config, {
  metrics: createMetrics(),
  logger: pino({ level: 'silent' }),
  template,
  loadImage: async () => {
    throw new Error('no pictures in this benchmark');
  },
  backoffMs: () => 10,
});

const load = loadavg()
  .map((l) => l.toFixed(1))
  .join(', ');
const rows: string[] = [];
const started = performance.now();
const engines: Array<[string, (f: ProductFixture) => Promise<CountryContent>]> = [
  ['checks only (facts, no engine)', async () => emptyContent(TARGET.country, TARGET.language)],
  ['template', (f) => viaEngine(template, f, 'v2')],
  ['v1 (literal fake model)', (f) => viaEngine(agents.engine, f, 'v1')],
  ['v2 (literal fake model)', (f) => viaEngine(agents.engine, f, 'v2')],
];
for (const [name, write] of engines) {
  const tallies = await run(name, write);
  for (const [family, t] of [...tallies].sort(([a], [b]) => (a === 'all' ? 1 : b === 'all' ? -1 : a.localeCompare(b)))) {
    const pct = (n: number, d: number) => (d === 0 ? '–' : `${((100 * n) / d).toFixed(1)} %`);
    rows.push(
      `| ${name} | ${family} | ${t.inScope} | ${t.filled} (${pct(t.filled, t.inScope)}) | ${t.correct} (${pct(t.correct, t.filled)}) | ${pct(t.correct, t.expected)} of ${t.expected} | ${t.proposed} / ${t.refused} |`,
    );
  }
}
await fake.close();

const table = [
  `Attribute fill rate, ${fixtures.length} product fixtures, schema of ${FIXTURE_SCHEMA.attributes.length} attributes in ${FIXTURE_SCHEMA.families.length} families, country it. Load average at start: ${load}; run took ${Math.round((performance.now() - started) / 1000)} s.`,
  '',
  '| engine | family | attributes in scope | filled (share of in scope) | correct (share of filled) | key values found | values the engine wrote / refused by the checks |',
  '|---|---|---|---|---|---|---|',
  ...rows,
].join('\n');
console.log(table);
if (process.env.BENCH_WRITE === '1') await writeFile(new URL('./results/attributes.md', import.meta.url), `# Attribute fill rate (bench/attributes.ts)\n\n${table}\n`);
