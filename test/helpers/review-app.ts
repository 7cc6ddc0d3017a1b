import assert from 'node:assert/strict';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { Clock } from '../../src/services/webhook-ports.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../fakes/webhook-receiver.ts';
import { listening } from './api-client.ts';
import { type Browser, launchBrowser, recordRequests, seriousAxeViolations } from './browser.ts';
import type { DatabaseTarget } from './databases.ts';
import { type Harness, startHarness } from './harness.ts';
import { startHarnessWebhookWorkers } from './webhook-workers.ts';

// What the review app's browser tests share: signing in as a person does, the axe-core check of a
// page, its screenshots, and the service with webhook workers and a receiver on loopback.

/** The sign-in form's labels and the heading it lands on, in the page's language. */
export const ENGLISH_SIGN_IN = { token: 'API token', button: 'Sign in', landed: 'Products' };
export const ITALIAN_SIGN_IN = { token: 'Token API', button: 'Accedi', landed: 'Prodotti' };

/** Signs in afresh (any session of the browser ends first) and waits for the product list. */
export async function signIn(page: Page, base: string, token: string, labels = ENGLISH_SIGN_IN): Promise<void> {
  await page.context().clearCookies();
  await page.goto(`${base}/app`);
  await page.getByLabel(labels.token).fill(token);
  await page.getByRole('button', { name: labels.button }).click();
  await page.getByRole('heading', { name: labels.landed }).waitFor();
}

export async function expectAccessible(page: Page, where: string): Promise<void> {
  const violations = await seriousAxeViolations(page);
  assert.deepEqual(violations, [], `${where}: ${JSON.stringify(violations, null, 1)}`);
}

/** docs/app/ with WRITE_SCREENSHOTS=1; else a temporary folder, so a test run leaves the checkout as it found it. */
const SHOTS = process.env.WRITE_SCREENSHOTS === '1' ? join(import.meta.dirname, '..', '..', 'docs', 'app') : join(tmpdir(), `vetrina-app-shots-${process.pid}`);

/** A page's PNG, written whole or not at all, so two runs at once never leave a torn file. */
async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS, { recursive: true });
  const temporary = join(SHOTS, `.${name}.${process.pid}.png`);
  await writeFile(temporary, await page.screenshot({ fullPage: true }));
  await rename(temporary, join(SHOTS, `${name}.png`));
}

/** Screenshots once per run (the first database), so the files do not depend on which ran last. */
export function screenshotsFor(target: DatabaseTarget): (page: Page, name: string) => Promise<void> {
  return target.name === 'pglite' ? screenshot : async () => {};
}

export interface ReviewAppWithWebhooks {
  h: Harness;
  /** Where the service listens, for the browser. */
  base: string;
  receiver: WebhookReceiver;
  browser: Browser;
  page: Page;
  /** Every request the page made. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * The service listening on loopback with its webhook workers, a receiver the operator's allow-list
 * (FETCH_ALLOWED_HOSTS) lets the address guard reach, and Chromium with one page open.
 */
export async function startReviewAppWithWebhooks(
  target: DatabaseTarget,
  options: { secretKey: string; clock?: Clock; env?: Record<string, string> },
): Promise<ReviewAppWithWebhooks> {
  const receiver = await startWebhookReceiver();
  let h: Harness | undefined;
  let browser: Browser | undefined;
  try {
    h = await startHarness(target, {
      ...(options.clock === undefined ? {} : { clock: options.clock }),
      env: { FETCH_ALLOWED_HOSTS: receiver.hostPort, WEBHOOK_SECRET_KEY: options.secretKey, WEBHOOK_POLL_MS: '50', ...options.env },
    });
    const base = await listening(h);
    await startHarnessWebhookWorkers(h);
    browser = await launchBrowser();
    const page = await browser.context.newPage();
    const requests = recordRequests(page);
    const started = { h, browser };
    return {
      h,
      base,
      receiver,
      browser,
      page,
      requests,
      async close() {
        try {
          await started.browser.close();
          await started.h.close();
        } finally {
          await receiver.close();
        }
      },
    };
  } catch (err) {
    await browser?.close();
    await h?.close();
    await receiver.close();
    throw err;
  }
}
