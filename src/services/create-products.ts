import { type AccountSnapshot, findAccountById, recordCreditsLow } from '../db/accounts.ts';
import type { Database, SqlRunner, Transaction } from '../db/database.ts';
import { DEBIT_REFUSED, debitAtCommit, type LinkedGenerations } from '../db/generations.ts';
import {
  findExistingProducts,
  insertRawProduct,
  upsertProductBySku,
  upsertProductsByCode,
  type ExistingProduct,
  type ProductInputs,
  type Written,
  type WrittenProduct,
} from '../db/products.ts';
import type { CreatePlan, ItemFailure } from '../domain/create-request.ts';
import { plainText } from '../text/plain-text.ts';
import { ASSIGNED_COUNTRY_COUNT } from '../domain/countries.ts';
import { createCost, type ModelCredits } from '../domain/pricing.ts';
import type { FieldErrors } from '../domain/validation.ts';
import type { GenerationQueue } from '../domain/generation-ports.ts';
import { accountTurns } from './account-turns.ts';
import { type TransactionVerdict, transactionOrAnswer } from '../db/transaction-or-answer.ts';

export interface CreateResultData {
  total_requested: number;
  successful: number;
  failed: number;
  imported_products: { code: string; status: 'queued'; id: string }[];
  failures: ItemFailure[];
}

export type CreateOutcome =
  | { kind: 'queued'; data: CreateResultData; charged: number }
  | { kind: 'all_failed'; data: CreateResultData }
  | { kind: 'insufficient_credits'; required: number; available: number }
  | { kind: 'invalid'; errors: FieldErrors };

export interface CreateProductsDeps {
  db: Database;
  queue: GenerationQueue;
  /** The base price of each agent model; the published prices (v1 1, v2 5) when absent. */
  modelCredits?: ModelCredits;
}

export type QueuedCreate = Extract<CreateOutcome, { kind: 'queued' }>;

export interface CreateOptions {
  /** Runs in the charging transaction once the call is queued and paid; a throw rolls all of it back (an idempotency key stored with the charge). */
  beforeCommit?: (tx: SqlRunner, outcome: QueuedCreate) => Promise<void>;
  /**
   * The account as authentication read it: the first pricing uses it instead of reading the account
   * again in the transaction. It may be stale by then, which costs nothing: the debit applies only
   * while the image setting it was priced with holds and the balance covers it, and a refusal is
   * judged on a fresh read.
   */
  account?: AccountSnapshot;
}

const SKU_INDEX = 'products_account_sku';

function resultData(plan: CreatePlan, imported: CreateResultData['imported_products']): CreateResultData {
  return {
    total_requested: plan.totalRequested,
    successful: imported.length,
    failed: plan.failures.length,
    imported_products: imported,
    failures: plan.failures,
  };
}

/** Caller text as the plain text it is stored and shown as (a shop export's HTML keeps its lines). */
function plain(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = plainText(value).text.trim();
  return text === '' ? null : text;
}

export function inputsOf(plan: CreatePlan): ProductInputs {
  const raw = plan.raw;
  return {
    sku: plain(raw?.sku),
    productHandle: plain(raw?.productHandle),
    title: plain(raw?.title),
    brand: plain(raw?.brand),
    description: plain(raw?.description),
    images: raw?.images ?? [],
    notes: plan.notes,
    countries: plan.countries,
    agentModel: plan.agentModel,
  };
}

/** The exact price before anything is written: each product for its requested and existing countries. */
export function priceOf(existing: readonly ExistingProduct[], plan: CreatePlan, sku: string | null, images: boolean, credits: ModelCredits | undefined): number {
  return plan.products.reduce((sum, p) => {
    // A coded product is known by its code; a raw one by its sku.
    const row = existing.find((e) => (p.code !== null ? e.code === p.code : sku !== null && e.sku === sku));
    const countries = new Set([...(row?.countries ?? []), ...plan.countries]);
    return sum + createCost(plan.agentModel, countries.size, images, credits);
  }, 0);
}

/** What the call costs when none of its products has countries beyond the requested ones: never more than its exact price. */
function lowestPriceOf(plan: CreatePlan, images: boolean, credits: ModelCredits | undefined): number {
  return plan.products.length * createCost(plan.agentModel, plan.countries.length, images, credits);
}

function skuTaken(sku: string, productId: string): CreateOutcome {
  return { kind: 'invalid', errors: { sku: [`The sku "${sku}" already names product ${productId}, which has a different code.`] } };
}

type Imported = CreateResultData['imported_products'][number] & WrittenProduct;

/** A sku sent with a code must not already name a product with another code. */
function checkSkuOwner(existing: readonly ExistingProduct[], plan: CreatePlan, sku: string | null): CreateOutcome | null {
  const code = plan.products[0]?.code ?? null;
  const owner = sku === null ? undefined : existing.find((e) => e.sku === sku);
  return sku !== null && owner !== undefined && code !== null && owner.code !== code ? skuTaken(sku, owner.id) : null;
}

/** Writes the products in plan order; each with the code it is reported under and its country count. */
async function writeProducts(tx: SqlRunner, accountId: string, plan: CreatePlan, inputs: ProductInputs, generations: LinkedGenerations): Promise<Written<Imported[]>> {
  const coded = plan.products.flatMap((p) => (p.code !== null && p.codeType !== null ? [{ code: p.code, codeType: p.codeType }] : []));
  if (coded.length === 0) {
    const written = inputs.sku !== null ? await upsertProductBySku(tx, accountId, inputs, generations) : await insertRawProduct(tx, accountId, inputs, generations);
    return { products: [{ code: inputs.sku ?? inputs.productHandle ?? written.products.id, status: 'queued', ...written.products }], paid: written.paid };
  }
  const byCode = await upsertProductsByCode(tx, accountId, coded, inputs, generations);
  const products = plan.products.map((p): Imported => {
    const written = p.code === null ? undefined : byCode.products.get(p.code);
    if (written === undefined) throw new Error('a product upsert returned no row for its code');
    return { code: p.submitted ?? p.code ?? written.id, status: 'queued', ...written };
  });
  return { products, paid: byCode.paid };
}

function isSkuUniqueViolation(err: unknown): boolean {
  return err instanceof Error && (err as { code?: unknown }).code === '23505' && (err as { constraint?: unknown }).constraint === SKU_INDEX;
}

/**
 * Writes the products, or answers `invalid` on sku when another call took the sku between our
 * check and our write: the caller's error, not ours. The failed insert spoiled the transaction, so
 * that answer must be a rollback.
 */
async function writeProductsOrSkuTaken(
  tx: SqlRunner,
  accountId: string,
  plan: CreatePlan,
  inputs: ProductInputs,
  generations: LinkedGenerations,
): Promise<({ ok: true } & Written<Imported[]>) | { ok: false; outcome: CreateOutcome }> {
  try {
    return { ok: true, ...(await writeProducts(tx, accountId, plan, inputs, generations)) };
  } catch (err) {
    if (inputs.sku !== null && isSkuUniqueViolation(err)) return { ok: false, outcome: skuTaken(inputs.sku, 'created by a concurrent call') };
    throw err;
  }
}

/** The create statement's guarded debit did not apply, so it kept nothing: the account says why. */
type DebitRefused = { kind: 'debit_refused'; price: number; imageStandardization: boolean };

/** How many times a call is priced (a settings change, or a debit to make again in a transaction) before it gives up. */
const MAX_PRICINGS = 3;

/**
 * From this many products a call on PostgreSQL debits at commit (debitAtCommit): its products and
 * generations in a first statement, whose foreign-key checks (three a product) then run before the
 * account's balance row is locked, and the debit sent with COMMIT, so the row, which every create
 * of the account waits for, is held only for the debit and the commit. For fewer the one statement
 * is cheaper: its checks are few, and a transaction costs two more round trips. On PGlite every
 * statement goes through one connection, so nothing waits on the row while another call holds it.
 */
const DEBIT_AT_COMMIT_FROM = 10;

/**
 * How many creates of an account this process lets into PostgreSQL at once; the others wait here,
 * in arrival order. A one-statement create locks the account's balance row at its end and holds it
 * through its foreign-key checks and commit, so more of them in the database only queue on that
 * row, where waiting is costly (every waiter is woken at each commit, and they contend for the lock
 * manager) and out of order (a newcomer can pass them), which made the slowest calls several times
 * the typical one. Four still overlap one call's product and generation writes with another's
 * debit. A big create (DEBIT_AT_COMMIT_FROM) writes its products outside the lock, so more of them
 * overlap usefully, but not without end: they contend for the same index pages as the tables grow.
 * On PGlite the database's own turns (fair-queue.ts) do this.
 */
const CREATES_PER_ACCOUNT = { oneStatement: 4, debitAtCommit: 8 };
const oneStatementCreates = accountTurns(CREATES_PER_ACCOUNT.oneStatement);
const bigCreates = accountTurns(CREATES_PER_ACCOUNT.debitAtCommit);

/**
 * Charges and writes the products and their generations, which are the queue's entries: all of
 * it happens, or none of it. Each product is priced for the countries it will be generated in,
 * which for a re-queued product are its merged countries.
 *
 * Every write of the call is one statement, which commits on its own: no BEGIN or COMMIT round
 * trip, and the account's balance row is locked only for that statement. A transaction is used
 * when something must commit with the charge (an Idempotency-Key's answer, a credits.low event),
 * and for a big call on PostgreSQL, whose debit goes with its COMMIT (DEBIT_AT_COMMIT_FROM).
 */
export async function createProducts(deps: CreateProductsDeps, accountId: string, requestId: string, plan: CreatePlan, options: CreateOptions = {}): Promise<CreateOutcome> {
  if (plan.products.length === 0) return { kind: 'all_failed', data: resultData(plan, []) };
  const inputs = inputsOf(plan);
  // Set once a debit was refused though affordable (it would cross the credits.low threshold):
  // made again in a transaction whose statement may cross it, its event written after it.
  let mayCross = false;
  const big = deps.db.dialect === 'postgres' && plan.products.length >= DEBIT_AT_COMMIT_FROM;
  const inTurn = big ? bigCreates : oneStatementCreates;
  // Only the first pricing may trust the snapshot: a later one follows a change.
  let account = options.account;

  // The price depends on a setting; the debit applies only while the setting it was priced with
  // holds, so a call racing a settings change is priced again rather than charged the old price.
  for (let pricing = 1; pricing <= MAX_PRICINGS; pricing++) {
    const debit = big && !mayCross ? 'at commit' : 'in the statement';
    const inTransaction = mayCross || debit === 'at commit' || options.beforeCommit !== undefined;
    const call: CreateCall = { credits: deps.modelCredits, accountId, requestId, plan, inputs, account, debit };
    const attempt = await inTurn(deps.db, accountId, async () =>
      inTransaction ? await transactionOrAnswer(deps.db, (tx) => createAtCurrentPrice(tx, call, options, tx)) : answerOf(await createAtCurrentPrice(deps.db, call, options, null)),
    );
    account = undefined;
    if (attempt.kind === 'queued') deps.queue.generationsQueued(attempt.data.successful);
    if (attempt.kind !== 'debit_refused') return attempt;
    const now = await readAccount(deps.db, accountId);
    if (now.imageStandardization !== attempt.imageStandardization) continue;
    if (now.credits < attempt.price) return { kind: 'insufficient_credits', required: attempt.price, available: now.credits };
    // Affordable now with the same setting: the debit would cross the credits.low threshold (its
    // event must commit with it), or credits arrived meanwhile. Made again in a transaction.
    mayCross = true;
  }
  throw new Error('the account settings kept changing while pricing a create call');
}

/** Outside a transaction nothing is left to roll back: a call's only write is its one statement. */
function answerOf<T>(verdict: TransactionVerdict<T>): T {
  return 'commit' in verdict ? verdict.commit : verdict.rollback;
}

interface CreateCall {
  credits: ModelCredits | undefined;
  accountId: string;
  requestId: string;
  plan: CreatePlan;
  inputs: ProductInputs;
  account: AccountSnapshot | undefined;
  /** Where the debit is made (PaidInStatement); `at commit` only in a transaction. */
  debit: 'in the statement' | 'at commit';
}

async function readAccount(db: SqlRunner, accountId: string): Promise<AccountSnapshot> {
  const account = await findAccountById(db, accountId);
  if (account === undefined) throw new Error(`account ${accountId} vanished during a request`);
  return { credits: account.credits, imageStandardization: account.image_standardization };
}

function debitRefusedPrice(err: unknown): number | null {
  if (!(err instanceof Error) || (err as { code?: unknown }).code !== DEBIT_REFUSED) return null;
  const price = Number((err as { detail?: unknown }).detail);
  if (!Number.isInteger(price) || price <= 0) throw new Error('a refused create statement did not say its price', { cause: err });
  return price;
}

/**
 * One try: price, check, write, queue and charge, on `tx`: the same as `transaction` when in one,
 * or (`transaction` null) with the one statement as its only write. Whatever it wrote is kept only
 * on `queued`.
 */
async function createAtCurrentPrice(
  tx: SqlRunner,
  call: CreateCall,
  options: CreateOptions,
  transaction: Transaction | null,
): Promise<TransactionVerdict<CreateOutcome | DebitRefused>> {
  const { accountId, plan, inputs } = call;
  let account = call.account ?? (await readAccount(tx, accountId));
  // A sku must be checked against the products it may already name before anything is written,
  // and so must a call the balance cannot pay even at its lowest price: refused with the exact
  // price, it writes nothing, so a client without credits costs no product writes or locks.
  // Any other call of codes alone needs no look-up: it is priced by what its upsert wrote (the
  // merged countries), and the guarded debit refuses it when the balance is short, keeping none
  // of what the call wrote.
  if (inputs.sku !== null || account.credits < lowestPriceOf(plan, account.imageStandardization, call.credits)) {
    // A refusal quotes the balance now, not the one authentication read.
    if (call.account !== undefined) account = await readAccount(tx, accountId);
    const codes = plan.products.flatMap((p) => (p.code === null ? [] : [p.code]));
    const existing = await findExistingProducts(tx, accountId, codes, inputs.sku);
    const price = priceOf(existing, plan, inputs.sku, account.imageStandardization, call.credits);
    if (account.credits < price) return { commit: { kind: 'insufficient_credits', required: price, available: account.credits } };
    const skuProblem = checkSkuOwner(existing, plan, inputs.sku);
    if (skuProblem !== null) return { commit: skuProblem };
  }
  const images = account.imageStandardization;

  const costOf = (countryCount: number) => createCost(plan.agentModel, countryCount, images, call.credits);
  const memo = `create ${plan.products.length}`;
  const linked = {
    accountId,
    agentModel: plan.agentModel,
    processing: plan.processing,
    notes: plan.notes,
    requestId: call.requestId,
    imageStandardization: images,
    // Any product's merged countries are assigned codes, so its count is within the table.
    costByCountryCount: Array.from({ length: ASSIGNED_COUNTRY_COUNT }, (_, i) => costOf(i + 1)),
    // The debit goes with the products and their generations, which are the queue's entries.
    // At commit it may not cross the threshold: its event could not follow it.
    paid: { memo, debit: call.debit, mayCrossLowThreshold: transaction !== null && call.debit === 'in the statement' },
  };
  let written: Awaited<ReturnType<typeof writeProductsOrSkuTaken>>;
  try {
    written = await writeProductsOrSkuTaken(tx, accountId, plan, inputs, linked);
  } catch (err) {
    const price = debitRefusedPrice(err);
    if (price === null) throw err;
    return { rollback: { kind: 'debit_refused', price, imageStandardization: images } };
  }
  if (!written.ok) return { rollback: written.outcome };
  const imported = written.products;
  if (written.paid === null) throw new Error('the create statement wrote no product');
  const { charged, balance_after: balanceAfter, credits_low_threshold: threshold, crossed_low: crossedLow } = written.paid;
  if (call.debit === 'at commit') {
    if (transaction === null) throw new Error('a debit at commit outside a transaction');
    // The answer (an Idempotency-Key's, stored by beforeCommit) is known before the debit: it is
    // the price the write left for it, and a refused debit rolls the stored answer back too.
    const answer = await queued(tx, plan, imported, charged, options);
    try {
      await debitAtCommit(transaction);
    } catch (err) {
      const price = debitRefusedPrice(err);
      if (price === null) throw err;
      return { rollback: { kind: 'debit_refused', price, imageStandardization: images } };
    }
    return { commit: answer };
  }
  // Only a statement in a transaction may cross the threshold; the event commits with the debit.
  if (crossedLow && balanceAfter !== null) await recordCreditsLow(tx, accountId, balanceAfter, threshold);
  return { commit: await queued(tx, plan, imported, charged, options) };
}

/** The answer of a queued and paid call; `beforeCommit` (a transaction's only) stores it with the charge. */
async function queued(tx: SqlRunner, plan: CreatePlan, imported: readonly Imported[], charged: number, options: CreateOptions): Promise<QueuedCreate> {
  const data = resultData(
    plan,
    imported.map(({ code, status, id }) => ({ code, status, id })),
  );
  const answer: QueuedCreate = { kind: 'queued', data, charged };
  await options.beforeCommit?.(tx, answer);
  return answer;
}
