import assert from 'node:assert/strict';
import { type EventEmitter, once } from 'node:events';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { gs1CheckDigit } from '../../src/domain/codes.ts';
import { defined } from '../helpers/assert.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { validEans } from '../helpers/codes.ts';
import { databaseTargets } from '../helpers/databases.ts';
import type { Harness } from '../helpers/harness.ts';
import { expectAccessible, type ReviewAppWithWebhooks, signIn, startReviewAppWithWebhooks } from '../helpers/review-app.ts';
import { ManualClock } from '../fakes/manual-clock.ts';
import type { WebhookReceiver } from '../fakes/webhook-receiver.ts';

// The review app in Chromium against the real service: creating one product from a code and raw
// data (its check digit judged as it is typed, nothing asked of the API that it would refuse, the
// page's icon served), attribute values edited in place and seen in the history, an endpoint's
// deliveries paged, and an endpoint the service disabled after five days of failures. Webhook
// retries run on a clock the test moves; the receiver is a real server on loopback.

const SECRET_KEY = 'd'.repeat(64);
const [CODE, LAMP] = validEans(2, 515);

/** The same EAN with a wrong check digit. */
function withWrongCheckDigit(ean: string): string {
  const body = ean.slice(0, -1);
  return `${body}${(gs1CheckDigit(body) + 1) % 10}`;
}

/** Resolves once `check` holds, checked again after each delivery attempt of the workers. */
async function waitUntil(events: EventEmitter, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const signal = AbortSignal.timeout(timeoutMs);
  for (;;) {
    // Listening before checking: an attempt that ends during the check still wakes the loop.
    const next = once(events, 'webhook_attempt', { signal });
    next.catch(() => {});
    if (await check()) return;
    await next;
  }
}

interface Answer {
  url: string;
  method: string;
  status: number;
  body: string | null;
}

/** Every answer the page got, and every request that got none. */
function recordAnswers(page: Page): { answers: Answer[]; failed: string[] } {
  const answers: Answer[] = [];
  const failed: string[] = [];
  page.on('response', (response) => {
    const request = response.request();
    answers.push({ url: response.url(), method: request.method(), status: response.status(), body: request.postData() });
  });
  page.on('requestfailed', (request) => failed.push(request.url()));
  return { answers, failed };
}

for (const target of databaseTargets()) {
  describe(`review app: create with a code and raw data, attributes in place, deliveries paged, a disabled endpoint [${target.name}]`, () => {
    let h: Harness;
    let base: string;
    let receiver: WebhookReceiver;
    let page: Page;
    let requests: string[];
    const manual = new ManualClock(Date.now());

    let run: ReviewAppWithWebhooks | undefined;

    before(async () => {
      // The paging test sends 25 test pings to one endpoint, past the default limit of 10 an hour.
      run = await startReviewAppWithWebhooks(target, { secretKey: SECRET_KEY, clock: { now: () => new Date(manual.now()) }, env: { WEBHOOK_PINGS_PER_HOUR: '30' } });
      ({ h, base, receiver, page, requests } = run);
    });
    after(async () => {
      await run?.close();
    });

    async function register(token: string, path: string): Promise<{ id: string; url: string }> {
      const res = await h.post('/api/v1/webhooks', token, { url: `${receiver.url}${path}` });
      assert.equal(res.statusCode, 201, res.body);
      return { id: res.json<{ data: { id: string } }>().data.id, url: `${receiver.url}${path}` };
    }

    test('creates a product from a code and raw data: the check digit judged as it is typed, no request refused and the icon served', async () => {
      const { id: accountId, token } = await h.account(100);
      // A browser of its own: its timers are stopped below, and that clock holds for its whole context.
      const own = await launchBrowser();
      try {
        const tab = await own.context.newPage();
        const { answers, failed } = recordAnswers(tab);
        const icon = tab.waitForResponse((r) => r.url() === `${base}/app/icon.svg`);
        await signIn(tab, base, token);
        // The page names its icon, so the browser does not ask for /favicon.ico (a 404 in every log).
        assert.equal(await tab.locator('link[rel="icon"]').getAttribute('href'), '/app/icon.svg');
        const iconAnswer = await icon;
        assert.equal(iconAnswer.status(), 200);
        assert.equal(await iconAnswer.headerValue('content-type'), 'image/svg+xml');

        // From here on nothing may be refused. The person opens Create and reads the empty form
        // for a while: the page's timers are stopped, then run five seconds at once.
        const fromCreate = answers.length;
        await tab.clock.install();
        await tab.getByRole('link', { name: 'Create' }).click();
        await tab.getByRole('heading', { name: 'Create products' }).waitFor();
        await tab.clock.runFor(5_000);
        await tab.clock.resume();
        await tab.getByText('Enter codes or data and countries to see the price.').waitFor();
        // A complete form is quoted, and only that.
        await tab.getByLabel('Codes (EAN, ASIN or MINSAN)').fill(defined(CODE));
        await tab.getByText('Price: 5 credit(s) for 1 product(s). Your balance: 100.').waitFor();
        const quoted = (bodies: Answer[]) => bodies.filter((a) => a.url.endsWith('/api/v1/products/create/quote'));
        assert.deepEqual(
          answers.slice(fromCreate).filter((a) => a.status >= 400),
          [],
          'opening Create made no request the API refused',
        );
        assert.deepEqual(
          quoted(answers.slice(fromCreate)).map((a) => JSON.parse(a.body ?? '{}').codes),
          [CODE],
          'the empty form was not quoted',
        );
        await tab.getByLabel('Codes (EAN, ASIN or MINSAN)').fill('');

        await tab.getByRole('radio', { name: 'Raw product data' }).check();
        const code = tab.getByLabel('Product code (optional)');
        const bad = withWrongCheckDigit(defined(CODE));
        await code.pressSequentially(bad);
        const error = tab.locator('#c-code-error');
        await error.filter({ hasText: `"${bad}" has an invalid check digit; expected ${defined(CODE).slice(-1)} (EAN-13)` }).waitFor();
        assert.equal(await code.getAttribute('aria-invalid'), 'true');
        assert.deepEqual(
          defined(await code.getAttribute('aria-describedby'))
            .split(' ')
            .sort(),
          ['c-code-error', 'c-code-hint'],
        );
        await tab.getByLabel('Title').fill('Lampada da tavolo Aurora');
        await tab.getByLabel('Brand').fill('Lumina');
        await tab.getByLabel('Description').fill('Lampada da tavolo in ottone, paralume in vetro, attacco E14.');
        await expectAccessible(tab, 'a code with a wrong check digit');
        assert.equal(await tab.getByRole('button', { name: /^Create and pay/ }).isDisabled(), true, 'a code the API would not take cannot be sent');

        await code.fill(defined(CODE));
        await tab.getByText('Price: 5 credit(s) for 1 product(s). Your balance: 100.').waitFor();
        assert.equal(await error.innerText(), '');
        assert.equal(await code.getAttribute('aria-invalid'), null);
        await tab.getByRole('button', { name: 'Create and pay 5 credit(s)' }).click();
        await tab.getByRole('heading', { name: 'Outcome' }).waitFor();
        const row = tab.locator(`tr[data-code="${CODE}"]`);
        assert.match(await row.innerText(), /queued/);
        const href = defined(await row.getByRole('link', { name: defined(CODE) }).getAttribute('href'));
        const id = decodeURIComponent(href.replace('#/products/', ''));

        const stored = (await h.get(`/api/v1/products/details/${id}`, token)).json<{ product: { code: string | null; sku: string | null } }>().product;
        assert.equal(stored.code, CODE, 'the product carries the code typed beside its data');
        assert.equal((await h.balance(accountId)).credits, 95);

        const sinceCreate = answers.slice(fromCreate);
        assert.deepEqual(
          sinceCreate.filter((a) => a.status >= 400),
          [],
          'no request of the page was refused',
        );
        assert.deepEqual(failed, []);
        assert.ok(!answers.some((a) => a.url.endsWith('/favicon.ico')));
        for (const quote of quoted(sinceCreate)) assert.equal(JSON.parse(quote.body ?? '{}').codes, CODE, 'only complete forms, with the good code, were quoted');
      } finally {
        await own.close();
      }
    });

    test('edits a number with its unit and a select in place: the new values shown, and each edit in the history by the attribute’s name', async () => {
      const { token } = await h.account(100);
      const define = async (url: string, body: unknown) => assert.equal((await h.post(url, token, body)).statusCode, 200);
      await define('/api/v1/families/create', { family_id: 'lighting', name: 'Lighting' });
      await define('/api/v1/attributes/create', { attribute_id: 'power', name: 'Power', type: 'number', unit: 'W', scope: 'family', family_ids: ['lighting'], is_essential: true });
      await define('/api/v1/attributes/create', {
        attribute_id: 'finish',
        name: 'Finish',
        type: 'single-select',
        scope: 'global',
        options: [
          { action: 'new', value: 'Matt' },
          { action: 'new', value: 'Glossy' },
        ],
      });
      const id = await h.createSettled(token, {
        codes: LAMP,
        title: 'Lampada LED Sole',
        brand: 'Lumina',
        description: 'Lampadina LED da 9 W con 806 lm, attacco E27.',
        countries: ['it'],
      });
      const stored = async () => (await h.get(`/api/v1/products/details/${id}/it`, token)).json<{ product: { global_attr: Record<string, string> } }>().product.global_attr;
      assert.equal((await stored()).power, '9');
      const given = await h.post('/api/v1/products/update', token, { code: id, country: 'it', global_attr: { finish: 'Matt' } });
      assert.equal(given.statusCode, 200, given.body);

      await signIn(page, base, token);
      await page.goto(`${base}/app#/products/${id}`);
      const history = page.getByRole('region', { name: 'History' });
      const newest = history.getByRole('listitem').first();

      const power = page.locator('tr[data-attribute="power"]');
      await power.getByRole('button', { name: 'Edit: Power' }).click();
      await power.getByRole('textbox', { name: 'Power (W)' }).fill('7,5');
      await power.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').filter({ hasText: 'Power saved.' }).waitFor();
      await power.locator('.value').filter({ hasText: '7.5 W' }).waitFor();
      await newest.getByRole('row', { name: 'Power (W) 9 7.5' }).waitFor();
      assert.match(await newest.getByRole('heading').innerText(), /IT · edited by hand/);

      const finish = page.locator('tr[data-attribute="finish"]');
      await finish.getByRole('button', { name: 'Edit: Finish' }).click();
      const select = finish.getByRole('combobox', { name: 'Finish' });
      assert.equal(await select.inputValue(), 'Matt');
      await select.selectOption('Glossy');
      await finish.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').filter({ hasText: 'Finish saved.' }).waitFor();
      await finish.locator('.value').filter({ hasText: 'Glossy' }).waitFor();
      await newest.getByRole('row', { name: 'Finish Matt Glossy' }).waitFor();
      assert.deepEqual(await newest.locator('tbody th').allInnerTexts(), ['Finish'], 'the edit changed that attribute alone');
      await expectAccessible(page, 'attribute edits in the history');

      assert.deepEqual(await stored(), { power: '7.5', finish: 'Glossy' });
      const versions = (await h.get(`/api/v1/products/details/${id}/history`, token)).json<{ data: { versions: { change: string; fields: Record<string, unknown> }[] } }>().data
        .versions;
      assert.deepEqual(
        versions.slice(0, 2).map((v) => [v.change, Object.keys(v.fields)]),
        [
          ['manual', ['global_attr.finish']],
          ['manual', ['global_attr.power']],
        ],
      );
    });

    test('pages through more than 20 deliveries of an endpoint, newest first; the last page says there is no more', async () => {
      const { token } = await h.account(10);
      const endpoint = await register(token, '/many');
      for (let i = 0; i < 25; i++) assert.equal((await h.post(`/api/v1/webhooks/${endpoint.id}/test`, token, {})).statusCode, 202);
      await receiver.waitFor('/many', 25);

      // The API: a page full to its limit says whether an older one exists.
      const page1 = (await h.get(`/api/v1/webhooks/${endpoint.id}/deliveries?limit=20`, token)).json<{ data: { deliveries: { id: string }[]; next_before: string | null } }>().data;
      assert.equal(page1.deliveries.length, 20);
      assert.equal(page1.next_before, page1.deliveries[19]?.id);
      const page2 = (await h.get(`/api/v1/webhooks/${endpoint.id}/deliveries?limit=5&before=${page1.next_before}`, token)).json<{
        data: { deliveries: { id: string }[]; next_before: string | null };
      }>().data;
      assert.equal(page2.deliveries.length, 5);
      assert.equal(page2.next_before, null, 'the last five, exactly a page: no empty page after them');
      const all = (await h.get(`/api/v1/webhooks/${endpoint.id}/deliveries?limit=25`, token)).json<{ data: { deliveries: { id: string }[]; next_before: string | null } }>().data;
      assert.equal(all.next_before, null);
      assert.deepEqual(
        all.deliveries.map((d) => d.id),
        [...page1.deliveries, ...page2.deliveries].map((d) => d.id),
      );

      await signIn(page, base, token);
      await page.getByRole('link', { name: 'Account' }).click();
      const item = page.locator(`li[data-endpoint="${endpoint.id}"]`);
      await item.getByRole('button', { name: 'Recent deliveries' }).click();
      const rows = item.getByTestId(`deliveries-${endpoint.id}`).locator('tbody tr');
      await item.getByText('The newest 20 deliveries; older ones follow.').waitFor();
      assert.equal(await rows.count(), 20);
      await expectAccessible(page, 'a page of deliveries');
      await item.getByRole('button', { name: 'Show older deliveries' }).click();
      await item.getByText('All 25 deliveries.').waitFor();
      assert.equal(await rows.count(), 25);
      assert.equal(await item.getByRole('button', { name: 'Show older deliveries' }).count(), 0, 'nothing older to show');
      assert.deepEqual(new Set(await rows.locator('td:first-child').allInnerTexts()), new Set(['ping']));

      // A refresh goes back to the newest page.
      await item.getByRole('button', { name: 'Refresh deliveries' }).click();
      await item.getByText('The newest 20 deliveries; older ones follow.').waitFor();
      assert.equal(await rows.count(), 20);
    });

    // Last: it moves the webhook clock five days on, which makes every pending retry above due.
    test('an endpoint the service disabled after five days of failures shows as disabled, with why, and can be enabled', async () => {
      const { token } = await h.account(10);
      const endpoint = await register(token, '/failing');
      const listed = async () =>
        defined((await h.get('/api/v1/webhooks', token)).json<{ data: { id: string; status: string; validation_messages: string[] }[] }>().data.find((e) => e.id === endpoint.id));
      const lastStatus = async () =>
        (await h.get(`/api/v1/webhooks/${endpoint.id}/deliveries`, token)).json<{ data: { deliveries: { last_status: number | null }[] } }>().data.deliveries[0]?.last_status;
      receiver.answer('/failing', 500, 500, 500);
      assert.equal((await h.post(`/api/v1/webhooks/${endpoint.id}/test`, token, {})).statusCode, 202);
      await waitUntil(h.events, async () => (await lastStatus()) === 500);
      manual.advance(5 * 24 * 3600_000);
      assert.equal((await h.post(`/api/v1/webhooks/${endpoint.id}/test`, token, {})).statusCode, 202);
      await waitUntil(h.events, async () => (await listed()).status === 'disabled');
      const reason = defined((await listed()).validation_messages[0]);
      assert.match(reason, /five days in a row/);

      await signIn(page, base, token);
      await page.getByRole('link', { name: 'Account' }).click();
      const item = page.getByRole('listitem', { name: endpoint.url });
      await item.getByText(reason).waitFor();
      assert.equal(await item.locator('.wh-url .badge').innerText(), 'disabled');
      assert.equal(await item.getByRole('button', { name: `Disable endpoint ${endpoint.url}` }).count(), 0);
      await item.getByRole('button', { name: 'Recent deliveries' }).click();
      await item.locator('tbody tr').filter({ hasText: '500' }).first().waitFor();
      await expectAccessible(page, 'an endpoint disabled after failures');

      receiver.answer('/failing', 200);
      await item.getByRole('button', { name: `Enable endpoint ${endpoint.url}` }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `Enabled ${endpoint.url}` })
        .waitFor();
      // The status line is shown as soon as the API answers; the list is drawn again after it.
      await item
        .locator('.wh-url .badge')
        .filter({ hasText: /^enabled$/ })
        .waitFor();
      await item.getByText(reason).waitFor({ state: 'detached' });
      assert.deepEqual([(await listed()).status, (await listed()).validation_messages], ['enabled', []]);
    });

    test('no page asked anything of another origin', () => {
      assert.deepEqual(
        requests.filter((url) => !url.startsWith(base)),
        [],
      );
    });
  });
}
