import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_CODES_PER_CALL, planCreate } from '../../src/domain/create-request.ts';
import type { CreatePlan, CreatePlanResult, CreateRequestInput } from '../../src/domain/create-request.ts';
import type { FieldErrors } from '../../src/domain/validation.ts';

// Real, check-digit-valid codes.
const STABILO_BOSS = '4006381333931'; // EAN-13 (STABILO BOSS ORIGINAL highlighter)
const BARILLA = '8076809513753'; // EAN-13 (Barilla Spaghetti n.5 500 g)
const NUTELLA = '8000500310427'; // EAN-13
const UPC = '012000007897'; // UPC-A
const ASIN = 'B07PHPXHQS';
const MINSAN = '012745182'; // Italian AIC, printed as A012745182 on the pack

/** Builds `count` distinct valid EAN-13s (GS1 mod-10 computed here, independently of codes.ts). */
function validEans(count: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const body = `80012345${String(i).padStart(4, '0')}`;
    let sum = 0;
    for (let j = 0; j < 12; j++) sum += (body.charCodeAt(j) - 48) * (j % 2 === 0 ? 1 : 3);
    out.push(body + String((10 - (sum % 10)) % 10));
  }
  return out;
}

function ok(result: CreatePlanResult): CreatePlan {
  if (!result.ok) return assert.fail(`expected a plan, got errors ${JSON.stringify(result.errors)}`);
  return result.plan;
}

function errors(result: CreatePlanResult): FieldErrors {
  if (result.ok) return assert.fail(`expected errors, got plan ${JSON.stringify(result.plan)}`);
  return result.errors;
}

const base = { countries: ['it'] } satisfies CreateRequestInput;

describe('planCreate: codes are split on commas', () => {
  it('trims whitespace and ignores empty segments', () => {
    const plan = ok(planCreate({ ...base, codes: ` ${STABILO_BOSS} ,, ${BARILLA},\t,${UPC} , ` }));
    assert.deepEqual(
      plan.products.map((p) => p.code),
      [STABILO_BOSS, BARILLA, UPC],
    );
    assert.deepEqual(plan.failures, []);
    assert.equal(plan.totalRequested, 3);
  });

  it('queues one product per code with its type, keeping what the caller wrote', () => {
    const plan = ok(planCreate({ ...base, codes: `400-638-133-3931, b07phpxhqs, A012745182, ${UPC}` }));
    assert.deepEqual(plan.products, [
      { code: STABILO_BOSS, codeType: 'ean', submitted: '400-638-133-3931' },
      { code: ASIN, codeType: 'asin', submitted: 'b07phpxhqs' },
      { code: MINSAN, codeType: 'minsan', submitted: 'A012745182' },
      { code: UPC, codeType: 'ean', submitted: UPC },
    ]);
    assert.equal(plan.raw, null, 'codes only: no raw data');
  });

  it('accepts exactly 100 codes when only codes are sent', () => {
    assert.equal(MAX_CODES_PER_CALL, 100);
    const codes = validEans(100);
    assert.equal(new Set(codes).size, 100);
    const plan = ok(planCreate({ ...base, codes: codes.join(',') }));
    assert.equal(plan.products.length, 100);
    assert.equal(plan.failures.length, 0);
    assert.equal(plan.totalRequested, 100);
  });

  it('counts codes after dropping empty segments (100 codes plus trailing commas is still 100)', () => {
    const plan = ok(planCreate({ ...base, codes: `${validEans(100).join(', ')},, ,` }));
    assert.equal(plan.products.length, 100);
  });

  it('rejects 101 codes on `codes`, naming the limit', () => {
    const e = errors(planCreate({ ...base, codes: validEans(101).join(',') }));
    assert.deepEqual(Object.keys(e), ['codes']);
    assert.match(e.codes?.join(' ') ?? '', /100/);
    assert.match(e.codes?.join(' ') ?? '', /101/);
  });

  it('rejects 101 codes even when some are invalid: the limit is on what was sent', () => {
    const codes = [...validEans(100), '12345'];
    assert.ok(!planCreate({ ...base, codes: codes.join(',') }).ok);
  });

  it('rejects a codes string that holds only commas and spaces when there is no other product data', () => {
    const e = errors(planCreate({ ...base, codes: ' , ,, ' }));
    assert.ok(e.codes && e.codes.length > 0);
  });
});

describe('planCreate: one code only together with product data', () => {
  const rawFields: ReadonlyArray<readonly [keyof CreateRequestInput, CreateRequestInput]> = [
    ['sku', { sku: 'PASTA-SPAG-5' }],
    ['product_handle', { product_handle: 'barilla-spaghetti-n-5' }],
    ['title', { title: 'Spaghetti n.5' }],
    ['brand', { brand: 'Barilla' }],
    ['images', { images: ['https://cdn.example-shop.it/img/spaghetti-5.jpg'] }],
    ['description', { description: 'Pasta di semola di grano duro.' }],
  ];

  for (const [field, extra] of rawFields) {
    it(`two codes with ${field} → errors.codes naming ${field}`, () => {
      const e = errors(planCreate({ ...base, ...extra, codes: `${STABILO_BOSS},${BARILLA}` }));
      assert.deepEqual(Object.keys(e), ['codes']);
      const message = e.codes?.join(' ') ?? '';
      assert.ok(message.includes(field), `message should name ${field}: ${message}`);
    });
  }

  it('names every product field that was sent', () => {
    const e = errors(planCreate({ ...base, codes: `${STABILO_BOSS}, ${BARILLA}`, title: 'Spaghetti', brand: 'Barilla' }));
    const message = e.codes?.join(' ') ?? '';
    assert.ok(message.includes('title') && message.includes('brand'), message);
  });

  it('two comma-separated segments of which one is empty count as one code', () => {
    const plan = ok(planCreate({ ...base, codes: `${BARILLA}, ,`, title: 'Spaghetti n.5', brand: 'Barilla' }));
    assert.deepEqual(
      plan.products.map((p) => p.code),
      [BARILLA],
    );
  });

  it('one code with product data keeps both: the code and the raw fields', () => {
    const plan = ok(
      planCreate({
        ...base,
        codes: BARILLA,
        sku: ' PASTA-SPAG-5 ',
        title: 'Spaghetti n.5',
        brand: 'Barilla',
        images: ['https://cdn.example-shop.it/img/spaghetti-5.jpg'],
        description: '<p>Pasta di semola di grano duro, 500 g.</p>',
      }),
    );
    assert.deepEqual(plan.products, [{ code: BARILLA, codeType: 'ean', submitted: BARILLA }]);
    assert.deepEqual(plan.raw, {
      sku: 'PASTA-SPAG-5',
      productHandle: null,
      title: 'Spaghetti n.5',
      brand: 'Barilla',
      images: ['https://cdn.example-shop.it/img/spaghetti-5.jpg'],
      description: '<p>Pasta di semola di grano duro, 500 g.</p>',
    });
    assert.equal(plan.totalRequested, 1);
  });
});

describe('planCreate: codes absent', () => {
  it('neither description nor images → errors.codes', () => {
    const e = errors(planCreate({ ...base, title: 'Spaghetti n.5', brand: 'Barilla', sku: 'PASTA-SPAG-5' }));
    assert.ok(e.codes && e.codes.length > 0);
  });

  it('nothing but countries → errors.codes', () => {
    const e = errors(planCreate({ ...base }));
    assert.ok(e.codes && e.codes.length > 0);
  });

  it('description alone yields one product with code null', () => {
    const plan = ok(planCreate({ ...base, description: 'Shampoo für trockenes Haar, 250 ml.' }));
    assert.deepEqual(plan.products, [{ code: null, codeType: null, submitted: null }]);
    assert.equal(plan.raw?.description, 'Shampoo für trockenes Haar, 250 ml.');
    assert.equal(plan.totalRequested, 1);
    assert.deepEqual(plan.failures, []);
  });

  it('images alone yield one product with code null', () => {
    const images = ['https://cdn.example-shop.de/p/balea-shampoo-front.jpg', 'https://cdn.example-shop.de/p/balea-shampoo-back.jpg'];
    const plan = ok(planCreate({ ...base, images }));
    assert.deepEqual(plan.products, [{ code: null, codeType: null, submitted: null }]);
    assert.deepEqual(plan.raw?.images, images);
    assert.equal(plan.totalRequested, 1);
  });

  it('an empty images array as the only product data is rejected', () => {
    assert.equal(planCreate({ ...base, images: [] }).ok, false);
  });

  it('a whitespace-only description as the only product data is rejected (nothing to write from)', () => {
    // The caller would be charged for a product that can only fail with product_data_not_found.
    assert.equal(planCreate({ ...base, description: '   ' }).ok, false);
    assert.equal(planCreate({ ...base, description: '' }).ok, false);
  });

  it('blank raw strings become null and are trimmed', () => {
    const plan = ok(planCreate({ ...base, description: ' Evidenziatore giallo. ', title: '  ', brand: ' Stabilo ', notes: '   ' }));
    assert.equal(plan.raw?.title, null);
    assert.equal(plan.raw?.brand, 'Stabilo');
    assert.equal(plan.raw?.description, 'Evidenziatore giallo.');
    assert.equal(plan.notes, null);
  });

  it('notes are kept, trimmed', () => {
    const plan = ok(planCreate({ ...base, codes: BARILLA, notes: '  Tono informale, niente emoji. ' }));
    assert.equal(plan.notes, 'Tono informale, niente emoji.');
  });
});

describe('planCreate: countries', () => {
  it('missing → errors.countries "The countries field is required."', () => {
    const e = errors(planCreate({ codes: BARILLA }));
    assert.deepEqual(e, { countries: ['The countries field is required.'] });
  });

  it('missing countries and missing product data are both reported', () => {
    const e = errors(planCreate({}));
    assert.deepEqual(e.countries, ['The countries field is required.']);
    assert.ok(e.codes && e.codes.length > 0);
  });

  it('an empty array → errors.countries', () => {
    const e = errors(planCreate({ codes: BARILLA, countries: [] }));
    assert.deepEqual(Object.keys(e), ['countries']);
    assert.equal(e.countries?.length, 1);
    assert.match(e.countries?.[0] ?? '', /countr/i);
  });

  it('an unknown country is named in the message', () => {
    const e = errors(planCreate({ codes: BARILLA, countries: ['it', 'xx', 'de'] }));
    assert.deepEqual(Object.keys(e), ['countries']);
    assert.equal(e.countries?.length, 1);
    assert.ok(e.countries?.[0]?.includes('xx'), e.countries?.[0]);
  });

  it('each unknown country gets its own message', () => {
    const e = errors(planCreate({ codes: BARILLA, countries: ['EU', 'it', 'zz'] }));
    assert.equal(e.countries?.length, 2);
    assert.ok(e.countries?.[0]?.includes('EU'));
    assert.ok(e.countries?.[1]?.includes('zz'));
  });

  it('lowercases, maps UK to gb, drops duplicates keeping first-seen order', () => {
    const plan = ok(planCreate({ codes: BARILLA, countries: ['IT', 'UK', 'De', 'gb', 'it', 'FR', 'uk'] }));
    assert.deepEqual(plan.countries, ['it', 'gb', 'de', 'fr']);
  });

  it('gb written first then UK keeps one gb', () => {
    const plan = ok(planCreate({ codes: BARILLA, countries: ['GB', 'uk'] }));
    assert.deepEqual(plan.countries, ['gb']);
  });
});

describe('planCreate: agent_model', () => {
  it('defaults to v2', () => {
    assert.equal(ok(planCreate({ ...base, codes: BARILLA })).agentModel, 'v2');
  });
  it('keeps v1 when asked', () => {
    assert.equal(ok(planCreate({ ...base, codes: BARILLA, agent_model: 'v1' })).agentModel, 'v1');
  });
});

describe('planCreate: per-code failures', () => {
  it('invalid codes fail with product_code_invalid and say why; valid ones are still queued', () => {
    const plan = ok(planCreate({ ...base, codes: `${BARILLA}, 8076809513754, 12345, 80768O9513753, ${NUTELLA}` }));
    assert.deepEqual(
      plan.products.map((p) => p.code),
      [BARILLA, NUTELLA],
    );
    assert.equal(plan.failures.length, 3);
    for (const f of plan.failures) assert.equal(f.reason, 'product_code_invalid');
    const [checkDigit, length, chars] = plan.failures;
    assert.equal(checkDigit?.code, '8076809513754');
    assert.match(checkDigit?.message ?? '', /check digit/);
    assert.match(checkDigit?.message ?? '', /expected 3/);
    assert.equal(length?.code, '12345');
    assert.match(length?.message ?? '', /5 digits/);
    assert.equal(chars?.code, '80768O9513753'); // letter O instead of a zero
    assert.match(chars?.message ?? '', /letters/);
    assert.equal(plan.totalRequested, 5);
  });

  it('a code with a character that is neither digit nor letter is invalid and the message names it', () => {
    const plan = ok(planCreate({ ...base, codes: '4006381333931.' }));
    assert.equal(plan.products.length, 0);
    assert.equal(plan.failures[0]?.reason, 'product_code_invalid');
    assert.match(plan.failures[0]?.message ?? '', /characters/);
    assert.ok(plan.failures[0]?.message.includes('"."'));
  });

  it('every code invalid: a plan with no products and all failures (the route turns it into 422)', () => {
    const plan = ok(planCreate({ ...base, codes: '123, 456' }));
    assert.deepEqual(plan.products, []);
    assert.deepEqual(
      plan.failures.map((f) => f.code),
      ['123', '456'],
    );
    assert.equal(plan.totalRequested, 2);
  });

  it('a code repeated after normalisation fails with product_code_duplicate; the first is queued', () => {
    const plan = ok(planCreate({ ...base, codes: '4006381333931, 400-638-133-3931' }));
    assert.deepEqual(plan.products, [{ code: STABILO_BOSS, codeType: 'ean', submitted: '4006381333931' }]);
    assert.equal(plan.failures.length, 1);
    assert.equal(plan.failures[0]?.code, '400-638-133-3931');
    assert.equal(plan.failures[0]?.reason, 'product_code_duplicate');
    assert.ok(plan.failures[0]?.message.includes(STABILO_BOSS));
    assert.equal(plan.totalRequested, 2);
  });

  it('every repeat fails, whatever its written form (ASIN case, MINSAN A prefix, spaces)', () => {
    const plan = ok(planCreate({ ...base, codes: `${ASIN}, b07phpxhqs, ${MINSAN}, A012745182, 0127 45182, ${ASIN}` }));
    assert.deepEqual(
      plan.products.map((p) => p.code),
      [ASIN, MINSAN],
    );
    assert.deepEqual(
      plan.failures.map((f) => [f.code, f.reason]),
      [
        ['b07phpxhqs', 'product_code_duplicate'],
        ['A012745182', 'product_code_duplicate'],
        ['0127 45182', 'product_code_duplicate'],
        [ASIN, 'product_code_duplicate'],
      ],
    );
    assert.equal(plan.totalRequested, 6);
  });

  it('an invalid code repeated is invalid each time, not a duplicate', () => {
    const plan = ok(planCreate({ ...base, codes: '8076809513754,8076809513754' }));
    assert.deepEqual(
      plan.failures.map((f) => f.reason),
      ['product_code_invalid', 'product_code_invalid'],
    );
  });
});
