import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { databaseTargets } from '../helpers/databases.ts';
import type { Harness } from '../helpers/harness.ts';
import { expectAccessible, type ReviewAppWithWebhooks, screenshotsFor, signIn, startReviewAppWithWebhooks } from '../helpers/review-app.ts';
import { seedProduct } from '../helpers/seed-products.ts';

// The review app's categories in Chromium against the real service: the Google category beside
// the category facts of the sources, changed by searching Google's tree; the account's own
// category, a generation's proposal confirmed with one click, another picked from the tree.

const CATEGORY_FACT = {
  id: 'icecat:category:en',
  key: 'category',
  value: 'Table lamps',
  language: 'en',
  source: 'icecat',
  licence: 'CC-BY-4.0',
  fetchedAt: '2026-11-01T10:00:00Z',
};

for (const target of databaseTargets()) {
  const shoot = screenshotsFor(target);

  describe(`review app: categories in Chromium [${target.name}]`, () => {
    let h: Harness;
    let base: string;
    let page: Page;
    let run: ReviewAppWithWebhooks | undefined;

    before(async () => {
      run = await startReviewAppWithWebhooks(target, { secretKey: 'd'.repeat(64) });
      ({ h, base, page } = run);
    });
    after(async () => {
      await run?.close();
    });

    async function details(token: string, id: string) {
      return (await h.get(`/api/v1/products/details/${id}/it`, token)).json<{
        product: { google_category_id: string | null; category_id: string | null; category_id_proposed: boolean };
      }>().product;
    }

    test('shows the category facts, confirms a proposed own category, and sets the Google category found by a search', async () => {
      const { id: accountId, token } = await h.account(10);
      const id = await seedProduct(h.container.db, accountId, { sku: 'LAMP-9', content: { it: { title: 'Lampada da tavolo Sole' } } });
      await h.container.db.query(`INSERT INTO custom_categories (account_id, id, path) VALUES ($1, '1', 'Casa'), ($1, '1.2', 'Casa > Illuminazione')`, [accountId]);
      // What a generation leaves: its facts, and a category of the tree proposed from them.
      await h.container.db.query(`UPDATE products SET facts = $2::jsonb, category_id = '1.2', category_id_proposed = true WHERE id = $1`, [id, JSON.stringify([CATEGORY_FACT])]);

      await signIn(page, base, token);
      await page.goto(`${base}/app#/products/${id}`);
      await page.getByRole('heading', { name: 'Category', exact: true }).waitFor();
      assert.equal(await page.getByTestId('google-category').innerText(), 'Not classified');
      assert.match(await page.getByTestId('category-facts').innerText(), /icecat\s+Table lamps/);
      await page.getByTestId('own-category').getByText('proposed').waitFor();
      await expectAccessible(page, 'product with a proposed category');

      await page.getByRole('button', { name: 'Confirm category Casa > Illuminazione' }).click();
      await page.getByRole('status').filter({ hasText: 'Category confirmed.' }).waitFor();
      await page.getByRole('button', { name: 'Confirm category Casa > Illuminazione' }).waitFor({ state: 'detached' });
      assert.deepEqual(await details(token, id).then((p) => [p.category_id, p.category_id_proposed]), ['1.2', false]);

      await page.getByLabel("Change the Google category: search Google's tree").fill('lamps');
      await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
      await page.getByRole('heading', { name: /categories found/ }).waitFor();
      await page.getByRole('button', { name: 'Home & Garden > Lighting > Lamps' }).click();
      await page.getByRole('status').filter({ hasText: 'Category set: Home & Garden > Lighting > Lamps.' }).waitFor();
      await page.getByTestId('google-category').getByText('Home & Garden > Lighting > Lamps').waitFor();
      assert.equal((await details(token, id)).google_category_id, '4636');
      await expectAccessible(page, 'product with its categories set');
      await shoot(page, 'product-categories');

      await page.getByLabel('Choose from your category tree').selectOption('1');
      await page.getByTestId('own-category').getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').filter({ hasText: 'Category set: Casa.' }).waitFor();
      assert.equal((await details(token, id)).category_id, '1');
    });
  });
}
