import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { z } from 'zod';
import { countProducts } from '../../src/db/product-list.ts';
import { listProductsResponseSchema } from '../../src/http/routes/list-products.ts';
import { filtersOf } from '../../src/services/list-products.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';
import { seedProduct } from '../helpers/seed-products.ts';

type Paginator = z.infer<typeof listProductsResponseSchema>['data'];

const LIST = '/api/v1/products';

for (const target of databaseTargets()) {
  describe(`product list [${target.name}]`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(target, { workers: false });
    });
    after(async () => {
      await h.close();
    });

    async function list(token: string, query = ''): Promise<Paginator> {
      const res = await h.get(query.startsWith('/') ? query : `${LIST}${query}`, token);
      assert.equal(res.statusCode, 200, res.body);
      return listProductsResponseSchema.parse(res.json()).data;
    }
    const ids = (page: Paginator) => page.data.map((p) => p.id);
    /** A next_page_url, as a client follows it (inject takes the path and query). */
    const follow = (url: string | null) => {
      assert.ok(url, 'a next page is linked');
      const parsed = new URL(url);
      return `${parsed.pathname}${parsed.search}`;
    };

    test('items show the fields of the list, in order of the latest change, with the country asked for', async () => {
      const { id: accountId, token } = await h.account();
      const older = await seedProduct(h.container.db, accountId, {
        code: '8001234567897',
        sku: 'LAMP-1',
        handle: 'lampada-arco',
        brand: 'Lumina',
        countries: ['it', 'de'],
        images: ['https://img.example/input.jpg'],
        content: {
          it: {
            title: 'Lampada Arco',
            images: [{ url: 'https://img.example/it-1.jpg', source: 'caller' }],
            validation_issues: [{ field: 'description', check: 'no_description', message: 'breve' }],
          },
          de: { title: 'Bogenlampe', images: [], validation_issues: [{ field: null, check: 'language_pack', message: 'kurz' }] },
        },
        createdAt: '2024-01-01T10:00:00Z',
        updatedAt: '2024-02-01T10:00:00.123456Z',
      });
      const newer = await seedProduct(h.container.db, accountId, {
        sku: 'RAW-2',
        brand: null,
        state: 'queued',
        countries: ['fr'],
        createdAt: '2024-01-02T10:00:00Z',
        updatedAt: '2024-03-01T10:00:00Z',
      });

      const page = await list(token);
      assert.deepEqual(ids(page), [newer, older]);
      const item = page.data[1];
      assert.ok(item);
      assert.deepEqual(item, {
        id: older,
        name: 'Lampada Arco',
        category: [],
        google_category_id: null,
        category_id: null,
        category_id_proposed: false,
        tags: [],
        code: '8001234567897',
        code_type: 'ean',
        asin: null,
        eans: ['8001234567897'],
        dimensions: null,
        weight: null,
        sku: 'LAMP-1',
        product_handle: 'lampada-arco',
        state: 'completed',
        publication_state: 'pending_review',
        countries: {
          it: { title: 'Lampada Arco', name: 'Lampada Arco', brand: 'Lumina', category: [] },
          de: { title: 'Bogenlampe', name: 'Bogenlampe', brand: 'Lumina', category: [] },
        },
        thumb: 'https://img.example/it-1.jpg',
        validation_messages: ['breve'],
        validation_issues: [{ field: 'description', check: 'no_description', message: 'breve' }],
        created_at: '2024-01-01T10:00:00.000Z',
        updated_at: '2024-02-01T10:00:00.123456Z',
      });
      assert.deepEqual(page.data[0]?.countries, { fr: { title: null, name: null, brand: null, category: [] } });
      assert.equal(page.data[0]?.thumb, null);

      const german = await list(token, '?country=DE');
      assert.deepEqual(ids(german), [older], 'only products sold in the country');
      assert.equal(german.data[0]?.thumb, 'https://img.example/input.jpg', "a record without images shows the product's first");
      assert.deepEqual(german.data[0]?.validation_messages, ['kurz']);
      assert.deepEqual(german.data[0]?.validation_issues, [{ field: null, check: 'language_pack', message: 'kurz' }]);
    });

    test('pages: boundaries, links that keep the filters, and an empty page past the end', async () => {
      const { id: accountId, token } = await h.account();
      const seeded: string[] = [];
      for (let i = 0; i < 5; i++) {
        seeded.unshift(await seedProduct(h.container.db, accountId, { sku: `P-${i}`, brand: 'Acme', updatedAt: `2024-05-0${i + 1}T00:00:00Z` }));
      }
      const first = await list(token, '?per_page=2&brand=acme');
      assert.deepEqual(ids(first), seeded.slice(0, 2));
      assert.equal(first.current_page, 1);
      assert.equal(first.per_page, 2);
      assert.equal(first.from, 1);
      assert.equal(first.to, 2);
      assert.equal(first.total, 5);
      assert.equal(first.last_page, 3);
      assert.equal(first.prev_page_url, null);
      assert.equal(first.path, 'http://localhost:80/api/v1/products');
      const next = new URL(first.next_page_url ?? '');
      assert.equal(`${next.origin}${next.pathname}`, new URL(first.path).href, 'links are absolute');
      assert.equal(next.searchParams.get('brand'), 'acme');
      assert.equal(next.searchParams.get('page'), '2');

      const second = await list(token, follow(first.next_page_url));
      assert.deepEqual(ids(second), seeded.slice(2, 4));
      assert.equal(second.from, 3);
      assert.equal(second.to, 4);
      const prev = new URL(second.prev_page_url ?? '');
      assert.equal(prev.searchParams.get('page'), '1');
      assert.equal(prev.searchParams.get('brand'), 'acme');

      const third = await list(token, follow(second.next_page_url));
      assert.deepEqual(ids(third), seeded.slice(4));
      assert.equal(third.from, 5);
      assert.equal(third.to, 5);
      assert.equal(third.next_page_url, null, 'the last page links no next page');

      assert.deepEqual(ids(await list(token, '?per_page=2&page=3')), seeded.slice(4), 'a page number without a cursor counts rows');
      const beyond = await list(token, '?per_page=2&page=4');
      assert.deepEqual(beyond.data, []);
      assert.equal(beyond.from, null);
      assert.equal(beyond.to, null);
      assert.equal(beyond.total, 5);
      assert.equal(beyond.next_page_url, null);

      assert.equal((await list(token, '?per_page=200')).data.length, 5);
      const empty = await list((await h.account()).token);
      assert.deepEqual(empty.data, []);
      assert.equal(empty.total, 0);
      assert.equal(empty.last_page, 1);
      assert.equal(empty.per_page, 50, 'default page size');
    });

    test('the default page holds 50', async () => {
      const { id: accountId, token } = await h.account();
      await h.container.db.query(
        `INSERT INTO products (account_id, sku, countries, agent_model, state) SELECT $1, 'S-' || g, ARRAY['it'], 'v2', 'completed' FROM generate_series(1, 51) g`,
        [accountId],
      );
      const page = await list(token);
      assert.equal(page.data.length, 50);
      assert.equal(page.total, 51);
      assert.equal(page.last_page, 2);
      assert.equal((await list(token, follow(page.next_page_url))).data.length, 1);
    });

    test('a page by number is the same slice of the filtered list as one long page, ties in updated_at included', async () => {
      const { id: accountId, token } = await h.account();
      // Three change times shared by many products (ties broken by id), two countries, one brand in three.
      await h.container.db.query(
        `INSERT INTO products (account_id, sku, brand, countries, agent_model, state, updated_at)
         SELECT $1, 'DEEP-' || g, CASE WHEN g % 3 = 0 THEN 'acme' END, CASE WHEN g % 2 = 0 THEN ARRAY['it'] ELSE ARRAY['it', 'de'] END,
                'v2', 'completed', timestamptz '2024-05-01' + (g % 3) * interval '1 hour'
         FROM generate_series(1, 40) g`,
        [accountId],
      );
      for (const filters of ['', '&country=de', '&brand=acme', '&search=DEEP-1', '&country=it&updated_from=2024-05-01T00:30:00Z']) {
        const whole = await list(token, `?per_page=200${filters}`);
        assert.ok(whole.data.length > 3, filters);
        for (let page = 1; page <= Math.ceil(whole.data.length / 3) + 1; page++) {
          const slice = await list(token, `?per_page=3&page=${page}${filters}`);
          assert.deepEqual(ids(slice), ids(whole).slice((page - 1) * 3, page * 3), `${filters} page ${page}`);
          assert.equal(slice.total, whole.total, filters);
        }
      }
    });

    test('each filter, and search by code, sku, handle or title', async () => {
      const { id: accountId, token } = await h.account();
      const db = h.container.db;
      const pasta = await seedProduct(db, accountId, {
        code: '8076809513753',
        sku: 'BAR-5',
        handle: 'spaghetti-n5',
        title: 'Spaghetti input title',
        brand: 'Barilla',
        publicationState: 'online',
        countries: ['it', 'de'],
        content: { it: { title: 'Spaghetti n.5 al 100%' }, de: { title: 'Nudeln' } },
        createdAt: '2024-01-10T08:00:00Z',
        updatedAt: '2024-06-10T08:00:00Z',
      });
      const lamp = await seedProduct(db, accountId, {
        code: '8001234567897',
        sku: 'lamp_1',
        handle: 'lampada',
        brand: 'Lumina',
        state: 'failed',
        publicationState: 'ready',
        countries: ['fr'],
        content: { fr: { title: 'Lampe Arc' } },
        createdAt: '2024-01-11T23:59:59Z',
        updatedAt: '2024-06-11T08:00:00Z',
      });
      const queued = await seedProduct(db, accountId, {
        sku: 'Q-1',
        brand: 'barilla',
        state: 'queued',
        countries: ['it'],
        createdAt: '2024-01-12T00:00:00Z',
        updatedAt: '2024-06-12T08:00:00.000001Z',
      });
      const q = async (query: string) => ids(await list(token, query)).sort();
      const sorted = (...values: string[]) => values.sort();

      assert.deepEqual(await q('?state=failed'), [lamp]);
      assert.deepEqual(await q('?state=queued'), [queued]);
      assert.deepEqual(await q('?publication_state=online'), [pasta]);
      assert.deepEqual(await q('?publication_state=pending_review'), [queued]);
      assert.deepEqual(await q('?brand=BARILLA'), sorted(pasta, queued), 'brand is case-insensitive');
      assert.deepEqual(await q('?brand=Bari'), [], 'brand is matched whole');
      assert.deepEqual(await q('?country=it'), sorted(pasta, queued));
      assert.deepEqual(await q('?country=uk'), []);
      assert.deepEqual(await q('?from=2024-01-11'), sorted(lamp, queued), 'a date starts at its midnight');
      assert.deepEqual(await q('?to=2024-01-11'), sorted(pasta, lamp), 'a date as upper bound takes its whole day');
      assert.deepEqual(await q('?from=2024-01-11T23:59:59Z&to=2024-01-11T23:59:59Z'), [lamp], 'date-times are inclusive');
      assert.deepEqual(await q('?from=2024-01-12T01:00:00%2B01:00'), [queued], 'a zone offset is honoured');
      assert.deepEqual(await q('?updated_from=2024-06-12T08:00:00.000001Z'), [queued], 'microseconds are kept');
      assert.deepEqual(await q('?updated_from=2024-06-12T08:00:00.000002Z'), []);
      assert.deepEqual(await q('?updated_to=2024-06-11'), sorted(pasta, lamp));
      assert.deepEqual(await q('?updated_from=2024-06-11&updated_to=2024-06-11T23:00:00'), [lamp]);
      assert.deepEqual(await q('?state=completed&brand=barilla&country=de'), [pasta], 'filters combine');

      assert.deepEqual(await q('?search=7680951'), [pasta], 'part of a code');
      assert.deepEqual(await q('?search=bar-5'), [pasta], 'a sku, any case');
      assert.deepEqual(await q('?search=LAMPADA'), [lamp], 'a handle');
      assert.deepEqual(await q('?search=nudeln'), [pasta], "a record's title in any country");
      assert.deepEqual(await q('?search=input%20title'), [pasta], 'the title the product was sent with');
      assert.deepEqual(await q('?search=100%25'), [pasta], '% is a character, not a wildcard');
      assert.deepEqual(await q('?search=%25'), [pasta]);
      assert.deepEqual(await q('?search=p_1'), [lamp], '_ is a character, not a wildcard');
      assert.deepEqual(await q('?search=zzz'), []);
      // Terms shorter than a trigram are read from the account's own products and records.
      assert.deepEqual(await q('?search=Nu'), [pasta], "two letters of a record's title");
      assert.deepEqual(await q('?search=Q'), [queued], 'one letter of a sku');
      assert.deepEqual(await q('?search=n.'), [pasta]);
      assert.deepEqual(await q('?search=_1'), [lamp], 'a short term with a wildcard character matches it as written');
      assert.deepEqual(await q('?search=%25'), [pasta], 'a short term that is a LIKE wildcard matches itself');
      assert.deepEqual(await q('?search=rc'), [lamp]);
      assert.deepEqual(await q('?search='), sorted(pasta, lamp, queued), 'an empty search filters nothing');
      const page = await list(token, '?search=spaghetti&state=completed');
      assert.equal(page.total, 1, 'the total counts the filtered products');
    });

    test('a bad or unknown parameter is validation_failed on that parameter', async () => {
      const { token } = await h.account();
      const cases: [string, string][] = [
        ['?per_page=0', 'per_page'],
        ['?per_page=201', 'per_page'],
        ['?per_page=ten', 'per_page'],
        ['?page=0', 'page'],
        ['?page=1.5', 'page'],
        ['?state=done', 'state'],
        ['?state=queued&state=failed', 'state'],
        ['?publication_state=published', 'publication_state'],
        ['?country=xx', 'country'],
        ['?from=2024-02-30', 'from'],
        ['?to=yesterday', 'to'],
        ['?updated_from=2024-01-01T25:00:00Z', 'updated_from'],
        ['?updated_to=1717171717', 'updated_to'],
        ['?cursor=abc', 'cursor'],
        ['?search=a%00b', 'search'],
        ['?sort=title', 'sort'],
      ];
      for (const [query, field] of cases) {
        const res = await h.get(`${LIST}${query}`, token);
        assert.equal(res.statusCode, 422, `${query}: ${res.body}`);
        const body = res.json<{ status: string; code: string; errors: Record<string, string[]> }>();
        assert.equal(body.code, 'validation_failed');
        assert.deepEqual(Object.keys(body.errors), [field], query);
        assert.ok((body.errors[field]?.[0] ?? '').length > 0);
      }
      assert.equal((await h.get(LIST, 'vt_nope')).statusCode, 401);
    });

    test("another account's products and deleted products never appear", async () => {
      const mine = await h.account();
      const theirs = await h.account();
      const db = h.container.db;
      const kept = await seedProduct(db, mine.id, { code: '4006381333931', sku: 'SHARED', brand: 'Same', content: { it: { title: 'Comune' } } });
      const gone = await seedProduct(db, mine.id, { code: '5000112548167', sku: 'GONE', brand: 'Same', content: { it: { title: 'Comune' } } });
      const other = await seedProduct(db, theirs.id, { code: '4006381333931', sku: 'SHARED', brand: 'Same', content: { it: { title: 'Comune' } } });
      await db.query('UPDATE products SET deleted_at = now() WHERE id = $1', [gone]);
      for (const query of ['', '?search=comune', '?search=co', '?search=4006381333931', '?brand=same', '?country=it', '?state=completed']) {
        const page = await list(mine.token, query);
        assert.deepEqual(ids(page), [kept], query);
        assert.equal(page.total, 1, `${query}: the total counts neither`);
      }
      assert.deepEqual(ids(await list(theirs.token)), [other]);
    });

    test("a short term's total counted in slices of the account is the whole count: every product once, none of another account's, no deleted one", async () => {
      const mine = await h.account();
      const theirs = await h.account();
      const db = h.container.db;
      const expected: string[] = [];
      for (let i = 0; i < 13; i += 1) {
        // Matches by sku, by a record's title, or not at all; a third of the matches deleted.
        const kind = i % 3;
        const id = await seedProduct(db, mine.id, kind === 0 ? { sku: `QX-${i}` } : kind === 1 ? { sku: `S-${i}`, content: { it: { title: `Tazza q ${i}` } } } : { sku: `S-${i}` });
        if (kind !== 2 && i % 4 === 3) await db.query('UPDATE products SET deleted_at = now() WHERE id = $1', [id]);
        else if (kind !== 2) expected.push(id);
      }
      await seedProduct(db, theirs.id, { sku: 'QX-THEIRS' });
      const filters = filtersOf(mine.id, { search: 'q' });
      const whole = await countProducts(db, filters, null);
      assert.equal(whole, expected.length);
      // Slices of 1, one that divides the account (13 products) unevenly, and one past its size.
      for (const slice of [1, 4, 13, 1000]) assert.equal(await countProducts(db, filters, slice), expected.length, `slices of ${slice}`);
      const page = await list(mine.token, '?search=q&per_page=2');
      assert.equal(page.total, expected.length);
      assert.equal(page.last_page, Math.ceil(expected.length / 2));
    });

    test('a sync by updated_from neither repeats nor skips a product while products change between pages', async () => {
      const { id: accountId, token } = await h.account();
      const db = h.container.db;
      // Six products, newest first: p0 … p5; pages of two.
      const p: string[] = [];
      for (let i = 0; i < 6; i++) {
        p.push(await seedProduct(db, accountId, { sku: `SYNC-${i}`, content: { it: { title: `Prodotto ${i}` } }, updatedAt: `2024-07-01T00:00:0${9 - i}Z` }));
      }
      const sync = '?updated_from=2024-07-01&per_page=2';
      const seen: string[] = [];
      const page1 = await list(token, sync);
      seen.push(...ids(page1));
      assert.deepEqual(ids(page1), [p[0], p[1]]);

      // Between page 1 and page 2 two records change (the trigger of migration 008 moves the
      // product's updated_at): p1, already read, and p4, not yet read. Paging by row count
      // (page=2 alone) would now read p4, p1, p0, p2, p3, p5 and show p0 again on page 2.
      await db.query("UPDATE product_content SET title = 'Cambiato' WHERE product_id = ANY($1::uuid[])", [[p[1], p[4]]]);

      let page = page1;
      while (page.next_page_url !== null) {
        page = await list(token, follow(page.next_page_url));
        seen.push(...ids(page));
      }
      assert.deepEqual(seen, [p[0], p[1], p[2], p[3], p[5]], 'p4 moved out of the later pages; nothing repeated or skipped');
      assert.equal(new Set(seen).size, seen.length);

      // The next sync starts from the newest updated_at seen in this one, and gets the two changes.
      const since = page1.data[0]?.updated_at ?? '';
      const nextSync = await list(token, `?updated_from=${encodeURIComponent(since)}&per_page=2`);
      const again: string[] = ids(nextSync);
      let more = nextSync;
      while (more.next_page_url !== null) {
        more = await list(token, follow(more.next_page_url));
        again.push(...ids(more));
      }
      assert.deepEqual(again.slice(0, 2).sort(), [p[1], p[4]].sort(), 'both changed products come first');
      assert.deepEqual(again.slice(2), [p[0]], 'the bound is inclusive: the newest product of the last sync comes again, once');
    });
  });
}
