import { changeBalance, lockAccount } from '../db/accounts.ts';
import type { Database } from '../db/database.ts';
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

function resultData(plan: CreatePlan, imported: CreateResultData['imported_products']): CreateResultData {
  return {
    total_requested: plan.totalRequested,
    successful: imported.length,
    failed: plan.failures.length,
    imported_products: imported,
    failures: plan.failures,
  };
}

/**
 * Charges, writes the products and their generations, and enqueues the jobs in one transaction:
 * all of it happens, or none of it (a balance that cannot pay for every product rejects the call).
 */
export async function createProducts(
  deps: CreateProductsDeps,
  accountId: string,
  requestId: string,
  plan: CreatePlan,
): Promise<CreateOutcome> {
  if (plan.products.length === 0) return { kind: 'all_failed', data: resultData(plan, []) };

  const raw = plan.raw;
  const inputs: ProductInputs = {
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

  return deps.db.transaction(async (tx): Promise<CreateOutcome> => {
    const account = await lockAccount(tx, accountId);
    if (account === undefined) throw new Error(`account ${accountId} vanished during a request`);
    const costEach = createCost(plan.agentModel, plan.countries.length, account.image_standardization);
    const required = costEach * plan.products.length;
    if (account.credits < required) return { kind: 'insufficient_credits', required, available: account.credits };

    const coded = plan.products.flatMap((p) => (p.code !== null && p.codeType !== null ? [{ code: p.code, codeType: p.codeType }] : []));
    if (inputs.sku !== null) {
      const owner = await findProductIdBySku(tx, accountId, inputs.sku);
      const code = coded[0]?.code ?? null;
      if (owner !== undefined && code !== null && owner.code !== code) {
        return {
          kind: 'invalid',
          errors: { sku: [`The sku "${inputs.sku}" already names product ${owner.id}, which has a different code.`] },
        };
      }
    }

    const productIds: string[] = [];
    const imported: CreateResultData['imported_products'] = [];
    if (coded.length > 0) {
      const ids = await upsertProductsByCode(tx, accountId, coded, inputs);
      for (const p of plan.products) {
        const id = p.code === null ? undefined : ids.get(p.code);
        if (id === undefined) throw new Error('a product upsert returned no id for its code');
        productIds.push(id);
        imported.push({ code: p.submitted ?? p.code ?? id, status: 'queued', id });
      }
    } else {
      const id = inputs.sku !== null ? await upsertProductBySku(tx, accountId, inputs) : await insertRawProduct(tx, accountId, inputs);
      productIds.push(id);
      imported.push({ code: inputs.sku ?? inputs.productHandle ?? id, status: 'queued', id });
    }

    const generations = await insertGenerations(tx, {
      accountId,
      productIds,
      kind: 'create',
      agentModel: plan.agentModel,
      fields: null,
      notes: plan.notes,
      costEach,
      requestId,
    });
    if (required > 0) {
      const balance = await changeBalance(tx, { accountId, delta: -required, kind: 'charge', requestId, memo: `create ${productIds.length}` });
      // The row lock makes this unreachable; the guard in SQL is what keeps the balance honest regardless.
      if (balance === undefined) throw new Error('guarded debit refused after the balance was checked under lock');
    }
    await deps.queue.enqueue(
      tx,
      generations.map((g) => ({ generationId: g.id, productId: g.product_id })),
    );
    return { kind: 'queued', data: resultData(plan, imported), charged: required };
  });
}
