import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

// Debian's Chromium driven by playwright-core: headless, no sandbox (CI runs as root), nothing
// that calls home, and a profile of its own so two test runs never share a browser's state.

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchBrowser(options: { locale?: string; viewport?: { width: number; height: number } } = {}): Promise<Browser> {
  const profile = await mkdtemp(join(tmpdir(), 'vetrina-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    locale: options.locale ?? 'en-GB',
    viewport: options.viewport ?? { width: 1280, height: 900 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Every request a page makes, to prove none leaves the server under test. */
export function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    urls.push(request.url());
  });
  return urls;
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** axe-core run in the page as it stands: the serious and critical violations. */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  // Added as a script element's text would break the page's CSP; evaluate runs outside it.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    // Runs in the page, where `document` exists; this file is type-checked without the DOM library.
    const page = globalThis as unknown as { axe: { run(context: unknown): Promise<{ violations: AxeViolation[] }> }; document: unknown };
    const result = await page.axe.run(page.document);
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
