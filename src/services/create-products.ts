import { changeBalance, findAccountById } from '../db/accounts.ts';
import type { Database, SqlRunner } from '../db/database.ts';
import { insertGenerations } from '../db/generations.ts';
import {
  findProductIdBySku,
  insertRawProduct,
  upsertProductBySku,
  upsertProductsByCode,
  type ProductInputs,
} from '../db/products.ts';
import type { CreatePlan, ItemFailure } from '../domain/create-request.ts';
import { createCost } from '../domain/pricing.ts';
import type { FieldErrors } from '../domain/validation.ts';
import type { GenerationQueue } from './ports.ts';

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
}

/** Thrown inside the transaction to roll back everything it wrote; carries the answer to give. */
class Refusal extends Error {
  readonly outcome: CreateOutcome | 'settings_changed';
  constructor(outcome: CreateOutcome | 'settings_changed') {
    super('refused');
    this.outcome = outcome;
  }
}

function resultData(plan: CreatePlan, imported: CreateResultData['imported_products']): CreateResultData {
  return {
    total_requested: plan.totalRequested,
    successful: imported.length,
    failed: plan.failures.length,
    imported_products: imported,
    failures: plan.failures,
  };
}

function inputsOf(plan: CreatePlan): ProductInputs {
  const raw = plan.raw;
  return {
    sku: raw?.sku ?? null,
    productHandle: raw?.productHandle ?? null,
    title: raw?.title ?? null,
    brand: raw?.brand ?? null,
    description: raw?.description ?? null,
    images: raw?.images ?? [],
    notes: plan.notes,
    countries: plan.countries,
    agentModel: plan.agentModel,
  };
}

/** Writes the products; returns their ids in plan order with the code each is reported under. */
async function writeProducts(tx: SqlRunner, accountId: string, plan: CreatePlan, inputs: ProductInputs) {
  const coded = plan.products.flatMap((p) => (p.code !== null && p.codeType !== null ? [{ code: p.code, codeType: p.codeType }] : []));
  if (inputs.sku !== null) {
    const owner = await findProductIdBySku(tx, accountId, inputs.sku);
    const code = coded[0]?.code ?? null;
    if (owner !== undefined && code !== null && owner.code !== code) {
      throw new Refusal({ kind: 'invalid', errors: { sku: [`The sku "${inputs.sku}" already names product ${owner.id}, which has a different code.`] } });
    }
  }
  const imported: CreateResultData['imported_products'] = [];
  if (coded.length > 0) {
    const ids = await upsertProductsByCode(tx, accountId, coded, inputs);
    for (const p of plan.products) {
      const id = p.code === null ? undefined : ids.get(p.code);
      if (id === undefined) throw new Error('a product upsert returned no id for its code');
      imported.push({ code: p.submitted ?? p.code ?? id, status: 'queued', id });
    }
  } else {
    const id = inputs.sku !== null ? await upsertProductBySku(tx, accountId, inputs) : await insertRawProduct(tx, accountId, inputs);
    imported.push({ code: inputs.sku ?? inputs.productHandle ?? id, status: 'queued', id });
  }
  return imported;
}

/**
 * Charges, writes the products and their generations, and enqueues the jobs in one transaction:
 * all of it happens, or none of it (a balance that cannot pay for every product rejects the call).
 * The guarded debit comes last, so the account row is locked only for the end of the transaction
 * and concurrent calls of one account overlap everywhere else.
 */
export async function createProducts(
  deps: CreateProductsDeps,
  accountId: string,
  requestId: string,
  plan: CreatePlan,
): Promise<CreateOutcome> {
  if (plan.products.length === 0) return { kind: 'all_failed', data: resultData(plan, []) };
  const inputs = inputsOf(plan);

  // The price depends on a setting; the debit applies only while the setting is unchanged,
  // so a call racing a settings change is priced again rather than charged the old price.
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await deps.db.transaction(async (tx): Promise<CreateOutcome> => {
        const account = await findAccountById(tx, accountId);
        if (account === undefined) throw new Error(`account ${accountId} vanished during a request`);
        const costEach = createCost(plan.agentModel, plan.countries.length, account.image_standardization);
        const required = costEach * plan.products.length;
        if (account.credits < required) return { kind: 'insufficient_credits', required, available: account.credits };

        const imported = await writeProducts(tx, accountId, plan, inputs);
        const generations = await insertGenerations(tx, {
          accountId,
          productIds: imported.map((p) => p.id),
          kind: 'create',
          agentModel: plan.agentModel,
          fields: null,
          notes: plan.notes,
          costEach,
          requestId,
        });
        await deps.queue.enqueue(
          tx,
          generations.map((g) => ({ generationId: g.id, productId: g.product_id })),
        );
        const balance = await changeBalance(tx, {
          accountId,
          delta: -required,
          kind: 'charge',
          requestId,
          memo: `create ${imported.length}`,
          whileImageStandardization: account.image_standardization,
        });
        if (balance === undefined) {
          const now = await findAccountById(tx, accountId);
          if (now !== undefined && now.image_standardization !== account.image_standardization) throw new Refusal('settings_changed');
          throw new Refusal({ kind: 'insufficient_credits', required, available: now?.credits ?? 0 });
        }
        return { kind: 'queued', data: resultData(plan, imported), charged: required };
      });
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      if (err.outcome !== 'settings_changed') return err.outcome;
    }
  }
  throw new Error('the account settings kept changing while pricing a create call');
}
