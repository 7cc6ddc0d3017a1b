import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { EventEmitter, once } from 'node:events';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { claimDueGenerations } from '../../src/db/generation-queue.ts';
import { createTemplateEngine } from '../../src/generation/template/engine.ts';
import { deleteResponseSchema } from '../../src/http/routes/delete-product.ts';
import { publicationStateResponseSchema } from '../../src/http/routes/publication-state.ts';
import { updateResponseSchema } from '../../src/http/routes/update-product.ts';
import type { ContentEngine } from '../../src/domain/generation-ports.ts';
import { validEans } from '../helpers/codes.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

const UPDATE = '/api/v1/products/update';
const DELETE = '/api/v1/products/delete';
const PUBLICATION = '/api/v1/inventories/set-publication-state';
const CC_PUBLICATION = '/inventories/set-publication-state';

const lamp = {
  title: 'Lampada da tavolo Arco',
  brand: 'Lumina',
  description: 'Lampada da tavolo in metallo. Luce LED calda. Interruttore sul cavo.',
  countries: ['it', 'de'],
};

function send(h: Harness, method: 'PUT' | 'DELETE', url: string, token: string, body: unknown): Promise<LightMyRequestResponse> {
  return h.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
}

async function create(h: Harness, token: string, body: Record<string, unknown>): Promise<{ id: string; generationId: string }> {
  const res = await h.post('/api/v1/products/create', token, body);
  assert.equal(res.statusCode, 202, res.body);
  const id = res.json<{ data: { imported_products: { id: string }[] } }>().data.imported_products[0]?.id ?? '';
  const [generationId] = await h.generationIdsOf([id]);
  assert.ok(generationId);
  return { id, generationId };
}

async function details(h: Harness, token: string, ref: string, country = 'it') {
  const res = await h.get(`/api/v1/products/details/${encodeURIComponent(ref)}/${country}`, token);
  assert.equal(res.statusCode, 200, res.body);
  return updateResponseSchema.parse(res.json()).product;
}

function errorOf(res: LightMyRequestResponse): { code: string; message?: string; errors?: Record<string, string[]> } {
  return res.json();
}

/** An engine that holds each generation until the test lets it go (or its run is told to stop). */
function gatedEngine() {
  const real = createTemplateEngine();
  const started = new EventEmitter();
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const engine: ContentEngine = {
    name: 'gated',
    async generate(input) {
      started.emit('started', input.generationId);
      const stopped = new Promise<void>((resolve) => input.signal?.addEventListener('abort', () => resolve(), { once: true }));
      await Promise.race([released, stopped]);
      return real.generate(input);
    },
  };
  return { engine, started, release: () => release() };
}

for (const target of databaseTargets()) {
  describe(`change, delete and review products [${target.name}]`, () => {
    let h: Harness;
    const codes = validEans(20, 311);
    let next = 0;
    const code = () => codes[next++] ?? assert.fail('out of codes');
    before(async () => {
      h = await startHarness(target);
    });
    after(async () => {
      await h.close();
    });

    async function completed(token: string, body: Record<string, unknown> = {}): Promise<string> {
      const { id, generationId } = await create(h, token, { ...lamp, codes: code(), ...body });
      assert.deepEqual([...(await h.settled([generationId])).values()], ['completed']);
      return id;
    }

    test('an update changes each kind of field for free, name aliases title, null removes an attribute; restore undoes it', async () => {
      const { id: accountId, token } = await h.account(100);
      const id = await completed(token);
      const original = await details(h, token, id);
      const balance = await h.balance(accountId);
      const put = await send(h, 'PUT', PUBLICATION, token, { ids: id, publication_state: 'online' });
      assert.equal(put.statusCode, 200, put.body);

      const res = await h.post(UPDATE, token, {
        code: id,
        country: 'IT',
        name: 'Lampada Arco nera',
        short_description: 'Lampada da tavolo con luce calda < 3000 K.',
        description: 'Una lampada da tavolo in metallo nero.\n\nLuce LED calda.',
        key_features: ['Metallo nero', 'Luce LED calda'],
        title_tag: 'Lampada Arco nera | Lumina',
        meta_description: 'Lampada da tavolo Arco in metallo nero, luce LED calda.',
        meta_keywords: 'lampada, arco, lumina',
        product_handle: 'lampada-arco-nera',
        global_attr: { colour: 'nero', material: 'metallo' },
      });
      assert.equal(res.statusCode, 200, res.body);
      const updated = updateResponseSchema.parse(res.json()).product;
      assert.equal(updated.country, 'it');
      assert.equal(updated.title, 'Lampada Arco nera');
      assert.equal(updated.short_description, 'Lampada da tavolo con luce calda < 3000 K.', 'a "<" that opens no tag is text');
      assert.equal(updated.description, 'Una lampada da tavolo in metallo nero.\n\nLuce LED calda.');
      assert.deepEqual(updated.key_features, ['Metallo nero', 'Luce LED calda']);
      assert.equal(updated.title_tag, 'Lampada Arco nera | Lumina');
      assert.equal(updated.meta_description, 'Lampada da tavolo Arco in metallo nero, luce LED calda.');
      assert.equal(updated.meta_keywords, 'lampada, arco, lumina');
      assert.equal(updated.product_handle, 'lampada-arco-nera');
      assert.equal(updated.global_attr.colour, 'nero');
      assert.equal(updated.publication_state, 'online', 'an edit of a published product keeps it published');
      assert.deepEqual(await details(h, token, id), updated, 'details shows what the update answered');
      assert.notEqual((await details(h, token, id, 'de')).title, 'Lampada Arco nera', 'only the country named changes');
      assert.deepEqual(await h.balance(accountId), balance, 'an update is free');

      const removed = await h.post(UPDATE, token, { code: id, country: 'it', title: 'Lampada Arco', global_attr: { colour: null } });
      assert.equal(removed.statusCode, 200, removed.body);
      const after = updateResponseSchema.parse(removed.json()).product;
      assert.equal(after.global_attr.colour, undefined);
      assert.equal(after.global_attr.material, 'metallo');
      assert.equal(after.title, 'Lampada Arco');

      const history = await h.get(`/api/v1/products/details/${id}/history`, token);
      const versions = history.json<{ data: { versions: { id: string; change: string; country: string; fields: Record<string, { before: unknown; after: unknown }> }[] } }>().data
        .versions;
      assert.deepEqual(
        versions.map((v) => v.change),
        ['manual', 'manual'],
      );
      const [latest, first] = versions;
      assert.ok(latest && first);
      assert.deepEqual(latest.fields['global_attr.colour'], { before: 'nero', after: null });
      assert.deepEqual(first.fields.product_handle, { before: original.product_handle, after: 'lampada-arco-nera' });

      for (const version of [latest, first]) {
        const restore = await h.post(`/api/v1/products/restore/${id}`, token, { version_id: version.id });
        assert.equal(restore.statusCode, 200, restore.body);
      }
      const restored = await details(h, token, id);
      for (const field of [
        'title',
        'short_description',
        'description',
        'key_features',
        'title_tag',
        'meta_description',
        'meta_keywords',
        'product_handle',
        'global_attr',
      ] as const) {
        assert.deepEqual(restored[field], original[field], `restore gives ${field} back`);
      }
    });

    test('markup, over-long text, bad attribute names and unknown fields are refused and change nothing', async () => {
      const { token } = await h.account(100);
      const id = await completed(token);
      const original = await details(h, token, id);
      const refused: [Record<string, unknown>, string][] = [
        [{ title: 'Lampada <b>Arco</b>' }, 'title'],
        [{ description: 'Luce calda<script>alert(1)</script>' }, 'description'],
        [{ short_description: 'Sale &amp; pepe' }, 'short_description'],
        [{ key_features: ['Ok', '<img src=x onerror=alert(1)>'] }, 'key_features.1'],
        [{ global_attr: { colour: '<i>nero</i>' } }, 'global_attr.colour'],
        [{ title: 'x'.repeat(151) }, 'title'],
        [{ title_tag: 'x'.repeat(61) }, 'title_tag'],
        [{ meta_description: 'x'.repeat(161) }, 'meta_description'],
        [{ short_description: 'x'.repeat(251) }, 'short_description'],
        [{ key_features: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] }, 'key_features'],
        [{ key_features: ['x'.repeat(201)] }, 'key_features.0'],
        [{ meta_keywords: 'a,b,c,d,e,f,g,h,i,j,k' }, 'meta_keywords'],
        [{ title: '   ' }, 'title'],
        [{ global_attr: { Colour: 'nero' } }, 'global_attr.Colour'],
        [{ global_attr: { constructor: 'nero' } }, 'global_attr.constructor'],
        [{ title: 'A', name: 'B' }, 'name'],
        [{ titel: 'A' }, 'titel'],
        [{}, 'body'],
      ];
      for (const [fields, path] of refused) {
        const res = await h.post(UPDATE, token, { code: id, country: 'it', ...fields });
        assert.equal(res.statusCode, 422, `${JSON.stringify(fields)}: ${res.body}`);
        const error = errorOf(res);
        assert.equal(error.code, 'validation_failed');
        assert.ok(error.errors?.[path], `${JSON.stringify(fields)} is refused on ${path}: ${res.body}`);
      }
      assert.match(errorOf(await h.post(UPDATE, token, { code: id, country: 'it', title: '<b>x</b>' })).errors?.title?.[0] ?? '', /title must be plain text/);
      assert.deepEqual(await details(h, token, id), original);

      const country = await h.post(UPDATE, token, { code: id, country: 'fr', title: 'Lampe' });
      assert.equal(country.statusCode, 404, country.body);
      assert.equal(errorOf(country).code, 'product_not_found');
      assert.match(errorOf(country).message ?? '', /no content for country "fr"/);
    });

    test("another account's product is product_not_found for update, delete and publication, and nothing changes", async () => {
      const owner = await h.account(100);
      const other = await h.account(100);
      const id = await completed(owner.token);
      const original = await details(h, owner.token, id);
      const update = await h.post(UPDATE, other.token, { code: id, country: 'it', title: 'Mine now' });
      const remove = await send(h, 'DELETE', DELETE, other.token, { code: id });
      const publish = await send(h, 'PUT', PUBLICATION, other.token, { ids: id, publication_state: 'online' });
      for (const res of [update, remove, publish]) {
        assert.equal(res.statusCode, 404, res.body);
        assert.equal(errorOf(res).code, 'product_not_found');
      }
      assert.deepEqual(await details(h, owner.token, id), original);
    });

    test('publication states move in batches by id, code or sku; an unknown id fails the whole call; the CC path works', async () => {
      const { token } = await h.account(100);
      const byId = await completed(token);
      const byCodeCode = code();
      const { generationId: g2 } = await create(h, token, { ...lamp, codes: byCodeCode });
      const { id: bySku, generationId: g3 } = await create(h, token, { ...lamp, sku: 'LAMP-ARCO-1' });
      await h.settled([g2, g3]);
      assert.equal((await details(h, token, byId)).publication_state, 'pending_review', 'a created product waits for review');

      const ready = await send(h, 'PUT', PUBLICATION, token, { ids: ` ${byId}, ${byCodeCode} ,LAMP-ARCO-1,`, publication_state: 'ready' });
      assert.equal(ready.statusCode, 200, ready.body);
      assert.deepEqual(publicationStateResponseSchema.parse(ready.json()), { status: 'success', message: 'Inventory statuses set' });
      for (const ref of [byId, byCodeCode, bySku]) assert.equal((await details(h, token, ref)).publication_state, 'ready');

      const unknown = await send(h, 'PUT', PUBLICATION, token, { ids: `${byId},9999999999994,${bySku}`, publication_state: 'online' });
      assert.equal(unknown.statusCode, 404, unknown.body);
      assert.equal(errorOf(unknown).code, 'product_not_found');
      assert.match(errorOf(unknown).message ?? '', /9999999999994/);
      for (const ref of [byId, byCodeCode, bySku]) assert.equal((await details(h, token, ref)).publication_state, 'ready', 'nothing changed');

      const cc = await send(h, 'PUT', CC_PUBLICATION, token, { ids: bySku, publication_state: 'online' });
      assert.equal(cc.statusCode, 200, cc.body);
      assert.equal((await details(h, token, bySku)).publication_state, 'online');
      const back = await send(h, 'PUT', CC_PUBLICATION, token, { ids: bySku, publication_state: 'pending_review' });
      assert.equal(back.statusCode, 200, 'any state may follow any other');
      const anonymous = await h.app.inject({
        method: 'PUT',
        url: CC_PUBLICATION,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ ids: bySku, publication_state: 'online' }),
      });
      assert.equal(anonymous.statusCode, 401);
      assert.equal(errorOf(anonymous).code, 'unauthorized');

      const tooMany = await send(h, 'PUT', PUBLICATION, token, { ids: Array.from({ length: 101 }, () => byId).join(','), publication_state: 'ready' });
      assert.equal(tooMany.statusCode, 422);
      assert.ok(errorOf(tooMany).errors?.ids);
      const badState = await send(h, 'PUT', CC_PUBLICATION, token, { ids: byId, publication_state: 'published' });
      assert.equal(badState.statusCode, 422);
      assert.ok(errorOf(badState).errors?.publication_state);
    });

    test('a regeneration that completes puts an online product back to pending_review', async () => {
      const { token } = await h.account(100);
      const id = await completed(token);
      assert.equal((await send(h, 'PUT', PUBLICATION, token, { ids: id, publication_state: 'online' })).statusCode, 200);
      const res = await h.post(`/api/v1/products/regenerate/${id}`, token, { fields: { title: 'Lampada Arco in metallo nero' } });
      assert.equal(res.statusCode, 202, res.body);
      await h.settled(await h.generationIdsOf([id]));
      const product = await details(h, token, id);
      assert.equal(product.title, 'Lampada Arco in metallo nero');
      assert.equal(product.publication_state, 'pending_review');
    });

    test('a deleted product is product_not_found everywhere, and its code makes a new product, charged normally', async () => {
      const { id: accountId, token } = await h.account(100);
      const sameCode = code();
      const id = await completed(token, { codes: sameCode });
      const ledgerRows = async () => (await h.container.db.query<{ n: number }>('SELECT count(*)::int AS n FROM credit_ledger WHERE account_id = $1', [accountId]))[0]?.n;
      const rowsBefore = await ledgerRows();
      const balance = await h.balance(accountId);
      const res = await send(h, 'DELETE', DELETE, token, { code: sameCode });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(deleteResponseSchema.parse(res.json()), { status: 'success' });
      assert.deepEqual(await h.balance(accountId), balance, 'a settled product is deleted without a refund');
      assert.equal(await ledgerRows(), rowsBefore, 'the ledger keeps its rows');
      for (const res of [
        await h.get(`/api/v1/products/details/${id}`, token),
        await h.get(`/api/v1/products/details/${sameCode}/history`, token),
        await h.post(`/api/v1/products/regenerate/${id}`, token, { fields: { title: '' } }),
        await h.post(UPDATE, token, { code: id, country: 'it', title: 'x' }),
        await send(h, 'DELETE', DELETE, token, { code: id }),
        await send(h, 'PUT', PUBLICATION, token, { ids: id, publication_state: 'ready' }),
      ]) {
        assert.equal(res.statusCode, 404, res.body);
        assert.equal(errorOf(res).code, 'product_not_found');
      }
      const content = await h.container.db.query('SELECT 1 FROM product_content WHERE product_id = $1 UNION ALL SELECT 1 FROM product_content_history WHERE product_id = $1', [id]);
      assert.deepEqual(content, [], 'content and history are gone');

      const again = await create(h, token, { ...lamp, codes: sameCode });
      assert.notEqual(again.id, id, 'the code names a new product');
      assert.equal((await h.balance(accountId)).credits, balance.credits - 6, 'charged like any create (v2, two countries)');
      await h.settled([again.generationId]);
      assert.equal((await details(h, token, sameCode)).id, again.id);
    });
  });

  describe(`deleting a product whose generation has not finished [${target.name}]`, () => {
    test('a queued generation is failed and refunded, and never handed out afterwards', async () => {
      const h = await startHarness(target, { workers: false });
      try {
        const { id: accountId, token } = await h.account(100);
        const { id, generationId } = await create(h, token, { ...lamp, codes: validEans(1, 312)[0] });
        assert.equal((await h.balance(accountId)).credits, 94);
        const busy = await h.post(UPDATE, token, { code: id, country: 'it', title: 'Too early' });
        assert.equal(busy.statusCode, 409, busy.body);
        assert.equal(errorOf(busy).code, 'product_busy');
        const [queued] = await h.container.db.query<{ state: string }>('SELECT state FROM generations WHERE id = $1', [generationId]);
        assert.equal(queued?.state, 'queued');

        const res = await send(h, 'DELETE', DELETE, token, { code: id });
        assert.equal(res.statusCode, 200, res.body);
        const balance = await h.balance(accountId);
        assert.deepEqual(balance, { credits: 100, ledger: 100 }, 'refunded, and the ledger sums to the balance');
        const ledger = await h.container.db.query<{ kind: string; delta: number }>('SELECT kind, delta FROM credit_ledger WHERE account_id = $1 ORDER BY created_at, kind', [
          accountId,
        ]);
        assert.deepEqual(
          ledger.map((r) => `${r.kind} ${r.delta}`),
          ['grant 100', 'charge -6', 'refund 6'],
        );
        const [generation] = await h.container.db.query<{ state: string; failure: { reason: string } }>('SELECT state, failure FROM generations WHERE id = $1', [generationId]);
        assert.equal(generation?.state, 'failed');
        assert.equal(generation?.failure.reason, 'product_deleted');
        const fetched = await claimDueGenerations(h.container.db, 100, { token: randomUUID(), leaseSeconds: 60 });
        assert.deepEqual(fetched, [], "the queue handed out the deleted product's generation");
      } finally {
        await h.close();
      }
    });

    test('a running generation is stopped and refunded; its late write is refused', async () => {
      const gate = gatedEngine();
      const h = await startHarness(target, { engine: gate.engine });
      try {
        const { id: accountId, token } = await h.account(100);
        const sameCode = validEans(1, 313)[0] ?? '';
        const started = once(gate.started, 'started');
        const { id, generationId } = await create(h, token, { ...lamp, codes: sameCode });
        await started;
        const lost = once(h.events, 'claim_lost', { signal: AbortSignal.timeout(60_000) });

        const res = await send(h, 'DELETE', DELETE, token, { code: sameCode });
        assert.equal(res.statusCode, 200, res.body);
        assert.deepEqual(await h.balance(accountId), { credits: 100, ledger: 100 });

        gate.release();
        assert.deepEqual(await lost, [{ generationId, outcome: 'claim_lost' }], 'the run finds its claim overruled and writes nothing');
        const content = await h.container.db.query('SELECT 1 FROM product_content WHERE product_id = $1', [id]);
        assert.deepEqual(content, []);
        assert.equal((await h.get(`/api/v1/products/details/${id}`, token)).statusCode, 404);
        assert.deepEqual(await h.balance(accountId), { credits: 100, ledger: 100 }, 'refunded once');

        const again = await create(h, token, { ...lamp, codes: sameCode });
        assert.notEqual(again.id, id);
        assert.deepEqual(await h.balance(accountId), { credits: 94, ledger: 94 });
        assert.deepEqual([...(await h.settled([again.generationId])).values()], ['completed']);
      } finally {
        gate.release();
        await h.close();
      }
    });
  });
}
