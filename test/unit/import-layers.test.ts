import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, test } from 'node:test';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import config from '../../.dependency-cruiser.ts';

// The import rules that `npm run check` applies to src/ and app/, run on small trees made here, so
// each rule is seen to fail on the arrow it forbids and to let the allowed ones pass.

const trees: string[] = [];
after(() => {
  for (const dir of trees) rmSync(dir, { recursive: true, force: true });
});

/** Each violation as "rule: from → to" for a tree of files (path → source). */
async function violationsIn(files: Record<string, string>): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'import-layers-'));
  trees.push(dir);
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(join(dir, dirname(path)), { recursive: true });
    writeFileSync(join(dir, path), source);
  }
  const roots = ['src', 'app'].filter((root) => Object.keys(files).some((path) => path.startsWith(`${root}/`)));
  const { output } = await cruise(roots, { ...config.options, baseDir: dir, validate: true, ruleSet: { forbidden: config.forbidden ?? [] } });
  const result = output as ICruiseResult;
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

describe('import layers', () => {
  test('imports down the layers pass: http → services → db → domain, and a library anywhere', async () => {
    const found = await violationsIn({
      'src/domain/price.ts': "import { z } from 'zod';\nexport const price = z.number();\n",
      'src/db/prices.ts': "import { price } from '../domain/price.ts';\nexport const read = () => price;\n",
      'src/services/quote.ts': "import { read } from '../db/prices.ts';\nexport const quote = () => read();\n",
      'src/http/routes/quote.ts': "import { quote } from '../../services/quote.ts';\nexport const route = quote;\n",
      'app/page.ts': "import { price } from '../src/domain/price.ts';\nexport const shown = price;\n",
    });
    assert.deepEqual(found, []);
  });

  test('an import of a higher layer fails, a type-only one too', async () => {
    const found = await violationsIn({
      'src/db/products.ts': "import type { Quote } from '../services/quote.ts';\nexport type Row = Quote;\n",
      'src/config.ts': "import { store } from './media/store.ts';\nexport const media = store;\n",
      'src/services/quote.ts': 'export type Quote = number;\n',
      'src/media/store.ts': 'export const store = 1;\n',
    });
    assert.deepEqual(found, ['no-upward-from-base: src/config.ts → src/media/store.ts', 'no-upward-from-db: src/db/products.ts → src/services/quote.ts']);
  });

  test('a circle of imports fails, even inside one folder', async () => {
    const found = await violationsIn({
      'src/http/app.ts': "import { route } from './routes/a.ts';\nexport interface Deps { n: number }\nexport const app = route;\n",
      'src/http/routes/a.ts': "import type { Deps } from '../app.ts';\nexport const route = (d: Deps) => d.n;\n",
    });
    assert.equal(found.length, 1, 'one circle, reported once');
    assert.match(found[0] ?? '', /^no-circular: src\/http\/(app\.ts → src\/http\/routes\/a\.ts|routes\/a\.ts → src\/http\/app\.ts)$/);
  });

  test('domain imports only domain; the review app only domain; a module outside the layers is refused', async () => {
    const found = await violationsIn({
      'src/domain/rules.ts': "import { load } from '../config.ts';\nexport const rules = load;\n",
      'src/config.ts': 'export const load = 1;\n',
      'app/page.ts': "import { read } from '../src/db/prices.ts';\nexport const page = read;\n",
      'src/db/prices.ts': 'export const read = 1;\n',
      'src/helpers/misc.ts': "import { read } from '../db/prices.ts';\nexport const misc = read;\n",
    });
    assert.deepEqual(found, [
      'app-uses-only-domain: app/page.ts → src/db/prices.ts',
      'domain-stays-pure: src/domain/rules.ts → src/config.ts',
      'every-module-in-a-layer: src/helpers/misc.ts → src/db/prices.ts',
      'no-upward-from-domain: src/domain/rules.ts → src/config.ts',
    ]);
  });
});
