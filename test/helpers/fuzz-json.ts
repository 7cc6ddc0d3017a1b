import fc from 'fast-check';

// Arbitrary JSON as a hostile client writes it, for the fuzz tests: lone surrogates, numbers past
// a double, deep nesting, prototype keys, wrong types in every field. Bodies are built as JSON
// text, so keys such as "__proto__" arrive as the own keys such a client would send.

/** Characters that break naive text handling, mixed with any UTF-16 code unit. */
export const unit = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom('\ud800', '\udfff', '\u0000', '\u202e', '\ufeff', 'é', '😀', '<', '&', '"', '\\', ' ', '\n') },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) },
  { weight: 12, arbitrary: fc.constantFrom('a', 'B', '1', '-', '_', '.', '/', ':', ' ') },
);
export const text = fc.oneof(
  fc.string({ unit, maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('', 'it', 'de', 'IT', 'xx', 'v1', 'v2', '8001234567890', '4005900136381', 'https://example.invalid/a.jpg', 'title', 'key_features', 'global_attr.x'),
  fc.string({ unit, minLength: 200, maxLength: 6000 }),
);
export const key = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'), text);
/** Numbers as written, including ones JSON.parse turns into Infinity, 0 or an imprecise double. */
export const number = fc.oneof(
  fc.constantFrom('1e400', '-1e400', '1e-400', '-0', '123456789012345678901234567890', '9007199254740993', '0.1', '1', '2'),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
  fc.integer().map(String),
);

export const { json } = fc.letrec<{ json: string; array: string; object: string }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', maxDepth: 6 },
    text.map((s) => JSON.stringify(s)),
    number,
    fc.constantFrom('true', 'false', 'null'),
    tie('array'),
    tie('object'),
  ),
  array: fc.array(tie('json'), { maxLength: 6 }).map((items) => `[${items.join(',')}]`),
  object: fc.array(fc.tuple(key, tie('json')), { maxLength: 6 }).map(objectText),
}));

export function objectText(entries: readonly (readonly [string, string])[]): string {
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
}

/** A value for a known field: often plausible, so validation lets it through to the service. */
export const plausible = (values: fc.Arbitrary<string>) => fc.oneof({ weight: 5, arbitrary: values }, { weight: 1, arbitrary: json });
export const stringArray = fc.array(text, { maxLength: 8 }).map((a) => JSON.stringify(a));

/**
 * Either an object of known keys with plausible or arbitrary values plus arbitrary extra keys, a
 * valid body with some fields replaced by fuzz (so the calls reach the services and the
 * database), or any JSON at all.
 */
export function body(valid: Record<string, string>, fields: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const entries = (chosen: [string, fc.Arbitrary<string>][]) => fc.tuple(...chosen.map(([k, arb]) => arb.map((v) => [k, v] as const)));
  const known = fc.subarray(Object.entries(fields)).chain(entries);
  const extra = fc.array(fc.tuple(key, json), { maxLength: 3 });
  const mutated = fc
    .subarray(Object.entries(fields), { minLength: 1, maxLength: Math.min(2, Object.keys(fields).length) })
    .chain(entries)
    .map((changed) => objectText([...Object.entries(valid).filter(([k]) => !changed.some(([c]) => c === k)), ...changed]));
  return fc.oneof(
    { weight: 4, arbitrary: fc.tuple(known, fc.oneof({ weight: 6, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: extra })).map(([k, e]) => objectText([...k, ...e])) },
    { weight: 4, arbitrary: mutated },
    { weight: 1, arbitrary: json },
  );
}
