// Keeps src/ layered: a module imports its own layer or the layers below it, never one above, and
// no import circles back. `npm run check` runs it (`depcruise src app --config .dependency-cruiser.ts`).
import type { IConfiguration, IForbiddenRuleType } from 'dependency-cruiser';

/** Lowest first. A folder is named by its path under src/ with a trailing slash, a file by its name. */
const LAYERS: readonly { name: string; paths: readonly string[] }[] = [
  // Pure rules and the interfaces (ports) the layers meet at; no I/O.
  { name: 'domain', paths: ['domain/'] },
  // Configuration, metrics, shutdown, and helpers that know nothing of the service (text, worker slots).
  { name: 'base', paths: ['config.ts', 'metrics.ts', 'teardown.ts', 'bounded-memo.ts', 'text/', 'queue/', 'reference-data/'] },
  { name: 'db', paths: ['db/'] },
  // The outside world: models and templates, data sources, media, webhook sending.
  { name: 'adapters', paths: ['generation/', 'sources/', 'media/', 'webhooks/'] },
  // Use cases a caller names (create, regenerate, read, accounts, webhooks…).
  { name: 'services', paths: ['services/'] },
  // The generation pipeline the workers run: claim, prepare, write, store, settle, requeue.
  { name: 'pipeline', paths: ['pipeline/'] },
  { name: 'jobs', paths: ['jobs/'] },
  { name: 'http', paths: ['http/'] },
  // Wiring and the processes' entry points.
  { name: 'entry', paths: ['container.ts', 'main.ts', 'cli/'] },
];

const escapeDots = (path: string) => path.replaceAll('.', '\\.');
/** `^src/(a/|b\.ts$)`: a folder matches what is under it, a file only itself. */
const under = (paths: readonly string[]) => `^src/(${paths.map((p) => (p.endsWith('/') ? escapeDots(p) : `${escapeDots(p)}$`)).join('|')})`;

const upwardRules: IForbiddenRuleType[] = LAYERS.slice(0, -1).map((layer, index) => ({
  name: `no-upward-from-${layer.name}`,
  comment: `${layer.name} imports only ${LAYERS.slice(0, index + 1)
    .map((l) => l.name)
    .join(', ')}: move what it needs from above down, or it into the layer above.`,
  severity: 'error',
  from: { path: under(layer.paths) },
  to: { path: under(LAYERS.slice(index + 1).flatMap((l) => l.paths)) },
}));

const layered = under(LAYERS.flatMap((l) => l.paths));

const config: IConfiguration = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A circle of imports has no bottom: move what both sides need into a module below them.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-stays-pure',
      comment: 'Domain code imports only domain code and libraries.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { dependencyTypes: ['local'], pathNot: '^src/domain/' },
    },
    ...upwardRules,
    {
      name: 'every-module-in-a-layer',
      comment: 'A module of src/ outside every layer escapes the rules above: add its folder or file to LAYERS.',
      severity: 'error',
      from: { path: '^src/', pathNot: layered },
      to: { path: '^src/' },
    },
    {
      name: 'every-import-in-a-layer',
      comment: 'A module of src/ outside every layer escapes the rules above: add its folder or file to LAYERS.',
      severity: 'error',
      from: { path: layered },
      to: { path: '^src/', pathNot: layered },
    },
    {
      name: 'app-uses-only-domain',
      comment: 'The review app runs in the browser: of the service it may share only the pure domain code.',
      severity: 'error',
      from: { path: '^app/' },
      to: { dependencyTypes: ['local'], pathNot: ['^app/', '^src/domain/'] },
    },
    {
      name: 'service-without-app',
      comment: 'The service does not import the review app; the app is served as files.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^app/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // swc parses TypeScript and counts type-only imports as arrows too: a type from a higher layer
    // ties the lower one to it. (dependency-cruiser's tsc parser needs TypeScript's JavaScript API,
    // which TypeScript 7 does not have.)
    parser: 'swc',
  },
};

export default config;
