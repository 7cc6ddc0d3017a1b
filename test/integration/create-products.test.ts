import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';
import { validEans } from '../helpers/codes.ts';
import { changeBalance, setCreditsLowThreshold } from '../../src/db/accounts.ts';
import type { AgentModel } from '../../src/domain/pricing.ts';

const CREATE = '/api/v1/products/create';

interface CreateBody {
  status: string;
  message: string;
  code?: string;
  errors?: Record<string, string[]>;
  data: {
    total_requested: number;
    successful: number;
    failed: number;
    imported_products: { code: string; status: string; id: string }[];
    failures: { code: string; reason: string; message: string }[];
  };
}

for (const target of databaseTargets()) {
  describe(`create products [${target.name}]`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(target, { workers: false });
    });
    after(async () => {
      await h.close();
    });

    test('100 codes in one call: all queued, 100 generations queued, one charge of 100 × 5 credits', async () => {
      const { id, token } = await h.account(1000);
      const codes = validEans(100, 1);
      const res = await h.post(CREATE, token, { codes: codes.join(','), countries: ['it'] });
      assert.equal(res.statusCode, 202);
      const body = res.json<CreateBody>();
      assert.equal(body.status, 'success');
      assert.equal(body.message, 'All 100 product(s) successfully queued for import');
      assert.equal(body.data.total_requested, 100);
      assert.equal(body.data.successful, 100);
      assert.equal(body.data.failed, 0);
      assert.deepEqual(body.data.failures, []);
      assert.deepEqual(
        body.data.imported_products.map((p) => [p.code, p.status]),
        codes.map((c) => [c, 'queued']),
      );
      assert.deepEqual(await h.balance(id), { credits: 500, ledger: 500 });
      // The generations are the queue: one queued for each product, its latest.
      const queued = await h.container.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM products p JOIN generations g ON g.id = p.latest_generation_id AND g.product_id = p.id
         WHERE p.id = ANY($1::uuid[]) AND g.state = 'queued'`,
        [body.data.imported_products.map((p) => p.id)],
      );
      assert.equal(queued[0]?.n, 100);
    });

    test('101 codes: validation_failed on codes, nothing charged', async () => {
      const { id, token } = await h.account(1000);
      const res = await h.post(CREATE, token, { codes: validEans(101, 2).join(','), countries: ['it'] });
      assert.equal(res.statusCode, 422);
      const body = res.json<CreateBody>();
      assert.equal(body.code, 'validation_failed');
      assert.match(body.errors?.codes?.[0] ?? '', /100/);
      assert.equal((await h.balance(id)).credits, 1000);
      const products = await h.container.db.query('SELECT 1 FROM products WHERE account_id = $1', [id]);
      assert.equal(products.length, 0);
    });

    test('partial: valid codes queued, each bad one reported with why', async () => {
      const { id, token } = await h.account(1000);
      const [good1, good2] = validEans(2, 3);
      const res = await h.post(CREATE, token, {
        codes: `${good1}, 4006381333932, ${good2}, 12345678901, B07PHPXHQS, 012345678, ${good1}`,
        countries: ['it'],
        agent_model: 'v1',
      });
      assert.equal(res.statusCode, 202);
      const body = res.json<CreateBody>();
      assert.equal(body.status, 'partial');
      assert.equal(body.data.total_requested, 7);
      assert.equal(body.data.successful, 3);
      assert.equal(body.data.failed, 4);
      assert.equal(body.message, 'Imported 3 of 7 product(s), 4 failed');
      assert.deepEqual(
        body.data.imported_products.map((p) => p.code),
        [good1, good2, 'B07PHPXHQS'],
      );
      const byCode = new Map(body.data.failures.map((f) => [f.code, f]));
      assert.equal(byCode.get('4006381333932')?.reason, 'product_code_invalid');
      assert.match(byCode.get('4006381333932')?.message ?? '', /check digit/);
      assert.match(byCode.get('12345678901')?.message ?? '', /11 digits/);
      assert.equal(byCode.get('012345678')?.reason, 'product_code_invalid');
      assert.equal(byCode.get(good1 ?? '')?.reason, 'product_code_duplicate');
      assert.deepEqual(await h.balance(id), { credits: 997, ledger: 997 });
    });

    test('every code invalid: 422 validation_failed with errors.codes and the data block', async () => {
      const { id, token } = await h.account(1000);
      const res = await h.post(CREATE, token, { codes: '123,4006381333932', countries: ['it'] });
      assert.equal(res.statusCode, 422);
      const body = res.json<CreateBody>();
      assert.equal(body.status, 'error');
      assert.equal(body.code, 'validation_failed');
      assert.equal(body.errors?.codes?.length, 2);
      assert.equal(body.data.successful, 0);
      assert.equal(body.data.failed, 2);
      assert.deepEqual(
        body.data.failures.map((f) => f.reason),
        ['product_code_invalid', 'product_code_invalid'],
      );
      assert.equal((await h.balance(id)).credits, 1000);
    });

    test('one code with raw data is queued and the raw data is kept', async () => {
      const { token } = await h.account(1000);
      const res = await h.post(CREATE, token, {
        codes: '4006381333931',
        sku: 'HL-YEL-1',
        product_handle: 'stabilo-boss-yellow',
        title: 'Boss Original highlighter, yellow',
        brand: 'STABILO',
        images: ['https://cdn.example.com/boss.jpg'],
        description: 'Fluorescent ink.',
        countries: ['IT', 'de', 'uk', 'it'],
      });
      assert.equal(res.statusCode, 202);
      const [product] = res.json<CreateBody>().data.imported_products;
      const rows = await h.container.db.query<{ sku: string; countries: string[]; images: string[]; brand: string; code_type: string }>(
        'SELECT sku, countries, images, brand, code_type FROM products WHERE id = $1',
        [product?.id],
      );
      assert.deepEqual(rows[0], {
        sku: 'HL-YEL-1',
        countries: ['it', 'de', 'gb'],
        images: ['https://cdn.example.com/boss.jpg'],
        brand: 'STABILO',
        code_type: 'ean',
      });
    });

    test('raw data alone (no codes) queues one product named by its sku', async () => {
      const { id, token } = await h.account(1000);
      const res = await h.post(CREATE, token, { sku: 'RAW-1', description: 'Hand-made ceramic mug, 350 ml.', countries: ['it', 'fr'] });
      assert.equal(res.statusCode, 202);
      const body = res.json<CreateBody>();
      assert.equal(body.data.total_requested, 1);
      assert.equal(body.data.imported_products[0]?.code, 'RAW-1');
      // v2 (5) + 1 extra country
      assert.equal((await h.balance(id)).credits, 994);
    });

    test('more than one code with raw data is validation_failed on codes', async () => {
      const { token } = await h.account(1000);
      const res = await h.post(CREATE, token, { codes: validEans(2, 4).join(','), title: 'x', countries: ['it'] });
      assert.equal(res.statusCode, 422);
      assert.match(res.json<CreateBody>().errors?.codes?.[0] ?? '', /Only one code/);
    });

    test('neither codes nor description nor images is validation_failed on codes', async () => {
      const { token } = await h.account(1000);
      const res = await h.post(CREATE, token, { title: 'Only a title', countries: ['it'] });
      assert.equal(res.statusCode, 422);
      assert.ok(res.json<CreateBody>().errors?.codes);
    });

    test('missing countries: the message says the countries field is required', async () => {
      const { token } = await h.account(1000);
      const res = await h.post(CREATE, token, { codes: '4006381333931' });
      assert.equal(res.statusCode, 422);
      assert.match(res.json<CreateBody>().errors?.countries?.[0] ?? '', /countries field is required/);
    });

    test('credits follow the price list: v1/v2, extra countries, image standardisation', async () => {
      const cases: { model: AgentModel; countries: string[]; images: boolean; each: number }[] = [
        { model: 'v2', countries: ['it'], images: false, each: 5 },
        { model: 'v1', countries: ['it'], images: false, each: 1 },
        { model: 'v2', countries: ['it', 'de', 'fr'], images: false, each: 7 },
        { model: 'v1', countries: ['it', 'de'], images: true, each: 3 },
        { model: 'v2', countries: ['it'], images: true, each: 6 },
      ];
      for (const [i, c] of cases.entries()) {
        const { id, token } = await h.account(100, { imageStandardization: c.images });
        const res = await h.post(CREATE, token, { codes: validEans(3, 10 + i).join(','), countries: c.countries, agent_model: c.model });
        assert.equal(res.statusCode, 202, JSON.stringify(c));
        assert.deepEqual(await h.balance(id), { credits: 100 - 3 * c.each, ledger: 100 - 3 * c.each }, JSON.stringify(c));
      }
    });

    test('a balance that cannot pay for every product: 402, nothing queued or charged', async () => {
      const { id, token } = await h.account(14);
      const codes = validEans(3, 20);
      const res = await h.post(CREATE, token, { codes: codes.join(','), countries: ['it'] });
      assert.equal(res.statusCode, 402);
      const body = res.json<{ code: string; required: number; available: number }>();
      assert.equal(body.code, 'insufficient_credits');
      assert.equal(body.required, 15);
      assert.equal(body.available, 14);
      assert.deepEqual(await h.balance(id), { credits: 14, ledger: 14 });
      const products = await h.container.db.query('SELECT 1 FROM products WHERE account_id = $1', [id]);
      assert.equal(products.length, 0);
    });

    test('a known code re-queues the same product: same id, countries merged, charged again', async () => {
      const { id, token } = await h.account(100);
      const [code] = validEans(1, 30);
      const first = (await h.post(CREATE, token, { codes: code, countries: ['it'] })).json<CreateBody>();
      const second = (await h.post(CREATE, token, { codes: code, countries: ['de', 'it'] })).json<CreateBody>();
      assert.equal(second.data.imported_products[0]?.id, first.data.imported_products[0]?.id);
      const rows = await h.container.db.query<{ countries: string[] }>('SELECT countries FROM products WHERE account_id = $1', [id]);
      assert.deepEqual(
        rows.map((r) => r.countries),
        [['it', 'de']],
      );
      // 5 for the first call, 5 + 1 (two countries in the second request) for the second
      assert.equal((await h.balance(id)).credits, 100 - 5 - 6);
    });

    test('a re-queue with fewer countries is charged for every country it will generate', async () => {
      const { id, token } = await h.account(100);
      const [code] = validEans(1, 33);
      assert.equal((await h.post(CREATE, token, { codes: code, countries: ['it', 'de', 'fr'] })).statusCode, 202);
      const again = await h.post(CREATE, token, { codes: code, countries: ['it'] });
      assert.equal(again.statusCode, 202);
      // Both calls generate it, de and fr: 5 + 2 each.
      assert.deepEqual(await h.balance(id), { credits: 100 - 7 - 7, ledger: 100 - 7 - 7 });
      const costs = await h.container.db.query<{ cost: number }>('SELECT cost FROM generations WHERE account_id = $1 ORDER BY created_at', [id]);
      assert.deepEqual(
        costs.map((c) => c.cost),
        [7, 7],
      );
    });

    test('402 names the real price of a re-queue, counting the countries it already has', async () => {
      const { id, token } = await h.account(7);
      const [code] = validEans(1, 34);
      assert.equal((await h.post(CREATE, token, { codes: code, countries: ['it', 'de'] })).statusCode, 202);
      assert.equal((await h.balance(id)).credits, 1);
      await changeBalance(h.container.db, { accountId: id, delta: 4, kind: 'grant' });
      // Asked for it only, but it will be generated in it and de again: 5 + 1.
      const res = await h.post(CREATE, token, { codes: code, countries: ['it'] });
      assert.equal(res.statusCode, 402);
      assert.deepEqual([res.json<{ required: number }>().required, res.json<{ available: number }>().available], [6, 5]);
    });

    test('402 with image standardisation, a re-queue, a new code and a repeat: the exact price, and the known product left as it was', async () => {
      const { id, token } = await h.account(100, { imageStandardization: true });
      const [known, fresh] = validEans(2, 35);
      assert.equal((await h.post(CREATE, token, { codes: known, countries: ['it', 'de'] })).statusCode, 202);
      await changeBalance(h.container.db, { accountId: id, delta: -(100 - 7 - 13), kind: 'adjustment' });
      const snapshot = `SELECT p.countries, p.state, p.latest_generation_id, p.updated_at::text,
          (SELECT count(*)::int FROM generations g WHERE g.account_id = p.account_id) AS generations,
          (SELECT count(*)::int FROM credit_ledger l WHERE l.account_id = p.account_id) AS ledger_rows,
          (SELECT count(*)::int FROM generations g WHERE g.product_id = p.id AND g.state = 'queued') AS queued
        FROM products p WHERE p.account_id = $1`;
      const before = await h.container.db.query(snapshot, [id]);
      // known: it, de and fr, + 1 for images = 8; fresh: fr + 1 = 6; the repeat fails and costs nothing.
      const res = await h.post(CREATE, token, { codes: `${known},${fresh},${known}`, countries: ['fr'] });
      assert.equal(res.statusCode, 402);
      const body = res.json<{ code: string; required: number; available: number }>();
      assert.deepEqual([body.code, body.required, body.available], ['insufficient_credits', 14, 13]);
      assert.deepEqual(await h.container.db.query(snapshot, [id]), before);
      assert.deepEqual(await h.balance(id), { credits: 13, ledger: 13 });
    });

    // From 10 codes a call on PostgreSQL debits in a statement of its own, sent with COMMIT; the
    // answers and what is kept must be those of the one-statement create.
    test('a big create the balance cannot pay at its exact price: 402 with the figures, nothing of it kept', async () => {
      const { id, token } = await h.account(100);
      const [known, ...fresh] = validEans(12, 40);
      assert.equal((await h.post(CREATE, token, { codes: known, countries: ['it', 'de'] })).statusCode, 202);
      await changeBalance(h.container.db, { accountId: id, delta: -(100 - 6 - 60), kind: 'adjustment' });
      const snapshot = `SELECT (SELECT count(*)::int FROM products WHERE account_id = $1) AS products,
          (SELECT count(*)::int FROM generations WHERE account_id = $1) AS generations,
          (SELECT count(*)::int FROM credit_ledger WHERE account_id = $1) AS ledger_rows,
          (SELECT latest_generation_id FROM products WHERE account_id = $1 AND code = $2) AS known_latest`;
      const before = await h.container.db.query(snapshot, [id, known]);
      // 60 covers 12 codes at 5 each, so the call is written and then priced: the known one is
      // generated in it and de again (6), the 11 new ones in it (5 each): 61.
      const res = await h.post(CREATE, token, { codes: [known, ...fresh].join(','), countries: ['it'] });
      assert.equal(res.statusCode, 402);
      const body = res.json<{ code: string; required: number; available: number }>();
      assert.deepEqual([body.code, body.required, body.available], ['insufficient_credits', 61, 60]);
      assert.deepEqual(await h.container.db.query(snapshot, [id, known]), before);
      assert.deepEqual(await h.balance(id), { credits: 60, ledger: 60 });
    });

    test('a big create that takes the balance under the credits.low threshold: charged once, its event written once', async () => {
      const { id, token } = await h.account(130);
      await setCreditsLowThreshold(h.container.db, id, 50);
      // An endpoint that takes credits.low, so the event is written; no worker runs here to send it.
      await h.container.db.query("INSERT INTO webhook_endpoints (account_id, url, events, secret_sealed) VALUES ($1, 'https://shop.example/hook', '{credits.low}', 'unused')", [
        id,
      ]);
      const lowEvents = () =>
        h.container.db.query<{ balance: number; threshold: number }>(
          "SELECT (body::jsonb -> 'data' ->> 'balance')::int AS balance, (body::jsonb -> 'data' ->> 'threshold')::int AS threshold FROM webhook_events WHERE account_id = $1 AND type = 'credits.low'",
          [id],
        );
      const [first, second] = [validEans(12, 41), validEans(12, 42)];
      assert.equal((await h.post(CREATE, token, { codes: first.join(','), countries: ['it'] })).statusCode, 202);
      assert.deepEqual(await lowEvents(), [], '130 to 70: still over the threshold');
      const crossing = await h.post(CREATE, token, { codes: second.join(','), countries: ['it'] });
      assert.equal(crossing.statusCode, 202);
      assert.equal(crossing.json<CreateBody>().data.successful, 12);
      assert.deepEqual(await lowEvents(), [{ balance: 10, threshold: 50 }]);
      const charges = await h.container.db.query<{ delta: number; balance_after: number }>(
        "SELECT delta, balance_after FROM credit_ledger WHERE account_id = $1 AND kind = 'charge' ORDER BY seq",
        [id],
      );
      assert.deepEqual(charges, [
        { delta: -60, balance_after: 70 },
        { delta: -60, balance_after: 10 },
      ]);
      assert.deepEqual(await h.balance(id), { credits: 10, ledger: 10 });
      const generations = await h.container.db.query<{ n: number }>("SELECT count(*)::int AS n FROM generations WHERE account_id = $1 AND state = 'queued'", [id]);
      assert.equal(generations[0]?.n, 24);
    });

    test('the same code in two accounts makes two products', async () => {
      const a = await h.account(100);
      const b = await h.account(100);
      const [code] = validEans(1, 31);
      const pa = (await h.post(CREATE, a.token, { codes: code, countries: ['it'] })).json<CreateBody>();
      const pb = (await h.post(CREATE, b.token, { codes: code, countries: ['it'] })).json<CreateBody>();
      assert.notEqual(pa.data.imported_products[0]?.id, pb.data.imported_products[0]?.id);
    });

    test('a sku that already names a product with another code is rejected on sku', async () => {
      const { token } = await h.account(100);
      const [c1, c2] = validEans(2, 32);
      assert.equal((await h.post(CREATE, token, { codes: c1, sku: 'SKU-X', countries: ['it'] })).statusCode, 202);
      const res = await h.post(CREATE, token, { codes: c2, sku: 'SKU-X', countries: ['it'] });
      assert.equal(res.statusCode, 422);
      assert.ok(res.json<CreateBody>().errors?.sku);
    });
  });
}
