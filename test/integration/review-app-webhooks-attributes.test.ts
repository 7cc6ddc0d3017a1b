import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { defined } from '../helpers/assert.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { validEans } from '../helpers/codes.ts';
import { databaseTargets } from '../helpers/databases.ts';
import type { Harness } from '../helpers/harness.ts';
import { expectAccessible, ITALIAN_SIGN_IN, type ReviewAppWithWebhooks, screenshotsFor, signIn, startReviewAppWithWebhooks } from '../helpers/review-app.ts';
import type { WebhookReceiver } from '../fakes/webhook-receiver.ts';

// The review app's webhooks (account page) and attributes (product page), in Chromium against
// the real service: the receiver is a real server on loopback, which the operator's allow-list
// (FETCH_ALLOWED_HOSTS) lets the address guard reach. WRITE_SCREENSHOTS=1 writes the two
// screenshots to docs/app (otherwise to a temporary folder).

const SECRET_KEY = 'b'.repeat(64);
const [LAMP] = validEans(1, 2718);

for (const target of databaseTargets()) {
  const shoot = screenshotsFor(target);

  describe(`review app: webhooks and attributes in Chromium [${target.name}]`, () => {
    let h: Harness;
    let base: string;
    let receiver: WebhookReceiver;
    let page: Page;
    let requests: string[];
    let schemaProduct: { token: string; id: string } | null = null;

    let run: ReviewAppWithWebhooks | undefined;

    before(async () => {
      run = await startReviewAppWithWebhooks(target, { secretKey: SECRET_KEY });
      ({ h, base, receiver, page, requests } = run);
    });
    after(async () => {
      await run?.close();
    });

    test('registers an endpoint (the secret shown once), pings it and sees the delivery, then deletes it', async () => {
      const { token } = await h.account(100);
      await signIn(page, base, token);
      await page.getByRole('link', { name: 'Account' }).click();
      await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
      await page.getByText('No endpoint registered.').waitFor();

      await page.getByLabel('Endpoint URL').fill(`${receiver.url}/shop-hook`);
      await page.getByLabel('Description (optional)').fill('shop sync');
      await page.getByRole('checkbox', { name: 'product.completed' }).check();
      await page.getByRole('button', { name: 'Register', exact: true }).click();
      await page.getByText('Copy the signing secret now: it is shown only this once').waitFor();
      const secret = await page.getByLabel('Signing secret').inputValue();
      assert.match(secret, /^whsec_/);
      const item = page.locator('li.webhook', { hasText: `${receiver.url}/shop-hook` });
      await item.getByText('Events: product.completed').waitFor();
      await item.getByText('enabled').waitFor();
      await expectAccessible(page, 'account with the secret shown');
      await page.getByRole('button', { name: 'I have copied it' }).click();
      assert.equal(await page.getByLabel('Signing secret').count(), 0, 'the secret is gone from the page');
      assert.ok(!(await page.content()).includes(secret), 'and nowhere in it');

      // The worker's own signal that the attempt is recorded; then one refresh shows it.
      const attempted = once(h.events, 'webhook_attempt');
      await item.getByRole('button', { name: `Send test ping to ${receiver.url}/shop-hook` }).click();
      await page.getByRole('status').filter({ hasText: 'Test ping queued.' }).waitFor();
      const [ping] = await receiver.waitFor('/shop-hook', 1);
      assert.equal(ping?.type, 'ping');
      const [attempt] = (await attempted) as [{ outcome: string }];
      assert.equal(attempt.outcome, 'delivered');
      await item.getByRole('button', { name: 'Refresh deliveries' }).click();
      const delivered = item.locator('tr[data-state="delivered"]', { hasText: 'ping' });
      await delivered.waitFor();
      assert.match(await delivered.innerText(), /ping\s+delivered\s+1\s+200/);
      await expectAccessible(page, 'account with deliveries');
      await shoot(page, 'account-webhooks');

      await item.getByRole('button', { name: `Delete endpoint ${receiver.url}/shop-hook` }).click();
      await item.getByRole('button', { name: 'Yes, delete' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `Deleted ${receiver.url}/shop-hook.` })
        .waitFor();
      await page.getByText('No endpoint registered.').waitFor();
      assert.equal((await h.get('/api/v1/webhooks', token)).json<{ data: unknown[] }>().data.length, 0);
    });

    test('a product of an account with a schema: values beside their facts, the missing listed, the proposed family confirmed', async () => {
      const { token } = await h.account(100);
      const define = async (url: string, body: unknown) => assert.equal((await h.post(url, token, body)).statusCode, 200);
      await define('/api/v1/families/create', { family_id: 'lighting', name: 'Lighting' });
      await define('/api/v1/attributes/create', { attribute_id: 'power', name: 'Power', type: 'number', unit: 'W', scope: 'family', family_ids: ['lighting'], is_essential: true });
      await define('/api/v1/attributes/create', { attribute_id: 'dimmable', name: 'Dimmable', type: 'boolean', scope: 'family', family_ids: ['lighting'], is_essential: true });
      const id = await h.createSettled(token, {
        codes: LAMP,
        title: 'Lampada LED Sole',
        brand: 'Lumina',
        description: 'Lampadina LED da 9 W con 806 lm, attacco E27.',
        countries: ['it'],
      });
      schemaProduct = { token, id };

      await signIn(page, base, token);
      await page.goto(`${base}/app#/products/${id}`);
      await page.getByRole('heading', { name: 'Attributes', exact: true }).waitFor();
      const power = page.locator('tr[data-attribute="power"]');
      await power.getByRole('rowheader', { name: 'Power' }).waitFor();
      assert.equal(await power.locator('.value').innerText(), '9 W');
      assert.match(await power.locator('.cited').innerText(), /9 W/, 'the fact it cites, with its source');
      const missing = page.getByRole('list', { name: /Missing/ });
      assert.deepEqual(await missing.locator('.attr-name').allInnerTexts(), ['Dimmable']);
      assert.equal(await page.getByTestId('completeness').innerText(), '50 %');
      await page.getByTestId('family').getByText('proposed').waitFor();
      await expectAccessible(page, 'product with attributes');
      await shoot(page, 'product-attributes');

      await page.getByRole('button', { name: 'Confirm family lighting' }).click();
      await page.getByRole('status').filter({ hasText: 'Family confirmed.' }).waitFor();
      await page.getByRole('button', { name: 'Confirm family lighting' }).waitFor({ state: 'detached' });
      assert.equal(await page.getByTestId('family').innerText(), 'lighting');
      const details = (await h.get(`/api/v1/products/details/${id}/it`, token)).json<{ product: { family: string; family_proposed: boolean } }>().product;
      assert.deepEqual([details.family, details.family_proposed], ['lighting', false]);
    });

    test('in Italian at phone width: the webhooks and the attributes read well and pass axe', async () => {
      const { token } = await h.account(10);
      const phone = await launchBrowser({ locale: 'it-IT', viewport: { width: 390, height: 844 } });
      try {
        const small = await phone.context.newPage();
        await signIn(small, base, token, ITALIAN_SIGN_IN);
        await small.getByRole('link', { name: 'Account' }).click();
        await small.getByRole('heading', { name: 'Webhook' }).waitFor();
        await small.getByLabel("URL dell'endpoint").fill(`${receiver.url}/phone-hook`);
        await small.getByRole('button', { name: 'Registra', exact: true }).click();
        await small.getByText('Copia ora il segreto di firma').waitFor();
        await expectAccessible(small, 'account, phone, Italian');
        const overflow = () =>
          small.evaluate(() => {
            const doc = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
            return doc.scrollWidth - doc.clientWidth;
          });
        assert.ok((await overflow()) <= 0, `no sideways scrolling (${await overflow()} px too wide)`);
        // The forms that change an endpoint, open together: in Italian, and still narrow enough.
        const phoneHook = `${receiver.url}/phone-hook`;
        await small.getByRole('button', { name: `Modifica l'endpoint ${phoneHook}` }).click();
        await small.getByRole('form', { name: `Modifiche a ${phoneHook}` }).waitFor();
        await small.getByRole('button', { name: `Ruota il segreto di ${phoneHook}` }).click();
        await small.getByRole('radio', { name: 'Un giorno' }).waitFor();
        await expectAccessible(small, 'endpoint forms, phone, Italian');
        assert.ok((await overflow()) <= 0, `no sideways scrolling with the forms open (${await overflow()} px too wide)`);

        const { token: schemaToken, id } = defined(schemaProduct, 'the schema test ran first');
        await signIn(small, base, schemaToken, ITALIAN_SIGN_IN);
        await small.goto(`${base}/app#/products/${id}`);
        await small.getByRole('rowheader', { name: 'Power' }).waitFor();
        assert.deepEqual(
          await small
            .getByRole('list', { name: /Mancanti/ })
            .locator('.attr-name')
            .allInnerTexts(),
          ['Dimmable'],
        );
        await small.getByText('Completezza').waitFor();
        await expectAccessible(small, 'product with attributes, phone, Italian');
        await small.getByRole('button', { name: 'Aggiungi un valore: Dimmable' }).click();
        await small.getByRole('radiogroup', { name: 'Dimmable' }).getByRole('radio', { name: 'Sì' }).waitFor();
        await expectAccessible(small, 'an attribute value being written, phone, Italian');
      } finally {
        await phone.close();
      }
    });

    test('no page asked anything of another origin', () => {
      assert.deepEqual(
        requests.filter((url) => !url.startsWith(base)),
        [],
      );
    });
  });
}
