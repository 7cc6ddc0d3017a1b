import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { revokeToken } from '../../src/db/tokens.ts';
import { startWorkers } from '../../src/jobs/worker.ts';
import { tokenIdOf } from '../../src/services/tokens.ts';
import { listening } from '../helpers/api-client.ts';
import { defined } from '../helpers/assert.ts';
import { type Browser, launchBrowser, recordRequests } from '../helpers/browser.ts';
import { validEans } from '../helpers/codes.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';
import { expectAccessible, screenshotsFor } from '../helpers/review-app.ts';

// The review app (/app) in Debian's Chromium against the real service: every step is what a
// catalogue manager does with the mouse and keyboard, and every page passes axe-core with no
// serious or critical violation. The screenshots in docs/app/ come from here: every run takes
// them, and WRITE_SCREENSHOTS=1 writes them there (otherwise to a temporary folder, so a test run
// leaves the checkout as it found it).

const [EAN_A, EAN_B, EAN_C] = validEans(3, 714);
const CATALOGUE = [
  'ean,title_it,brand,description_it',
  `${EAN_A},Lampada da tavolo Alfa,Alfaluce,Lampada da tavolo in alluminio con braccio regolabile e luce calda da 806 lumen.`,
  `${EAN_B},Tazza Beta,Betaware,Tazza in gres da 350 ml adatta a lavastoviglie e microonde.`,
  `${EAN_C},Zaino Gamma,Gammapack,Zaino da 20 litri in poliestere riciclato con tasca per portatile da 15 pollici.`,
].join('\n');

for (const target of databaseTargets()) {
  const shoot = screenshotsFor(target);

  describe(`review app in Chromium [${target.name}]`, () => {
    let h: Harness;
    let base: string;
    let browser: Browser;
    let page: Page;
    let requests: string[];
    // The product list's requests, and whether each went as an automatic refresh (no session use).
    let listRequests: { background: boolean }[];
    let first: { id: string; token: string };

    before(async () => {
      h = await startHarness(target, { workers: false });
      base = await listening(h);
      browser = await launchBrowser();
      page = await browser.context.newPage();
      requests = recordRequests(page);
      listRequests = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/v1/products') listRequests.push({ background: request.headers()['x-vetrina-background'] === '1' });
      });
      first = await h.account(1000);
    });
    after(async () => {
      await browser?.close();
      await h?.close();
    });

    test('signs in with a token (a wrong one is refused) and lands on the products', async () => {
      await page.goto(`${base}/app`);
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await expectAccessible(page, 'sign-in');
      await shoot(page, 'sign-in');
      await page.getByLabel('API token').fill('vt_0000000000000000_wrongwrongwrongwrongwrongwrongwrongwrongwro');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').filter({ hasText: 'valid API token' }).waitFor();
      await page.getByLabel('API token').fill(first.token);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Products' }).waitFor();
      await page.getByText('No products match.').waitFor();
      const cookies = await browser.context.cookies(base);
      const session = defined(
        cookies.find((c) => c.name === 'vetrina_session'),
        'session cookie',
      );
      assert.equal(session.httpOnly, true);
      assert.equal(session.sameSite, 'Strict');
      assert.equal(await page.evaluate(() => (globalThis as unknown as { document: { cookie: string } }).document.cookie), '', 'no script can read the session');
    });

    test('uploads a catalogue on the account page, with a progress bar', async () => {
      await page.getByRole('link', { name: 'Account' }).click();
      await page.getByText('1000 credits').waitFor();
      await page.getByLabel('Catalogue file').setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(CATALOGUE) });
      await page.getByRole('button', { name: 'Upload' }).click();
      await page.getByText('Imported 3 of 3 rows; 0 rejected.').waitFor();
      assert.equal(await page.locator('progress').getAttribute('value'), '100');
      await expectAccessible(page, 'account');
      await shoot(page, 'account');
    });

    test("an upload stopped at a CSV record over the limit shows the server's reason, naming the line, not a network error", async () => {
      // Codes of their own: the row before the broken record stays imported, and must not rename the products the tests below open.
      const [kept, broken] = validEans(2, 715);
      const unclosed = `ean,title\n${kept},Lampada\n${broken},"Senza fine\n${`${'a'.repeat(1_000_000)}\n`.repeat(12)}`;
      await page.getByLabel('Catalogue file').setInputFiles({ name: 'broken.csv', mimeType: 'text/csv', buffer: Buffer.from(unclosed) });
      await page.getByRole('button', { name: 'Upload' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'line 3' });
      await alert.waitFor();
      assert.match(await alert.innerText(), /record starting on line 3 is longer than 4194304 bytes/);
    });

    test('the create form shows the exact price before submitting, then each code’s outcome', async () => {
      await page.getByRole('link', { name: 'Create' }).click();
      await page.getByLabel('Codes (EAN, ASIN or MINSAN)').fill(`${EAN_A}\n${EAN_B}, ${EAN_C}\n123`);
      await page.getByLabel('Countries').fill('it, de');
      await page.getByLabel('Model').selectOption('v1');
      // v1 is 1 credit, +1 for the second country: 2 for each of the three valid codes.
      await page.getByText('Price: 6 credit(s) for 3 product(s). Your balance: 1000.').waitFor();
      await expectAccessible(page, 'create');
      await shoot(page, 'create');
      await page.getByRole('button', { name: 'Create and pay 6 credit(s)' }).click();
      await page.getByRole('heading', { name: 'Outcome' }).waitFor();
      for (const code of [EAN_A, EAN_B, EAN_C])
        assert.equal(
          await page
            .locator(`tr[data-code="${code}"]`)
            .innerText()
            .then((text) => text.includes('queued')),
          true,
          `${code} queued`,
        );
      assert.match(await page.locator('tr[data-code="123"]').innerText(), /not created: .+/);
      assert.equal((await h.balance(first.id)).credits, 994);
    });

    test('the products list shows queued products completing live, without a reload', async () => {
      await page.getByRole('link', { name: 'Products' }).click();
      const rows = page.locator('tbody tr');
      await rows.filter({ hasText: 'queued' }).nth(2).waitFor();
      await page.evaluate(() => {
        (globalThis as { stillTheSamePage?: boolean }).stillTheSamePage = true;
      });
      await startWorkers({ ...h.container, events: h.events });
      await page.locator('tbody tr', { hasText: 'completed' }).nth(2).waitFor({ timeout: 60_000 });
      assert.equal(await rows.filter({ hasText: 'queued' }).count(), 0);
      assert.equal(await page.evaluate(() => (globalThis as { stillTheSamePage?: boolean }).stillTheSamePage), true, 'the page was not reloaded');
      // The list's first load was the user's; the refreshes that followed it say they are automatic.
      assert.equal(listRequests[0]?.background, false);
      assert.ok(
        listRequests.some((r) => r.background),
        'the polls went as background requests',
      );
      await page.getByText('Tazza Beta').waitFor();
      await expectAccessible(page, 'products');
      await shoot(page, 'products');
    });

    test('one product: fields beside their facts, edited in place, regenerated with an instruction, restored from the history', async () => {
      await page.getByRole('link', { name: 'Lampada da tavolo Alfa' }).click();
      await page.getByRole('heading', { level: 1, name: /Lampada da tavolo Alfa/ }).waitFor();
      assert.equal(await page.locator('.product-brand').innerText(), 'Brand: Alfaluce', 'the brand the catalogue row names');
      assert.equal(await page.getByRole('tab').count(), 2);
      assert.equal(await page.getByRole('tab', { selected: true }).innerText(), 'IT');
      const titleField = page.locator('section[data-field="title"]');
      assert.match(await titleField.locator('aside').innerText(), /catalogue/i, 'the title cites its catalogue fact');
      await expectAccessible(page, 'product');
      await shoot(page, 'product');
      const original = await titleField.locator('.value').innerText();

      await page.getByRole('button', { name: 'Edit: Title', exact: true }).click();
      await page.locator('#edit-title').fill('Lampada Alfa, alluminio');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
      await titleField.locator('.value', { hasText: 'Lampada Alfa, alluminio' }).waitFor();

      await page.getByRole('tab', { name: 'DE' }).click();
      await page.getByRole('tab', { name: 'DE', selected: true }).waitFor();
      // A finding shows on the card of the field the API names in `validation_issues`: the product
      // name's language is the title's, though the sentence never says "title".
      await page.locator('section[data-field="title"] ul.messages', { hasText: 'The product name is in Italian' }).waitFor();
      assert.equal(await page.locator('section[aria-labelledby="checks-h"]', { hasText: 'The product name is in Italian' }).count(), 0, 'and not above the fields');
      await page.getByRole('tab', { name: 'IT' }).click();
      await page.getByRole('tab', { name: 'IT', selected: true }).waitFor();

      const before = (await h.balance(first.id)).credits;
      await page.getByRole('checkbox', { name: 'Short description' }).check();
      await page.getByLabel('Instruction (optional)').fill('mention that it is dishwasher safe');
      await page.locator('#regen-model').selectOption('v1');
      await page.getByText(`This regeneration costs 1 credit(s). Your balance: ${before}.`).waitFor();
      await page.getByRole('button', { name: 'Confirm and pay 1 credit(s)' }).click();
      // Queued, then the page follows the generation to its end by itself: the product shows
      // the regeneration as its latest generation only once it has completed.
      await page.locator('#gen-h + dl', { hasText: 'v1 (regenerate)' }).waitFor({ timeout: 60_000 });
      await page.getByRole('heading', { level: 1, name: /Lampada Alfa, alluminio/ }).waitFor();
      assert.equal((await h.balance(first.id)).credits, before - 1);

      const manual = page.locator('li.version[data-change="manual"]');
      await manual.waitFor();
      assert.match(await manual.locator('td.before').first().innerText(), new RegExp(original));
      await manual.getByRole('button', { name: 'Restore what this change replaced' }).click();
      await page.getByRole('status').filter({ hasText: 'Restored 1 field(s).' }).waitFor();
      await titleField.locator('.value', { hasText: original }).waitFor();
      await page.locator('li.version[data-change="restore"]').waitFor();
      await expectAccessible(page, 'product after restore');
    });

    test('selects many products and approves them in bulk', async () => {
      await page.getByRole('link', { name: 'Back to products' }).click();
      await page.getByRole('checkbox', { name: 'Select all products on this page' }).check();
      await page.getByRole('button', { name: 'Mark ready' }).click();
      await page.getByText('3 product(s) set to ready.').waitFor();
      await page.locator('tbody tr', { hasText: 'ready' }).nth(2).waitFor();
      const listed = await h.get('/api/v1/products?publication_state=ready', first.token);
      assert.equal((listed.json() as { data: { total: number } }).data.total, 3);
    });

    test('a change sent with the cookie but without the CSRF token is refused', async () => {
      const balance = (await h.balance(first.id)).credits;
      const status = await page.evaluate(
        async (code) => {
          const res = await fetch('/api/v1/products/create', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ codes: code, countries: ['it'] }),
          });
          return res.status;
        },
        defined(EAN_A, 'code'),
      );
      assert.equal(status, 403);
      assert.equal((await h.balance(first.id)).credits, balance, 'nothing charged');
    });

    test('typing in a form, with nothing sent, counts as use: the session does not end under a long edit', async () => {
      const tokenId = defined(tokenIdOf(first.token), 'token id');
      // A second tab of the same session, whose clock this test moves: the main page's stays as it is.
      const tab = await browser.context.newPage();
      try {
        await tab.goto(`${base}/app#/account`);
        const url = tab.locator('#wh-url');
        await url.waitFor();
        // Five minutes since the server last recorded use, and two since the tab last sent anything the user did.
        await h.container.db.query(`UPDATE app_sessions SET last_used_at = now() - interval '5 minutes' WHERE token_id = $1`, [tokenId]);
        await tab.clock.setSystemTime(new Date(Date.now() + 120_000));
        const reported = tab.waitForResponse((r) => r.url().endsWith('/api/v1/session') && r.request().method() === 'GET');
        await url.pressSequentially('https://shop');
        assert.equal((await reported).status(), 200);
        const [row] = await h.container.db.query<{ fresh: boolean }>(`SELECT last_used_at > now() - interval '1 minute' AS fresh FROM app_sessions WHERE token_id = $1`, [tokenId]);
        assert.equal(row?.fresh, true, 'the use is recorded');
      } finally {
        await tab.close();
      }
    });

    test('a session left unused past APP_SESSION_IDLE_MINUTES ends: the next click shows the sign-in, with a notice', async () => {
      // Thirty-one minutes without use, written into the session's row rather than waited for.
      await h.container.db.query(`UPDATE app_sessions SET last_used_at = now() - interval '31 minutes' WHERE token_id = $1`, [defined(tokenIdOf(first.token), 'token id')]);
      await page.getByRole('link', { name: 'Account' }).click();
      await page.getByText('Your session has ended. Sign in again.').waitFor();
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await page.getByLabel('API token').fill(first.token);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText(/\d+ credits/).waitFor();
      // Back where the next steps expect the page.
      await page.getByRole('link', { name: 'Products' }).click();
      await page.locator('tbody tr').first().waitFor();
    });

    test('after sign-out, a second account sees none of the first one’s products', async () => {
      const productId = defined((await h.container.db.query<{ id: string }>('SELECT id FROM products WHERE account_id = $1 LIMIT 1', [first.id]))[0], 'a product').id;
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      assert.equal((await browser.context.cookies(base)).filter((c) => c.name === 'vetrina_session').length, 0);
      const second = await h.account(50);
      await page.getByLabel('API token').fill(second.token);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('No products match.').waitFor();
      await page.goto(`${base}/app#/products/${productId}`);
      await page.getByRole('alert').filter({ hasText: 'No product matches' }).waitFor();

      // Revoking the token ends the session on its next request.
      await revokeToken(h.container.db, defined(tokenIdOf(second.token), 'token id'));
      await page.getByRole('link', { name: 'Account' }).click();
      await page.getByText('Your session has ended. Sign in again.').waitFor();
    });

    test('in Italian, at phone width', async () => {
      const phone = await launchBrowser({ locale: 'it-IT', viewport: { width: 390, height: 844 } });
      try {
        const small = await phone.context.newPage();
        const smallRequests = recordRequests(small);
        await small.goto(`${base}/app`);
        await small.getByRole('heading', { name: 'Accedi' }).waitFor();
        await small.getByLabel('Token API').fill(first.token);
        await small.getByRole('button', { name: 'Accedi' }).click();
        await small.getByRole('heading', { name: 'Prodotti' }).waitFor();
        await small.getByText('Tazza Beta').waitFor();
        await expectAccessible(small, 'products, phone');
        await shoot(small, 'products-phone-it');
        await small.getByRole('link', { name: 'Tazza Beta' }).click();
        await small.getByRole('heading', { name: 'Titolo' }).waitFor();
        await expectAccessible(small, 'product, phone');
        assert.deepEqual(
          smallRequests.filter((url) => !url.startsWith(base)),
          [],
        );
      } finally {
        await phone.close();
      }
    });

    test('no page asked anything of another origin', () => {
      assert.ok(requests.length > 10);
      assert.deepEqual(
        requests.filter((url) => !url.startsWith(base)),
        [],
      );
    });
  });
}
