import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_FIELD_VALUE_LENGTH, TEXT_FIELDS, isTextField, parseFieldRequests } from '../../src/domain/regenerate-fields.ts';
import type { FieldRequest } from '../../src/domain/regenerate-fields.ts';
import type { FieldErrors } from '../../src/domain/validation.ts';

function requests(fields: Record<string, unknown> | undefined): FieldRequest[] {
  const r = parseFieldRequests(fields);
  if (!r.ok) return assert.fail(`expected requests, got ${JSON.stringify(r.errors)}`);
  return r.requests;
}

function errors(fields: Record<string, unknown> | undefined): FieldErrors {
  const r = parseFieldRequests(fields);
  if (r.ok) return assert.fail(`expected errors, got ${JSON.stringify(r.requests)}`);
  return r.errors;
}

describe('parseFieldRequests: allowed keys', () => {
  it('the text fields are exactly the contract list', () => {
    assert.deepEqual([...TEXT_FIELDS].sort(), ['description', 'key_features', 'meta_description', 'meta_keywords', 'short_description', 'title', 'title_tag']);
  });

  for (const name of ['title', 'short_description', 'description', 'key_features', 'title_tag', 'meta_description', 'meta_keywords']) {
    it(`accepts ${name}`, () => {
      assert.ok(isTextField(name));
      assert.deepEqual(requests({ [name]: 'Più corto, tono informale' }), [{ kind: 'text', name, value: 'Più corto, tono informale' }]);
    });
  }

  it('accepts global_attr.<lowercase letters, digits, _>', () => {
    assert.deepEqual(requests({ 'global_attr.color': 'Giallo', 'global_attr.net_quantity_2': '500 g', 'global_attr.a1': '' }), [
      { kind: 'attribute', name: 'global_attr.color', attribute: 'color', value: 'Giallo' },
      { kind: 'attribute', name: 'global_attr.net_quantity_2', attribute: 'net_quantity_2', value: '500 g' },
      { kind: 'attribute', name: 'global_attr.a1', attribute: 'a1', value: '' },
    ]);
  });

  it('an empty string is allowed (regenerate with no instruction)', () => {
    assert.deepEqual(requests({ title: '' }), [{ kind: 'text', name: 'title', value: '' }]);
  });

  it('keeps the order of the request', () => {
    const names = requests({
      meta_description: '',
      'global_attr.material': 'Plastica riciclata',
      title: 'Evidenziatore',
      key_features: '',
      'global_attr.color': 'giallo',
      description: '',
    }).map((r) => r.name);
    assert.deepEqual(names, ['meta_description', 'global_attr.material', 'title', 'key_features', 'global_attr.color', 'description']);
  });

  it('a value of exactly the maximum length is accepted', () => {
    assert.equal(requests({ description: 'a'.repeat(MAX_FIELD_VALUE_LENGTH) })[0]?.value.length, MAX_FIELD_VALUE_LENGTH);
  });
});

describe('parseFieldRequests: rejected', () => {
  const AT_LEAST_ONE = 'At least one field must be specified.';

  it('missing fields → errors.fields', () => {
    assert.deepEqual(errors(undefined), { fields: [AT_LEAST_ONE] });
  });

  it('empty fields → errors.fields', () => {
    assert.deepEqual(errors({}), { fields: [AT_LEAST_ONE] });
  });

  it('unknown keys are errors on fields.<key>, each one', () => {
    const e = errors({ title: 'ok', name: 'x', Title: 'x', price: '9.99', images: '' });
    assert.deepEqual(Object.keys(e).sort(), ['fields.Title', 'fields.images', 'fields.name', 'fields.price']);
    for (const messages of Object.values(e)) assert.equal(messages.length, 1);
  });

  it('global_attr names with uppercase, hyphens, dots, spaces or nothing are rejected', () => {
    for (const key of [
      'global_attr.Color',
      'global_attr.net-weight',
      'global_attr.a.b',
      'global_attr.colore ',
      'global_attr.',
      'global_attr',
      'global_attr.größe',
      'GLOBAL_ATTR.color',
    ]) {
      const e = errors({ [key]: 'giallo' });
      assert.deepEqual(Object.keys(e), [`fields.${key}`], key);
    }
  });

  it('non-string values are errors on fields.<key>', () => {
    const e = errors({ title: 42, description: null, key_features: ['Senza glutine', 'Trafilata al bronzo'], 'global_attr.color': { it: 'giallo' }, meta_keywords: true });
    assert.deepEqual(Object.keys(e).sort(), ['fields.description', 'fields.global_attr.color', 'fields.key_features', 'fields.meta_keywords', 'fields.title']);
  });

  it('an over-long value is an error on fields.<key> that names the limit', () => {
    const e = errors({ title: 'ok', description: 'a'.repeat(MAX_FIELD_VALUE_LENGTH + 1) });
    assert.deepEqual(Object.keys(e), ['fields.description']);
    assert.match(e['fields.description']?.[0] ?? '', /10[,.]?000/);
  });

  it('__proto__, constructor and prototype are no attribute names: each is an error naming them reserved', () => {
    for (const name of ['__proto__', 'constructor', 'prototype']) {
      const e = errors({ [`global_attr.${name}`]: 'x' });
      assert.deepEqual(Object.keys(e), [`fields.global_attr.${name}`], name);
      assert.match(e[`fields.global_attr.${name}`]?.[0] ?? '', /reserved/);
    }
  });

  it('a lone UTF-16 surrogate in a value or a key is an error on that field, a paired one is text', () => {
    const e = errors({ title: 'Pasta \ud800', 'global_attr.colour': 'rosso', description: 'ok \udfff' });
    assert.deepEqual(Object.keys(e).sort(), ['fields.description', 'fields.title']);
    assert.match(e['fields.title']?.[0] ?? '', /surrogate/);
    assert.equal(parseFieldRequests({ title: 'Pasta 🍝 (\ud83c\udf5d)' }).ok, true);
  });

  it('one bad key rejects the whole request (no partial regeneration)', () => {
    const r = parseFieldRequests({ title: '', 'global_attr.Colour': 'red' });
    assert.equal(r.ok, false);
  });
});
