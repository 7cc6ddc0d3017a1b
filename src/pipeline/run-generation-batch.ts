import { findAccountById, type AccountRow } from '../db/accounts.ts';
import { loadSchema } from '../db/attributes.ts';
import type { ContentRow } from '../db/content.ts';
import { findProductsByIds, listContentOf } from '../db/generation-batches.ts';
import { generationsAhead } from '../db/generation-queue.ts';
import type { GenerationRow } from '../db/generations.ts';
import type { ProductRow } from '../db/products.ts';
import type { AttributeSchema } from '../domain/attributes/schema.ts';
import { parseFieldRequests, type FieldRequest } from '../domain/regenerate-fields.ts';
import { DEFAULT_CATEGORY_MIN_CONFIDENCE } from '../domain/categories/choose-category.ts';
import { categoriesForEngine, planCategory, settleCategory } from './classify-category.ts';
import { fillAttributes, planAttributesWith, recordsForEngine } from './fill-attributes.ts';
import { gatherFactsEach, gatherFactsOf, recordNotes, type ProductFacts } from './gather-facts.ts';
import type { HeldClaim } from './generation-claim.ts';
import type { GenerationOutcome, RunGenerationDeps } from './generation-outcome.ts';
import { retryIfSourcesUnavailable, runUnderClaim } from './run-generation.ts';
import type { ReadyGeneration } from './store-generations.ts';
import { storeGroup, type PendingStore } from './store-queue.ts';
import { writeContent } from './write-content.ts';

export interface BatchDeps extends RunGenerationDeps {
  /** Whether a generation's engine is quick enough to run inside a batch (the template engine); the others run on their own. */
  batchable(generation: GenerationRow): boolean;
  /** Stores a generation that did not run inside a batch, as soon as it can (store-queue.ts). */
  storeReady(ready: ReadyGeneration): Promise<GenerationOutcome>;
}

/**
 * How long records that are ready wait for siblings still being written before they are stored
 * without them: a slow sibling must not hold the others back.
 */
const GROUP_WAIT_MS = 50;

/**
 * Runs generations a fetch claimed together, with what can be shared done once for them: one read
 * each of products, older generations, records and the shared source cache, the account's
 * languages and schema once per account, and, for a quick engine's generations, one transaction
 * storing every record (store-generations.ts). Every guarantee of runUnderClaim holds per
 * generation: claims are fenced per generation, and whatever is not the plain path (a missing
 * product, a generation waiting behind another of its product, a source that could not answer, an engine
 * error, a batch statement that failed) goes to the one-generation path under its claim, so it
 * neither fails nor rolls back its siblings. A transient error rejects that generation's outcome
 * with its claim given back (released for a retry), as runUnderClaim does.
 * Returns one outcome per claim, in order; each settles as soon as its generation does.
 */
export function runClaimedBatch(deps: BatchDeps, claims: readonly HeldClaim[]): Promise<GenerationOutcome>[] {
  const outcomes = runTogether(deps, claims);
  return claims.map((claim) => outcomes.get(claim.generation.id) ?? Promise.reject(new Error(`generation ${claim.generation.id} was claimed twice in one fetch`)));
}

/** What the batch read once for all its generations. */
interface Shared {
  products: Map<string, ProductRow>;
  waiting: Set<string>;
  existing: Map<string, ContentRow[]>;
  languages: Map<string, Readonly<Record<string, string>>>;
  schemas: Map<string, AttributeSchema>;
}

async function readShared(deps: BatchDeps, claims: readonly HeldClaim[]): Promise<Shared> {
  const ids = claims.map((c) => c.generation.id);
  const productIds = claims.map((c) => c.generation.product_id);
  // A generation's account is its product's: the account's reads need not wait for the products.
  const accountIds = [...new Set(claims.map((c) => c.generation.account_id))];
  // At once, each on a connection of its own: the batch's first model call waits for the slowest
  // read, not their sum. The accounts go one after another, so a batch of many accounts holds
  // two connections for them, not two per account.
  const [products, waiting, existing, accounts] = await Promise.all([
    findProductsByIds(deps.db, productIds),
    generationsAhead(deps.db, ids).then((ahead) => new Set(ahead.keys())),
    listContentOf(deps.db, productIds),
    (async () => {
      const read: Array<readonly [string, AccountRow | undefined, AttributeSchema]> = [];
      for (const id of accountIds) read.push([id, ...(await Promise.all([findAccountById(deps.db, id), loadSchema(deps.db, id)]))]);
      return read;
    })(),
  ]);
  return {
    products: new Map(products.map((p) => [p.id, p])),
    waiting,
    existing,
    languages: new Map(accounts.map(([id, account]) => [id, account?.country_languages ?? {}])),
    schemas: new Map(accounts.map(([id, , schema]) => [id, schema])),
  };
}

/** The facts of the claims' products, gathered at once (the shared cache read once for all of them), by generation id. */
async function gatherTogether(deps: BatchDeps, shared: Shared, claims: readonly HeldClaim[]): Promise<Map<string, ProductFacts>> {
  const live = [...new Set(claims.map((c) => c.generation.product_id))].flatMap((id) => shared.products.get(id) ?? []);
  const gathered = await gatherFactsOf(deps.sources, live);
  const byProduct = new Map(live.map((p, i) => [p.id, gathered[i]]));
  return new Map(
    claims.flatMap((c) => {
      const facts = byProduct.get(c.generation.product_id);
      return facts === undefined ? [] : [[c.generation.id, facts] as const];
    }),
  );
}

/**
 * The facts of each claim that runs the plain path (see upToStore), each gathered on its own
 * under its claim's signal, the shared cache read once for all of them: by generation id.
 */
function gatherEach(deps: BatchDeps, shared: Shared, claims: readonly HeldClaim[]): Map<string, Promise<ProductFacts>> {
  const asks = claims.flatMap((claim) => {
    const product = plainPathProduct(deps, shared, claim.generation);
    return product === undefined ? [] : [{ claim, product }];
  });
  const gathered = gatherFactsEach(
    deps.sources,
    asks.map(({ claim, product }) => ({ product, signal: claim.signal })),
  );
  return new Map(
    asks.flatMap(({ claim }, i) => {
      const facts = gathered[i];
      if (facts === undefined) return [];
      // Each is awaited by its own generation; this only keeps a rejection from counting as unhandled before then.
      facts.catch(() => {});
      return [[claim.generation.id, facts] as const];
    }),
  );
}

/** The generation's product when the batch's reads let it run the plain path; undefined: runClaimed takes it from the start. */
function plainPathProduct(deps: BatchDeps, shared: Shared, generation: GenerationRow): ProductRow | undefined {
  // Past its last attempt (see prepareGeneration): runClaimed fails it.
  if (shared.waiting.has(generation.id) || generation.attempts > deps.maxAttempts) return undefined;
  return shared.products.get(generation.product_id);
}

/**
 * Runs the claimed generations side by side from one read of what they share. Those of a quick
 * engine gather their facts together and are stored together; the others (an agent model's, which
 * finish seconds apart) gather their own facts, so none waits for another's slow source, and are
 * stored as soon as each is written.
 */
function runTogether(deps: BatchDeps, claims: readonly HeldClaim[]): Map<string, Promise<GenerationOutcome>> {
  const together = claims.filter((c) => deps.batchable(c.generation));
  // A shared read that failed sends every generation its own way, where an error is that generation's to retry.
  const shared = claims.length === 0 ? Promise.resolve(null) : readShared(deps, claims).catch(() => null);
  // Apart from the reads: an agent model's generation, gathering its own facts, waits for none of these.
  const factsTogether = together.length === 0 ? Promise.resolve(null) : shared.then((read) => (read === null ? null : gatherTogether(deps, read, together))).catch(() => null);
  const onTheirOwn = claims.filter((c) => !deps.batchable(c.generation));
  const factsEach = shared.then((read) => (read === null ? null : gatherEach(deps, read, onTheirOwn))).catch(() => null);
  const group = groupStore(deps, together.length);
  const onItsOwn = { left() {}, store: deps.storeReady };
  return new Map(
    claims.map((claim) => [
      claim.generation.id,
      (async () => {
        const batchable = deps.batchable(claim.generation);
        const store = batchable ? group : onItsOwn;
        const read = await shared;
        let ready: Awaited<ReturnType<typeof upToStore>> = null;
        try {
          const facts = batchable ? await factsTogether : await factsEach;
          ready = read === null || facts === null ? null : await upToStore(deps, claim, read, facts);
        } catch (err) {
          // As in runClaimed: a source that could not answer, or the engine's transient error, goes to the queue to retry.
          store.left();
          await claim.release();
          throw err;
        }
        if (ready === null) {
          store.left();
          return runUnderClaim(deps, claim);
        }
        if ('outcome' in ready) {
          store.left();
          await claim.settled();
          return ready.outcome;
        }
        return store.store(ready);
      })(),
    ]),
  );
}

/**
 * runClaimed up to the store, from what the batch read. Null: this generation is not the plain
 * case, and runClaimed takes it from the start. A settled outcome: the engine's error settled it.
 */
async function upToStore(
  deps: BatchDeps,
  claim: HeldClaim,
  shared: Shared,
  factsOf: ReadonlyMap<string, ProductFacts | Promise<ProductFacts>>,
): Promise<ReadyGeneration | { outcome: GenerationOutcome } | null> {
  const { generation } = claim;
  const product = plainPathProduct(deps, shared, generation);
  if (product === undefined) return null;
  const gathered = await factsOf.get(generation.id);
  if (gathered === undefined) return null;
  const lastAttempt = generation.attempts >= deps.maxAttempts;
  retryIfSourcesUnavailable(gathered, lastAttempt);
  let fields: readonly FieldRequest[] | null = null;
  if (generation.kind === 'regenerate') {
    const parsed = parseFieldRequests(generation.fields ?? {});
    if (!parsed.ok) return null;
    fields = parsed.requests;
  }
  const schema = shared.schemas.get(product.account_id);
  if (schema === undefined) return null;
  const plan = planAttributesWith(schema, product, gathered.facts);
  const category = planCategory(product, gathered.facts, fields, deps.categoryMinConfidence ?? DEFAULT_CATEGORY_MIN_CONFIDENCE);
  const existing = shared.existing.get(product.id) ?? [];
  const written = await writeContent(deps, claim, {
    categories: categoriesForEngine(category),
    product,
    fields,
    gathered,
    existing: recordsForEngine(plan, existing),
    lastAttempt,
    attributes: plan?.inScope,
    countryLanguages: shared.languages.get(product.account_id) ?? {},
  });
  if (written.kind === 'done') return { outcome: written.outcome };
  const notes = recordNotes(gathered);
  for (const record of written.content) record.validation_issues.push(...notes);
  const facts = [...gathered.facts, ...written.extraFacts];
  const content = fillAttributes(plan, written.content, facts, fields, existing);
  const googleCategory = settleCategory(category, written.categoryPick, content);
  return { claim, product, result: { ...written, content, facts, newFamily: plan?.newFamily ?? null, googleCategory } };
}

/**
 * Collects the generations ready to store and stores them in one transaction once every one still
 * running has reached the end, or GROUP_WAIT_MS after the first was ready, whichever comes first.
 */
function groupStore(deps: BatchDeps, total: number) {
  let running = total;
  let pending: PendingStore[] = [];
  let timer: NodeJS.Timeout | undefined;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const group = pending;
    pending = [];
    if (group.length > 0) void storeGroup(deps.db, group);
  };
  const schedule = () => {
    if (pending.length === 0) return;
    if (running === 0) flush();
    else timer ??= setTimeout(flush, GROUP_WAIT_MS);
  };
  return {
    /** One generation left the batch (settled on the way, or taken by the one-generation path). */
    left() {
      running -= 1;
      schedule();
    },
    store(ready: ReadyGeneration): Promise<GenerationOutcome> {
      return new Promise((resolve, reject) => {
        pending.push({ ready, resolve, reject });
        running -= 1;
        schedule();
      });
    },
  };
}
