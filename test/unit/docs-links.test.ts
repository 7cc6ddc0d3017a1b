import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { githubSlug, type MarkdownOutline, outlineOf } from '../helpers/markdown-links.ts';

// The README is what a newcomer reads first, and the docs pages are where everything else went:
// a link that leads nowhere, or a pointer to a document this repository does not hold, is a
// dead end for exactly that reader.

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const README_MAX_LINES = 250;

function markdownFiles(): string[] {
  const docs = readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name));
  return ['README.md', ...docs.sort()];
}

const outlines = new Map<string, MarkdownOutline>();
function outline(file: string): MarkdownOutline {
  let known = outlines.get(file);
  if (known === undefined) {
    known = outlineOf(readFileSync(file, 'utf8'));
    outlines.set(file, known);
  }
  return known;
}

/** Every broken relative link of one file, as "file:line target: why". */
function brokenLinks(file: string): string[] {
  const problems: string[] = [];
  const absolute = join(root, file);
  for (const { line, target } of outline(absolute).links) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: … : not this repository's
    const where = `${file}:${line} ${target}`;
    if (target.startsWith('/')) {
      problems.push(`${where}: a path from the site's root; link relative to the file`);
      continue;
    }
    const hash = target.indexOf('#');
    const path = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
    const anchor = hash === -1 ? null : decodeURIComponent(target.slice(hash + 1));
    const destination = path === '' ? absolute : resolve(dirname(absolute), path);
    const fromRoot = relative(root, destination);
    if (fromRoot.startsWith(`..${sep}`) || fromRoot === '..') {
      problems.push(`${where}: outside the repository`);
      continue;
    }
    if (!existsSync(destination)) {
      problems.push(`${where}: no such file`);
      continue;
    }
    if (anchor === null || !destination.endsWith('.md') || statSync(destination).isDirectory()) continue;
    if (!outline(destination).anchors.has(anchor)) problems.push(`${where}: no heading of ${fromRoot} has the anchor #${anchor}`);
  }
  return problems;
}

describe('README and docs pages', () => {
  const files = markdownFiles();

  test('GitHub anchors are computed as GitHub does (known anchors of this repository)', () => {
    assert.equal(githubSlug('Agent models (LLM)'), 'agent-models-llm');
    assert.equal(githubSlug('Changing, deleting and reviewing'), 'changing-deleting-and-reviewing');
    assert.equal(githubSlug('PgBouncer: transaction mode works, and when to use it'), 'pgbouncer-transaction-mode-works-and-when-to-use-it');
    assert.equal(githubSlug('Checks (src/generation/ai/verify-record.ts, checks/)'), 'checks-srcgenerationaiverify-recordts-checks');
    assert.equal(githubSlug('Tables (migrations 013 and 023)'), 'tables-migrations-013-and-023');
    assert.equal(githubSlug('Über größe_ok'), 'über-größe_ok');
    const repeated = outlineOf('# Title\n## it (it)\n```sh\n# not a heading\n```\n## it (it)\n## `code` *and* [a link](x.md)\n## it (it)\n');
    assert.deepEqual([...repeated.anchors], ['title', 'it-it', 'it-it-1', 'code-and-a-link', 'it-it-2']);
  });

  test('links are read from prose, images and reference definitions, never from code', () => {
    const { links } = outlineOf('See [a](a.md#b) and `[not](c.md)`.\n```\n[nor](d.md)\n```\n![pic](p.png "title")\n[ref]: e.md#f\n');
    assert.deepEqual(
      links.map((l) => l.target),
      ['a.md#b', 'p.png', 'e.md#f'],
    );
  });

  test(`the README is at most ${README_MAX_LINES} lines, and opens with the start and test commands`, () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const lines = readme.replace(/\n$/, '').split('\n');
    assert.ok(lines.length <= README_MAX_LINES, `README.md has ${lines.length} lines; move detail to a page under docs/`);
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    assert.match(firstBlock, /^npm install && npm start\b/m);
    assert.match(firstBlock, /^npm install && npm test\b/m);
  });

  test('every code block is closed (else the rest of the page renders as code, its links and headings lost)', () => {
    const unclosed = files.flatMap((file) => {
      const at = outline(join(root, file)).unclosedFence;
      return at === null ? [] : [`${file}:${at}`];
    });
    assert.deepEqual(unclosed, []);
    assert.equal(outlineOf('```sh\nnpm test\n').unclosedFence, 1);
  });

  test('every relative link points at a file of the repository, and every #anchor at a heading of it', () => {
    assert.ok(files.length > 5, `found only ${files.join(', ')}`);
    const problems = files.flatMap(brokenLinks);
    assert.deepEqual(problems, []);
  });

  test('no text points at a document this repository does not hold', () => {
    const outside = /\.\.\/shared|\b(?:CONTRACT|INTEGRATION|DESIGN)\.md\b|\bspec \d+\.\d+/i;
    const found = files.flatMap((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .flatMap((text, i) => (outside.test(text) ? [`${file}:${i + 1} ${text.trim()}`] : [])),
    );
    assert.deepEqual(found, []);
  });
});
