// Content-quality benchmark: every product fixture (test/fixtures/products, ≥ 50 real-shaped
// records) through each engine in five countries, judged by the service's own deterministic
// checks. Per engine: fields withheld, checks failed by kind, key-feature counts, attributes found
// (and how many are measurements read from free text), and for a configured model its calls and
// tokens, against the scripted fake model on loopback (test/fakes/llm): a careful writer, so what
// its rows show is the pipeline's overhead and the checks' false alarms, not a model's quality.
//
// Run: node bench/quality.ts                      (BENCH_WRITE=1 writes results/quality.md)
// With QUALITY_BASELINE=<checkout of an older commit> the older template engine is a row too,
// judged by today's checks: the before-and-after comparator in the same run.
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import type { CountryContent } from '../src/domain/content.ts';
import type { Fact } from '../src/domain/facts.ts';
import { MEASUREMENT_ORDER } from '../src/generation/template/measurement-labels.ts';
import { createAgentEngines } from '../src/generation/ai/agent-engines.ts';
import { claimKind, verifyRecord, WITHHELD } from '../src/generation/ai/verify-record.ts';
import { tagFactLanguages } from '../src/generation/fact-languages.ts';
import { createTemplateEngine } from '../src/generation/template/engine.ts';
import { createMetrics } from '../src/metrics.ts';
import type { ContentEngine } from '../src/domain/generation-ports.ts';
import { startFakeOpenAiCompatible } from '../test/fakes/llm/openai-compatible-server.ts';
import { productWriter } from '../test/fakes/llm/product-writer.ts';
import { readProductFixtures, type ProductFixture } from '../test/fakes/product-fixtures.ts';
import { fixtureFacts } from './fixture-facts.ts';

const TARGETS = [
  { country: 'it', language: 'it' },
  { country: 'de', language: 'de' },
  { country: 'fr', language: 'fr' },
  { country: 'es', language: 'es' },
  { country: 'gb', language: 'en' },
];

interface Row {
  label: string;
  records: number;
  failed: number;
  withheld: number;
  /** Withheld fields by the check that withheld them, read from the record's messages. */
  withheldBy: Map<string, number>;
  checks: Map<string, number>;
  features: number[];
  attributes: number[];
  measurements: number[];
  calls: number;
  tokensIn: number;
  tokensOut: number;
}

type Prepare = (fixture: ProductFixture) => Promise<Fact[]>;

async function run(label: string, engine: ContentEngine, prepare: Prepare, agentModel: 'v1' | 'v2'): Promise<Row> {
  const row: Row = {
    label,
    records: 0,
    failed: 0,
    withheld: 0,
    withheldBy: new Map(),
    checks: new Map(),
    features: [],
    attributes: [],
    measurements: [],
    calls: 0,
    tokensIn: 0,
    tokensOut: 0,
  };
  for (const fixture of readProductFixtures()) {
    const facts = await prepare(fixture);
    const codeType = fixture.category === 'medicine' ? 'minsan' : 'ean';
    let content: CountryContent[];
    try {
      const output = await engine.generate({
        product: { id: fixture.slug, code: fixture.code, codeType, sku: null, productHandle: null, title: null, brand: null, description: null, images: [] },
        facts,
        notes: null,
        agentModel,
        targets: TARGETS,
        fields: null,
        existing: [],
      });
      content = output.content;
      row.calls += output.usage.calls;
      row.tokensIn += output.usage.tokens_in;
      row.tokensOut += output.usage.tokens_out;
    } catch {
      row.failed += 1;
      continue;
    }
    const kind = claimKind(facts, codeType);
    for (const record of content) {
      row.records += 1;
      for (const { message } of record.validation_issues.filter((i) => i.message.endsWith('the text was withheld.'))) {
        row.withheld += 1;
        const by = withheldCheck(message);
        row.withheldBy.set(by, (row.withheldBy.get(by) ?? 0) + 1);
      }
      // Judged by today's checks, whatever engine wrote it: what the service would withhold.
      for (const problem of await verifyRecord(record, { facts, kind })) {
        const key = WITHHELD.has(problem.check) ? problem.check : `${problem.check} (kept)`;
        row.checks.set(key, (row.checks.get(key) ?? 0) + 1);
      }
      row.features.push(record.key_features.length);
      row.attributes.push(Object.keys(record.global_attr).length);
      row.measurements.push(Object.keys(record.global_attr).filter((name) => (MEASUREMENT_ORDER as readonly string[]).includes(name)).length);
    }
  }
  return row;
}

/** The check behind a "…; the text was withheld." message (settleProblems in verify-record.ts). */
function withheldCheck(message: string): string {
  if (/is written in \w+, but this record must be in/.test(message)) return 'language';
  if (/claims ".*" \(.+\), which no fact states/.test(message)) return 'label claim';
  if (/no fact states|which is not the id of any fact/.test(message)) return 'ungrounded';
  if (/health|medic|cure|disease/i.test(message)) return 'health claim';
  return 'refusal or other';
}

const mean = (values: readonly number[]) => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);
const share = (values: readonly number[], test: (n: number) => boolean) => values.filter(test).length;

function table(rows: readonly Row[]): string {
  const kinds = [...new Set(rows.flatMap((r) => [...r.checks.keys()]))].sort();
  const withheldKinds = [...new Set(rows.flatMap((r) => [...r.withheldBy.keys()]))].sort();
  const head = [
    'engine',
    'records',
    'products failed',
    'fields withheld',
    ...withheldKinds.map((k) => `withheld: ${k}`),
    ...kinds.map((k) => `check: ${k}`),
    'key features (mean)',
    'records with < 3',
    'records with 7',
    'attributes (mean)',
    'measurement attributes (mean)',
    'calls',
    'tokens in',
    'tokens out',
  ];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const r of rows) {
    lines.push(
      `| ${[
        r.label,
        r.records,
        r.failed,
        r.withheld,
        ...withheldKinds.map((k) => r.withheldBy.get(k) ?? 0),
        ...kinds.map((k) => r.checks.get(k) ?? 0),
        mean(r.features).toFixed(2),
        share(r.features, (n) => n < 3),
        share(r.features, (n) => n === 7),
        mean(r.attributes).toFixed(2),
        mean(r.measurements).toFixed(2),
        r.calls,
        r.tokensIn,
        r.tokensOut,
      ].join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

async function baselineRow(root: string): Promise<Row> {
  const at = (file: string) => path.resolve(root, file);
  const { createTemplateEngine: oldTemplate } = (await import(at('src/generation/template/engine.ts'))) as { createTemplateEngine: () => ContentEngine };
  const { openFoodFactsRecordToFacts } = (await import(at('src/sources/open-food-facts-facts.ts'))) as { openFoodFactsRecordToFacts: (r: unknown, c: object) => Fact[] };
  const { icecatRecordToFacts } = (await import(at('src/sources/icecat-facts.ts'))) as { icecatRecordToFacts: (r: unknown, c: object) => Fact[] };
  const { aifaRecordToFacts } = (await import(at('src/sources/aifa/aifa-record.ts'))) as { aifaRecordToFacts: (r: unknown, c: object) => Fact[] };
  const { catalogueRecordToFacts } = (await import(at('src/sources/catalogue/catalogue-record.ts'))) as { catalogueRecordToFacts: (r: unknown, c: object) => Fact[] };
  const mappers: Record<string, (r: unknown, c: object) => Fact[]> = {
    open_food_facts: openFoodFactsRecordToFacts,
    icecat: icecatRecordToFacts,
    aifa: aifaRecordToFacts,
    catalogue: catalogueRecordToFacts,
  };
  const prepare: Prepare = async (fixture) => {
    const mapper = mappers[fixture.source];
    if (mapper === undefined) throw new Error(`no mapper for ${fixture.source}`);
    return mapper(fixture.record, { code: fixture.code, fetchedAt: fixture.fetched_at });
  };
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    // an exported tree, not a checkout
  }
  return run(`template, before (${process.env.QUALITY_BASELINE_LABEL ?? commit})`, oldTemplate(), prepare, 'v2');
}

const rows: Row[] = [];
const baseline = process.env.QUALITY_BASELINE;
if (baseline !== undefined && baseline !== '') rows.push(await baselineRow(baseline));
// As the service gives them: untagged facts take their source's language first (gather-facts.ts).
const prepared: Prepare = (fixture) => tagFactLanguages(fixtureFacts(fixture));
rows.push(await run('template (v1 and v2 with no model)', createTemplateEngine(), prepared, 'v2'));

const fake = await startFakeOpenAiCompatible({ script: productWriter() });
try {
  const config = loadConfig({
    AGENT_V1_MODEL: 'openai-compatible:bench-writer',
    AGENT_V1_BASE_URL: fake.baseURL,
    AGENT_V1_API_KEY: 'bench-key',
    AGENT_V2_MODEL: 'openai-compatible:bench-writer',
    AGENT_V2_BASE_URL: fake.baseURL,
    AGENT_V2_API_KEY: 'bench-key',
    AGENT_V2_IMAGES: 'off',
    AGENT_CHECK_AT_START: 'off',
    FETCH_ALLOWED_HOSTS: new URL(fake.baseURL).host,
  });
  const agents = await createAgentEngines(config, {
    metrics: createMetrics(),
    logger: pino({ level: 'silent' }),
    template: createTemplateEngine(),
    loadImage: () => Promise.reject(new Error('no pictures in the quality benchmark')),
  });
  rows.push(await run('v1, scripted model on loopback', agents.engine, prepared, 'v1'));
  rows.push(await run('v2, scripted model on loopback (critic on)', agents.engine, prepared, 'v2'));
} finally {
  await fake.close();
}

const products = readProductFixtures().length;
const page = `# Content quality

\`node bench/quality.ts\` (\`QUALITY_BASELINE=<checkout>\` adds an older template engine as a row).
${products} product fixtures (${[...new Set(readProductFixtures().map((f) => f.category))].join(', ')}) in ${TARGETS.length} countries
(${TARGETS.map((t) => t.country).join(', ')}), every record judged by the service's deterministic checks (language, length, refusal, health
and label claims, grounding). \`fields withheld\`: what a model engine withheld after its repair rounds; the template
engine withholds nothing, and its check columns count what the checks would find in it. The scripted model writes
carefully from the facts, so its rows measure the pipeline (calls, tokens, false alarms), not a real model.

Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, load ${loadavg()
  .map((n) => n.toFixed(2))
  .join(' ')} at the end of the run. Node ${process.version}.

${table(rows)}
`;
process.stdout.write(page);
if (process.env.BENCH_WRITE === '1') await writeFile(new URL('./results/quality.md', import.meta.url), page);
