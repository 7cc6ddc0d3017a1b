import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { defined } from '../helpers/assert.ts';
import { validEans } from '../helpers/codes.ts';
import { databaseTargets } from '../helpers/databases.ts';
import type { Harness } from '../helpers/harness.ts';
import { expectAccessible, type ReviewAppWithWebhooks, signIn, startReviewAppWithWebhooks } from '../helpers/review-app.ts';
import { verifiesWith, type WebhookReceiver } from '../fakes/webhook-receiver.ts';

// The review app changing things in Chromium against the real service: a webhook endpoint's url,
// events and description, its enabled state and its secret (account page), and a product's
// attribute values (product page). The receiver is a real server on loopback, which the
// operator's allow-list (FETCH_ALLOWED_HOSTS) lets the address guard reach; any other loopback
// port is refused, which is how a refused url is shown.

const SECRET_KEY = 'c'.repeat(64);
const [LAMP, SPOT] = validEans(2, 3141);

async function openAccount(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Account' }).click();
  await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
}

/** Waits until the element with this id has the keyboard focus (the page moves it after rendering). */
async function expectFocus(page: Page, id: string | null, what: string): Promise<void> {
  assert.ok(id !== null, `${what}: no id`);
  // Playwright's own deadline (30 s), as everywhere else: a loaded machine renders slowly.
  await page.waitForFunction((wanted) => (globalThis as unknown as { document: { activeElement: { id: string } | null } }).document.activeElement?.id === wanted, id);
}

/** What a receiver using the standardwebhooks package concludes. */

for (const target of databaseTargets()) {
  describe(`review app: changing webhooks and attribute values in Chromium [${target.name}]`, () => {
    let h: Harness;
    let base: string;
    let receiver: WebhookReceiver;
    let page: Page;
    let requests: string[];

    let run: ReviewAppWithWebhooks | undefined;

    before(async () => {
      run = await startReviewAppWithWebhooks(target, { secretKey: SECRET_KEY });
      ({ h, base, receiver, page, requests } = run);
    });
    after(async () => {
      await run?.close();
    });

    async function register(token: string, path: string): Promise<{ id: string; secret: string }> {
      const res = await h.post('/api/v1/webhooks', token, { url: `${receiver.url}${path}`, events: ['product.completed'], description: 'shop sync' });
      assert.equal(res.statusCode, 201, res.body);
      return res.json<{ data: { id: string; secret: string } }>().data;
    }

    test('edits an endpoint: a refused url keeps what was typed with the reason beside it; a good one shows in the list and gets the events', async () => {
      const { token } = await h.account(10);
      const endpoint = await register(token, '/old-hook');
      await signIn(page, base, token);
      await openAccount(page);
      const oldUrl = `${receiver.url}/old-hook`;
      const item = page.locator(`li[data-endpoint="${endpoint.id}"]`);
      await item.getByText(oldUrl).waitFor();

      await item.getByRole('button', { name: `Edit endpoint ${oldUrl}` }).click();
      const form = item.getByRole('form', { name: `Changes to ${oldUrl}` });
      const url = form.getByLabel('Endpoint URL');
      assert.equal(await url.inputValue(), oldUrl, 'the form starts from what is registered');
      await expectFocus(page, await url.getAttribute('id'), 'the url field has the focus');
      assert.equal(await form.getByRole('checkbox', { name: 'product.completed' }).isChecked(), true);

      // Another loopback port: not on the operator's allow-list, so the API refuses it.
      await url.fill('http://127.0.0.1:9/elsewhere');
      await form.getByLabel('Description (optional)').fill('warehouse');
      await form.getByRole('checkbox', { name: 'credits.low' }).check();
      await form.getByRole('button', { name: 'Save changes' }).click();
      await form.getByRole('alert').filter({ hasText: 'The url cannot receive webhooks: its address is private, local or reserved.' }).waitFor();
      assert.equal(await url.inputValue(), 'http://127.0.0.1:9/elsewhere', 'the typed url stays');
      assert.equal(await url.getAttribute('aria-invalid'), 'true');
      assert.equal(await form.getByLabel('Description (optional)').inputValue(), 'warehouse', 'and so does the rest');
      assert.equal(await form.getByRole('checkbox', { name: 'credits.low' }).isChecked(), true);
      await expectAccessible(page, 'edit form with a refused url');
      const stored = (await h.get('/api/v1/webhooks', token)).json<{ data: { url: string; description: string }[] }>().data;
      assert.deepEqual(
        stored.map((e) => [e.url, e.description]),
        [[oldUrl, 'shop sync']],
        'nothing changed',
      );

      const newUrl = `${receiver.url}/new-hook`;
      await url.fill(newUrl);
      await form.getByRole('button', { name: 'Save changes' }).click();
      await page.getByRole('status').filter({ hasText: 'Endpoint changed.' }).waitFor();
      await item.getByText(newUrl, { exact: true }).waitFor();
      await item.getByText('warehouse').waitFor();
      await item.getByText('Events: product.completed, credits.low').waitFor();
      assert.equal(await form.count(), 0, 'the form is closed');
      await expectFocus(page, `wh-edit-button-${endpoint.id}`, 'the focus is back on the Edit button');
      const changed = (await h.get('/api/v1/webhooks', token)).json<{ data: { url: string; description: string; events: string[] }[] }>().data;
      assert.deepEqual(
        changed.map((e) => [e.url, e.description, e.events]),
        [[newUrl, 'warehouse', ['product.completed', 'credits.low']]],
      );

      // Escape closes the form without saving.
      await item.getByRole('button', { name: `Edit endpoint ${newUrl}` }).click();
      await item
        .getByRole('form', { name: `Changes to ${newUrl}` })
        .getByLabel('Endpoint URL')
        .fill(`${receiver.url}/not-saved`);
      await page.keyboard.press('Escape');
      await item.getByRole('form', { name: `Changes to ${newUrl}` }).waitFor({ state: 'detached' });
      assert.equal((await h.get('/api/v1/webhooks', token)).json<{ data: { url: string }[] }>().data[0]?.url, newUrl);

      await item.getByRole('button', { name: `Send test ping to ${newUrl}` }).click();
      const [ping] = await receiver.waitFor('/new-hook', 1);
      assert.equal(ping?.type, 'ping', 'events now go to the new url');
    });

    test('disables an endpoint once the person confirms (Escape and Cancel leave it enabled), then enables it again without asking', async () => {
      const { token } = await h.account(10);
      const endpoint = await register(token, '/toggle-hook');
      const hookUrl = `${receiver.url}/toggle-hook`;
      await signIn(page, base, token);
      await openAccount(page);
      const item = page.locator(`li[data-endpoint="${endpoint.id}"]`);
      const badge = item.locator('.wh-url .badge');
      assert.equal(await badge.innerText(), 'enabled');
      const status = async () => (await h.get('/api/v1/webhooks', token)).json<{ data: { status: string }[] }>().data[0]?.status;

      // Disabling gives up pending deliveries, so it is asked first: Escape and Cancel leave it enabled.
      const disable = item.getByRole('button', { name: `Disable endpoint ${hookUrl}` });
      const question = item.getByRole('group', { name: `Disable ${hookUrl}? Its pending deliveries are given up, and nothing more is sent until it is enabled again.` });
      await disable.click();
      await question.waitFor();
      await expectFocus(page, `wh-confirm-cancel-${endpoint.id}`, 'the focus is on Cancel, the answer that changes nothing');
      await expectAccessible(page, 'disabling asked first');
      await page.keyboard.press('Escape');
      await question.waitFor({ state: 'detached' });
      await expectFocus(page, `wh-toggle-button-${endpoint.id}`, 'Escape puts the focus back on Disable');
      await disable.click();
      await question.getByRole('button', { name: 'Cancel' }).click();
      await question.waitFor({ state: 'detached' });
      await expectFocus(page, `wh-toggle-button-${endpoint.id}`, 'Cancel puts the focus back on Disable');
      assert.equal(await badge.innerText(), 'enabled');
      assert.equal(await status(), 'enabled', 'neither answer disabled it');

      await disable.click();
      await question.getByRole('button', { name: 'Yes, disable' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `Disabled ${hookUrl}` })
        .waitFor();
      await item.getByRole('button', { name: `Enable endpoint ${hookUrl}` }).waitFor();
      await expectFocus(page, `wh-toggle-button-${endpoint.id}`, 'the focus stays on the button, now Enable');
      assert.equal(await badge.innerText(), 'disabled');
      assert.equal(await status(), 'disabled');
      await expectAccessible(page, 'a disabled endpoint');

      // Enabling gives nothing up: no question.
      await item.getByRole('button', { name: `Enable endpoint ${hookUrl}` }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `Enabled ${hookUrl}` })
        .waitFor();
      await disable.waitFor();
      assert.equal(await question.count(), 0);
      assert.equal(await badge.innerText(), 'enabled');
      assert.equal(await status(), 'enabled');
    });

    test('rotates the secret with the grace period chosen: the new one shown once, the previous one signing until the time shown', async () => {
      const { token } = await h.account(10);
      const endpoint = await register(token, '/rotate-hook');
      const hookUrl = `${receiver.url}/rotate-hook`;
      await signIn(page, base, token);
      await openAccount(page);
      const item = page.locator(`li[data-endpoint="${endpoint.id}"]`);

      await item.getByRole('button', { name: `Rotate secret of ${hookUrl}` }).click();
      const form = item.getByRole('form', { name: `New signing secret for ${hookUrl}` });
      const grace = form.getByRole('group', { name: 'How long the previous secret keeps signing beside the new one' });
      assert.equal(await grace.getByRole('radio', { name: 'One day' }).isChecked(), true, "a day, the API's default, is preselected");
      await expectFocus(page, `wh-grace-86400-${endpoint.id}`, 'and has the focus');
      await page.keyboard.press('ArrowUp');
      assert.equal(await grace.getByRole('radio', { name: 'One hour' }).isChecked(), true, 'the arrow keys pick another');
      const asked = Date.now();
      await form.getByRole('button', { name: 'Rotate now' }).click();

      await item.getByText('Copy the new signing secret now: it will not be shown again.').waitFor();
      await page
        .getByRole('status')
        .filter({ hasText: `Signing secret of ${hookUrl} rotated.` })
        .waitFor();
      const secretField = item.getByLabel('New signing secret');
      const secret = await secretField.inputValue();
      assert.match(secret, /^whsec_/);
      assert.notEqual(secret, endpoint.secret);
      const until = item.getByTestId('previous-secret');
      assert.match(await until.innerText(), /^The previous secret keeps signing beside the new one until .+\.$/);
      const expires = Date.parse((await until.locator('time').getAttribute('datetime')) ?? '');
      assert.ok(expires > asked + 55 * 60_000 && expires < asked + 65 * 60_000, `an hour from the rotation (${new Date(expires).toISOString()})`);
      await expectAccessible(page, 'the rotated secret shown');

      // What the page says holds: during the grace period a message verifies with either secret.
      await item.getByRole('button', { name: `Send test ping to ${hookUrl}` }).click();
      const [ping] = await receiver.waitFor('/rotate-hook', 1);
      assert.ok(ping !== undefined && verifiesWith(secret, ping), 'the new secret signs');
      assert.ok(verifiesWith(endpoint.secret, ping), 'and the previous one still does');

      await item.getByRole('button', { name: 'I have copied it' }).click();
      assert.equal(await secretField.count(), 0, 'the secret is gone from the page');
      assert.ok(!(await page.content()).includes(secret), 'and nowhere in it');
      await expectFocus(page, `wh-rotate-button-${endpoint.id}`, 'focus');
      await page.reload();
      await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
      await item.getByText(hookUrl).waitFor();
      assert.ok(!(await page.content()).includes(secret), 'nor shown again after a reload');

      // No grace: the page says the previous secret no longer signs.
      await item.getByRole('button', { name: `Rotate secret of ${hookUrl}` }).click();
      await item.getByRole('radio', { name: 'Not at all: it stops now' }).check();
      await item.getByRole('button', { name: 'Rotate now' }).click();
      await item.getByText('The previous secret no longer signs: only the new one does.').waitFor();
    });

    test('writes, adds and removes attribute values; each persists after a reload, and refused values stay typed with the reason beside them', async () => {
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
      // Defined after the generation, so it is missing; deleted below while its editor is open.
      await define('/api/v1/attributes/create', { attribute_id: 'colour', name: 'Colour', type: 'text', scope: 'global' });
      const stored = async () => (await h.get(`/api/v1/products/details/${id}/it`, token)).json<{ product: { global_attr: Record<string, string> } }>().product.global_attr;
      assert.equal((await stored()).power, '9');

      await signIn(page, base, token);
      await page.goto(`${base}/app#/products/${id}`);
      const power = page.locator('tr[data-attribute="power"]');
      await power.getByRole('rowheader', { name: 'Power' }).waitFor();

      // A number: a field with a decimal keypad and the unit beside it. What the API cannot read is
      // refused with its reason, the text kept.
      await power.getByRole('button', { name: 'Edit: Power' }).click();
      const field = power.getByRole('textbox', { name: 'Power (W)' });
      assert.equal(await field.inputValue(), '9');
      assert.equal(await field.getAttribute('inputmode'), 'decimal');
      await expectFocus(page, 'attr-input-power', 'focus');
      await power.getByText('A number, in W; another unit of the same kind is converted.').waitFor();
      assert.equal(await power.locator('.with-unit .unit').innerText(), 'W');
      await field.fill('nine');
      await power.getByRole('button', { name: 'Save' }).click();
      await power.getByRole('alert').filter({ hasText: 'power is a number' }).waitFor();
      assert.equal(await field.inputValue(), 'nine');
      assert.equal(await field.getAttribute('aria-invalid'), 'true');
      assert.match(defined(await field.getAttribute('aria-describedby'), 'the field points at its error'), /attr-input-power-error/);
      await expectFocus(page, 'attr-input-power', 'the focus is back on the field');
      await expectAccessible(page, 'an attribute value refused');
      // Decimals or thousands? The API will not guess, and says how to write it.
      await field.fill('7.125');
      await power.getByRole('button', { name: 'Save' }).click();
      await power.getByRole('alert').filter({ hasText: 'A separator before three digits may group thousands or mark decimals: write 1200 or 1.2.' }).waitFor();
      assert.equal(await field.inputValue(), '7.125');
      assert.equal((await stored()).power, '9', 'nothing saved');

      // A decimal comma is read as one (a browser's number field would have dropped it: 75).
      await field.fill('7,5');
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({ hasText: 'Power saved.' }).waitFor();
      await power.locator('.value').filter({ hasText: '7.5 W' }).waitFor();
      await expectFocus(page, 'attr-edit-power', 'the focus is back on the Edit button');
      assert.equal((await stored()).power, '7.5');
      // Another unit of the same kind is converted to the attribute's.
      await power.getByRole('button', { name: 'Edit: Power' }).click();
      await field.fill('0,012 kW');
      await page.keyboard.press('Enter');
      await power.locator('.value').filter({ hasText: '12 W' }).waitFor();
      assert.equal((await stored()).power, '12');

      // A missing yes-or-no value: two radio buttons; none chosen is refused by the API.
      const missing = page.getByRole('list', { name: /Missing/ });
      await missing.getByRole('button', { name: 'Add a value: Dimmable' }).click();
      const dimmable = missing.getByRole('radiogroup', { name: 'Dimmable' });
      await expectFocus(page, 'attr-input-dimmable', 'the first choice has the focus');
      await missing.getByRole('button', { name: 'Save' }).click();
      await missing.getByRole('alert').filter({ hasText: 'The value of dimmable is empty.' }).waitFor();
      await expectFocus(page, 'attr-input-dimmable', 'the focus is back on the choices');
      await expectAccessible(page, 'a yes-or-no value refused');
      await page.keyboard.press('Space');
      assert.equal(await dimmable.getByRole('radio', { name: 'Yes' }).isChecked(), true);
      await page.keyboard.press('ArrowDown');
      assert.equal(await dimmable.getByRole('radio', { name: 'No' }).isChecked(), true, 'the arrow keys choose');
      await page.keyboard.press('ArrowUp');
      await missing.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').filter({ hasText: 'Dimmable saved.' }).waitFor();
      await page.locator('tr[data-attribute="dimmable"]').waitFor();
      assert.equal((await stored()).dimmable, 'true');
      await page.getByRole('button', { name: 'Edit: Dimmable' }).click();
      assert.equal(await page.getByRole('radio', { name: 'Yes' }).isChecked(), true, 'the stored value is the one chosen');
      await page.keyboard.press('Escape');

      await page.reload();
      await power.locator('.value').filter({ hasText: '12 W' }).waitFor();
      assert.equal(await page.locator('tr[data-attribute="dimmable"] .value').innerText(), 'true');
      assert.deepEqual(await missing.locator('.attr-name').allInnerTexts(), ['Colour']);

      // Removed: gone from the table, listed as missing, after a reload too.
      await power.getByRole('button', { name: 'Remove: Power' }).click();
      await page.getByRole('status').filter({ hasText: 'Power removed.' }).waitFor();
      await power.waitFor({ state: 'detached' });
      assert.equal((await stored()).power, undefined);
      await page.reload();
      await page.locator('tr[data-attribute="dimmable"]').waitFor();
      assert.equal(await power.count(), 0);
      assert.deepEqual((await missing.locator('.attr-name').allInnerTexts()).sort(), ['Colour', 'Power']);

      // An attribute deleted from the schema while its value is being written.
      await missing.getByRole('button', { name: 'Add a value: Colour' }).click();
      await missing.getByLabel('Colour').fill('Amber');
      const deleted = await h.app.inject({ method: 'DELETE', url: '/api/v1/attributes/delete/colour', headers: { authorization: `Bearer ${token}` } });
      assert.equal(deleted.statusCode, 200, deleted.body);
      await missing.getByRole('button', { name: 'Save' }).click();
      await missing.getByRole('alert').filter({ hasText: `No attribute "colour" in this account's schema` }).waitFor();
      assert.equal(await missing.getByLabel('Colour').inputValue(), 'Amber');
      assert.equal((await stored()).colour, undefined);
    });

    test('a select offers the options, several values are ticked, text stays text; each saved as the API stores it, and an option removed meanwhile refused', async () => {
      const { token } = await h.account(100);
      const define = async (url: string, body: unknown) => assert.equal((await h.post(url, token, body)).statusCode, 200);
      const id = await h.createSettled(token, { codes: SPOT, title: 'Faretto Luce', brand: 'Lumina', description: 'Faretto da incasso.', countries: ['it'] });
      // Defined after the generation, so all three are missing.
      const options = (values: string[]) => values.map((value) => ({ action: 'new', value }));
      await define('/api/v1/attributes/create', { attribute_id: 'finish', name: 'Finish', type: 'single-select', scope: 'global', options: options(['Matt', 'Glossy']) });
      await define('/api/v1/attributes/create', {
        attribute_id: 'rooms',
        name: 'Rooms',
        type: 'multi-select',
        scope: 'global',
        options: options(['Kitchen', 'Bathroom', 'Garden']),
      });
      await define('/api/v1/attributes/create', { attribute_id: 'shade', name: 'Shade', type: 'text', scope: 'global' });
      const stored = async () => (await h.get(`/api/v1/products/details/${id}/it`, token)).json<{ product: { global_attr: Record<string, string> } }>().product.global_attr;

      await signIn(page, base, token);
      await page.goto(`${base}/app#/products/${id}`);
      const missing = page.getByRole('list', { name: /Missing/ });
      await missing.getByRole('button', { name: 'Add a value: Finish' }).waitFor();

      // One option: a select of them.
      await missing.getByRole('button', { name: 'Add a value: Finish' }).click();
      const finish = missing.getByRole('combobox', { name: 'Finish' });
      await expectFocus(page, 'attr-input-finish', 'the select has the focus');
      assert.deepEqual(await finish.locator('option').allInnerTexts(), ['Choose one', 'Matt', 'Glossy']);
      await expectAccessible(page, 'a select being chosen');
      await finish.selectOption('Glossy');
      await missing.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').filter({ hasText: 'Finish saved.' }).waitFor();
      const finishRow = page.locator('tr[data-attribute="finish"]');
      await finishRow.locator('.value').filter({ hasText: 'Glossy' }).waitFor();
      assert.equal((await stored()).finish, 'Glossy');

      // The option picked is removed from the schema before the save: the API's reason, the choice kept.
      await finishRow.getByRole('button', { name: 'Edit: Finish' }).click();
      const editing = finishRow.getByRole('combobox', { name: 'Finish' });
      assert.equal(await editing.inputValue(), 'Glossy', 'the stored value is the one selected');
      await editing.selectOption('Matt');
      const removed = await h.app.inject({
        method: 'PUT',
        url: '/api/v1/attributes/update/finish',
        headers: { authorization: `Bearer ${token}` },
        payload: { options: [{ action: 'delete', Matt: null }] },
      });
      assert.equal(removed.statusCode, 200, removed.body);
      await finishRow.getByRole('button', { name: 'Save' }).click();
      await finishRow.getByRole('alert').filter({ hasText: 'finish must be one of its options (Glossy); "Matt" is none of them.' }).waitFor();
      assert.equal(await editing.inputValue(), 'Matt');
      assert.equal(await editing.getAttribute('aria-invalid'), 'true');
      await expectAccessible(page, 'a select value refused');
      assert.equal((await stored()).finish, 'Glossy', 'nothing saved');
      await page.keyboard.press('Escape');
      await expectFocus(page, 'attr-edit-finish', 'Escape closes the editor');

      // Several options: a checkbox each, in a group named by the attribute; none ticked is refused.
      await missing.getByRole('button', { name: 'Add a value: Rooms' }).click();
      const rooms = missing.getByRole('group', { name: 'Rooms' });
      await expectFocus(page, 'attr-input-rooms', 'the first checkbox has the focus');
      await missing.getByRole('button', { name: 'Save' }).click();
      await missing.getByRole('alert').filter({ hasText: 'The value of rooms is empty.' }).waitFor();
      await expectFocus(page, 'attr-input-rooms', 'the focus is back on the first checkbox');
      await expectAccessible(page, 'a multi-select value refused');
      await page.keyboard.press('Space');
      await rooms.getByRole('checkbox', { name: 'Garden' }).check();
      assert.deepEqual(await Promise.all(['Kitchen', 'Bathroom', 'Garden'].map((name) => rooms.getByRole('checkbox', { name }).isChecked())), [true, false, true]);
      await missing.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').filter({ hasText: 'Rooms saved.' }).waitFor();
      await page.locator('tr[data-attribute="rooms"] .value').filter({ hasText: 'Kitchen | Garden' }).waitFor();
      assert.equal((await stored()).rooms, 'Kitchen | Garden');
      await page.getByRole('button', { name: 'Edit: Rooms' }).click();
      assert.deepEqual(
        await Promise.all(['Kitchen', 'Bathroom', 'Garden'].map((name) => page.getByRole('checkbox', { name }).isChecked())),
        [true, false, true],
        'the stored values are the ones ticked',
      );
      await page.getByRole('button', { name: 'Cancel' }).click();

      // Text stays a text field.
      await missing.getByRole('button', { name: 'Add a value: Shade' }).click();
      await missing.getByRole('textbox', { name: 'Shade' }).fill('Warm white');
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({ hasText: 'Shade saved.' }).waitFor();
      assert.equal((await stored()).shade, 'Warm white');
      await page.reload();
      await page.locator('tr[data-attribute="shade"] .value').filter({ hasText: 'Warm white' }).waitFor();
      assert.equal(await page.locator('tr[data-attribute="finish"] .value').innerText(), 'Glossy');
      assert.equal(await page.locator('tr[data-attribute="rooms"] .value').innerText(), 'Kitchen | Garden');
    });

    test('no page asked anything of another origin', () => {
      assert.deepEqual(
        requests.filter((url) => !url.startsWith(base)),
        [],
      );
    });
  });
}
