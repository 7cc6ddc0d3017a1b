import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { emptyContent } from '../../src/domain/content.ts';
import { validationIssue } from '../../src/domain/validation-issue.ts';
import { attributeName, isAttributeName } from '../../src/domain/facts.ts';
import { unstorableText } from '../../src/domain/text.ts';
import { plainFacts } from '../../src/generation/plain-facts.ts';
import { plainContent } from '../../src/generation/plain-output.ts';
import { isWebUrl, plainText, stripMarkup } from '../../src/text/plain-text.ts';
import { plainTextToHtml } from '../../src/text/plain-text-html.ts';
import type { Fact } from '../../src/domain/facts.ts';

function makeFact(f: Pick<Fact, 'id' | 'key' | 'value'> & { url?: string }): Fact {
  return { ...f, language: null, source: 'open_food_facts', licence: 'ODbL-1.0', fetchedAt: '2026-01-01T00:00:00.000Z' };
}

describe('plainText', () => {
  it('keeps text that holds no markup exactly as written', () => {
    for (const text of ['< 5 % fat', 'Tom & Jerry', '3 > 2', 'R&D <=> AT&T', 'Line one\n\n  Line two', 'Pasta 🍝 di semola']) {
      assert.deepEqual(plainText(text), { text, removed: [], markupRemoved: false }, text);
    }
  });

  it('removes script, img, javascript: links and iframes, keeping the text around them and naming what went', () => {
    assert.deepEqual(plainText('Pasta<script>alert(1)</script> di semola'), { text: 'Pasta di semola', removed: ['script'], markupRemoved: true });
    assert.deepEqual(plainText('<img src=x onerror=alert(1)>Spaghetti'), { text: 'Spaghetti', removed: ['img'], markupRemoved: true });
    assert.deepEqual(plainText('<a href="javascript:alert(1)">Barilla</a> n.5'), { text: 'Barilla n.5', removed: ['a'], markupRemoved: true });
    assert.deepEqual(plainText('Buona<iframe src="https://evil.example/">x <b>y</b></iframe>'), { text: 'Buona', removed: ['iframe'], markupRemoved: true });
  });

  it('names only real elements in what it reports, never the text of a broken tag', () => {
    const stripped = plainText('Pasta <scr<script>ipt>alert(1)</script> di semola');
    assert.ok(!stripped.text.includes('<script'), stripped.text);
    assert.ok(stripped.markupRemoved);
    for (const name of stripped.removed) assert.match(name, /^[a-z][a-z0-9-]*$/);
  });

  it('decodes before it strips, any number of times (bounded): encoded markup is removed, encoded text is text', () => {
    assert.equal(plainText('&lt;script&gt;alert(1)&lt;/script&gt;Nice').text, 'Nice');
    assert.equal(plainText('&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;Nice').text, 'Nice');
    assert.equal(plainText('&amp;amp;lt;img src=x onerror=alert(1)&amp;amp;gt;Nice').text, 'Nice');
    assert.equal(plainText('Tom &amp; Jerry &lt; 5 %').text, 'Tom & Jerry < 5 %');
    assert.equal(plainText(`${'&amp;'.repeat(1)}${'amp;'.repeat(20)}lt;script&gt;`).text, '', 'encoded deeper than any real text: dropped');
  });

  it('paragraphs and list items of HTML become lines', () => {
    assert.equal(plainText('<p>One</p><p>Two</p><ul>\n<li>A</li>\n<li>B</li></ul>').text, 'One\nTwo\n- A\n- B');
  });

  it('a lone surrogate from a source becomes U+FFFD, so the record can be stored', () => {
    assert.equal(stripMarkup('x \ud800 y').text, 'x \ufffd y');
  });
});

describe('isWebUrl', () => {
  it('only http and https URLs with a host', () => {
    assert.equal(isWebUrl('https://images.example/p.jpg'), true);
    assert.equal(isWebUrl('http://127.0.0.1:8080/a.png'), true);
    for (const url of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:image/png;base64,AAAA', 'file:///etc/passwd', 'ftp://x.example/a', 'not a url'])
      assert.equal(isWebUrl(url), false, url);
  });
});

describe('plainFacts', () => {
  it('strips markup from values, drops non-http(s) images and page links, and facts left empty', () => {
    const facts = plainFacts([
      makeFact({ id: 'off:name', key: 'name', value: 'Spaghetti <img src=x onerror=alert(1)>n.5', url: 'javascript:alert(1)' }),
      makeFact({ id: 'off:brand', key: 'brand', value: '<script>alert(1)</script>' }),
      makeFact({ id: 'off:image', key: 'image', value: 'data:image/svg+xml,<svg onload=alert(1)>' }),
      makeFact({ id: 'off:image#1', key: 'image', value: 'https://images.example/p.jpg', url: 'https://off.example/p' }),
    ]);
    assert.deepEqual(
      facts.map((f) => [f.id, f.value, f.url]),
      [
        ['off:name', 'Spaghetti n.5', undefined],
        ['off:image#1', 'https://images.example/p.jpg', 'https://off.example/p'],
      ],
    );
  });
});

describe('plainContent', () => {
  it('strips every published text and says per field what was removed', () => {
    const record = {
      ...emptyContent('it', 'it'),
      title: '<a href="javascript:alert(1)">Barilla</a>',
      description: 'Pasta.<script>alert(1)</script>',
      key_features: ['<iframe src="https://x.example"></iframe>', 'Trafilata <b>al bronzo</b>'],
      global_attr: { colour: 'giallo<img src=x onerror=alert(1)>' },
      validation_issues: [validationIssue('title', 'ungrounded', 'title: gives the value "<img src=x onerror=alert(1)>", which no fact states.')],
    };
    const out = plainContent(record, new Set());
    assert.equal(out.title, 'Barilla');
    assert.equal(out.description, 'Pasta.');
    assert.deepEqual(out.key_features, ['Trafilata al bronzo']);
    assert.deepEqual(out.global_attr, { colour: 'giallo' });
    assert.deepEqual(
      out.validation_issues.map((i) => i.message),
      [
        'title: gives the value "", which no fact states.',
        'Markup was removed from the title (a).',
        'Markup was removed from the description (script).',
        'Markup was removed from the key_features (iframe, b).',
        'Markup was removed from the global_attr.colour (img).',
      ],
    );
    assert.deepEqual(
      out.validation_issues.map((i) => [i.field, i.check]),
      [
        ['title', 'ungrounded'],
        ['title', 'markup'],
        ['description', 'markup'],
        ['key_features', 'markup'],
        ['global_attr.colour', 'markup'],
      ],
    );
  });

  it('a regenerated field drops its earlier markup message; others keep theirs', () => {
    const record = {
      ...emptyContent('it', 'it'),
      title: 'Barilla',
      description: 'Pasta.',
      validation_issues: [
        validationIssue('title', 'markup', 'Markup was removed from the title (a).'),
        validationIssue('description', 'markup', 'Markup was removed from the description (script).'),
      ],
    };
    assert.deepEqual(
      plainContent(record, new Set(['title'])).validation_issues.map((i) => i.message),
      ['Markup was removed from the description (script).'],
    );
  });

  it('a validation message that was nothing but markup is dropped, not kept empty', () => {
    const record = {
      ...emptyContent('it', 'it'),
      title: 'Barilla',
      validation_issues: [validationIssue('title', 'ungrounded', '<img src=x onerror=alert(1)>'), validationIssue(null, 'source', 'Kept.')],
    };
    assert.deepEqual(
      plainContent(record, new Set()).validation_issues.map((i) => i.message),
      ['Kept.'],
    );
  });
});

describe('plainTextToHtml', () => {
  it('paragraphs as <p>, line breaks as <br>, key features as <ul><li>, everything escaped', () => {
    assert.equal(
      plainTextToHtml('Tom & Jerry <script>alert(1)</script>\nsecond line\n\n< 5 % fat, 3 > 2', ['"Quoted" feature', "it's <b>bold</b>"]),
      '<p>Tom &amp; Jerry &lt;script&gt;alert(1)&lt;/script&gt;<br>second line</p>\n<p>&lt; 5 % fat, 3 &gt; 2</p>\n<ul><li>&quot;Quoted&quot; feature</li><li>it&apos;s &lt;b&gt;bold&lt;/b&gt;</li></ul>',
    );
  });

  it('nothing to show is an empty string', () => {
    assert.equal(plainTextToHtml(null, []), '');
    assert.equal(plainTextToHtml('  \n\n ', ['  ']), '');
  });
});

describe('attribute names and storable text (domain)', () => {
  it('__proto__, constructor and prototype are never attribute names, from a request or a label', () => {
    for (const name of ['__proto__', 'constructor', 'prototype']) assert.equal(isAttributeName(name), false, name);
    assert.equal(isAttributeName('colour'), true);
    assert.equal(attributeName('Constructor'), '');
    assert.equal(attributeName('Prototype'), '');
    assert.equal(attributeName('Display diagonal'), 'display_diagonal');
  });

  it('NUL and lone surrogates cannot be stored; paired surrogates can', () => {
    assert.match(unstorableText('a\u0000b') ?? '', /NUL/);
    assert.match(unstorableText('a\ud800b') ?? '', /surrogate/);
    assert.match(unstorableText('\udc00') ?? '', /surrogate/);
    assert.equal(unstorableText('🍝 \ud83c\udf5d'), null);
  });
});
