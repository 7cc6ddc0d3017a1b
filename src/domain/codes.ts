// Product codes: EAN/GTIN (incl. ISBN-13), ASIN (incl. ISBN-10) and Italian MINSAN/AIC.
// Pure functions, no imports: the same rules run in the API, the workers and tests.

export type CodeType = 'ean' | 'asin' | 'minsan';
export type CodeFormat = 'ean8' | 'upca' | 'ean13' | 'isbn13' | 'gtin14' | 'asin' | 'isbn10' | 'minsan';
export type CodeCheck = { ok: true; code: string; type: CodeType; format: CodeFormat } | { ok: false; input: string; message: string };

const TYPE_OF: Record<CodeFormat, CodeType> = {
  ean8: 'ean',
  upca: 'ean',
  ean13: 'ean',
  isbn13: 'ean',
  gtin14: 'ean',
  asin: 'asin',
  isbn10: 'asin',
  minsan: 'minsan',
};

const FORMAT_NAME: Record<CodeFormat, string> = {
  ean8: 'EAN-8',
  upca: 'UPC-A',
  ean13: 'EAN-13',
  isbn13: 'ISBN-13',
  gtin14: 'GTIN-14',
  asin: 'ASIN',
  isbn10: 'ISBN-10',
  minsan: 'MINSAN',
};

const EXPECTED_LENGTHS = 'expected 8, 12, 13 or 14 digits (EAN/GTIN), 10 characters (ASIN) or 9 digits (MINSAN)';

const DIGITS = /^[0-9]+$/;

/**
 * Strips spaces and hyphens and upper-cases; null if any other character is present.
 * The ASCII check runs BEFORE upper-casing because toUpperCase maps some non-ASCII
 * letters onto ASCII ('ı' → 'I', 'ſ' → 'S'), which would smuggle them in.
 */
function compact(raw: string): string | null {
  const stripped = raw.trim().replace(/[ -]/g, '');
  if (!/^[0-9A-Za-z]*$/.test(stripped)) return null;
  const upper = stripped.toUpperCase();
  // 'A' + 9 digits is the printed MINSAN label; the A is not part of the code.
  return /^A[0-9]{9}$/.test(upper) ? upper.slice(1) : upper;
}

/** Normalised form used for identity and lookups. Returns the input trimmed if it cannot be normalised. */
export function normaliseProductCode(raw: string): string {
  return compact(raw) ?? raw.trim();
}

/** Normalise, classify by exact length and alphabet, then verify the check digit. */
export function checkProductCode(raw: string): CodeCheck {
  const input = raw.trim();
  const fail = (message: string): CodeCheck => ({ ok: false, input, message });

  const code = compact(raw);
  if (code === null) {
    return fail(`"${input}" contains characters other than digits and letters: ${describeBadChars(input)}`);
  }
  if (code === '') return fail(`"${input}" is empty: a code needs digits or letters`);

  const allDigits = DIGITS.test(code);
  const len = code.length;

  if (len === 10) {
    if (/^B0[0-9A-Z]{8}$/.test(code)) return { ok: true, code, type: 'asin', format: 'asin' };
    if (/^[0-9]{9}[0-9X]$/.test(code)) return verify(code, input, 'isbn10', isbn10CheckChar(code.slice(0, 9)));
    return fail(`"${input}" is not a valid ASIN: it must be B0 followed by 8 letters or digits, or an ISBN-10 (9 digits followed by a check digit or X)`);
  }

  const format = formatForLength(code);
  if (format === null) return fail(`"${input}" has ${len} ${allDigits ? 'digits' : 'characters'}; ${EXPECTED_LENGTHS}`);
  if (!allDigits) {
    const family = format === 'minsan' ? 'MINSAN' : 'EAN/GTIN';
    return fail(`"${input}" contains letters, but a ${len}-character code must be all digits (${family})`);
  }
  const expected = format === 'minsan' ? aicCheckDigit(code.slice(0, 8)) : gs1CheckDigit(code.slice(0, -1));
  return verify(code, input, format, String(expected));
}

/** Lengths other than 10 map to exactly one format (ISBN-13 is an EAN-13 with a Bookland prefix). */
function formatForLength(code: string): CodeFormat | null {
  switch (code.length) {
    case 8:
      return 'ean8';
    case 9:
      return 'minsan';
    case 12:
      return 'upca';
    case 13:
      return /^97[89]/.test(code) ? 'isbn13' : 'ean13';
    case 14:
      return 'gtin14';
    default:
      return null;
  }
}

function verify(code: string, input: string, format: CodeFormat, expected: string): CodeCheck {
  if (code.slice(-1) === expected) return { ok: true, code, type: TYPE_OF[format], format };
  return {
    ok: false,
    input,
    message: `"${input}" has an invalid check digit; expected ${expected} (${FORMAT_NAME[format]})`,
  };
}

/** Names each distinct offending character with its code point, since look-alikes (full-width '９') are the usual culprit. */
function describeBadChars(input: string): string {
  const bad = new Set<string>();
  for (const ch of input) if (!/^[0-9A-Za-z -]$/.test(ch)) bad.add(ch);
  return [...bad].map((ch) => `"${ch}" (U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')})`).join(', ');
}

function requireDigits(fn: string, value: string, length?: number): void {
  if (!DIGITS.test(value) || (length !== undefined && value.length !== length)) {
    throw new RangeError(`${fn}: expected ${length ?? 'one or more'} ASCII digits, got "${value}"`);
  }
}

/** GS1 mod-10: weights 3,1,3,… from the right, so one routine serves every GTIN length. */
export function gs1CheckDigit(digitsWithoutCheck: string): number {
  requireDigits('gs1CheckDigit', digitsWithoutCheck);
  let sum = 0;
  for (let i = 0; i < digitsWithoutCheck.length; i++) {
    const digit = digitsWithoutCheck.charCodeAt(digitsWithoutCheck.length - 1 - i) - 48;
    sum += i % 2 === 0 ? 3 * digit : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** ISBN-10 mod-11: weights 1..9 over the first nine digits; a remainder of 10 is written X. */
export function isbn10CheckChar(first9: string): string {
  requireDigits('isbn10CheckChar', first9, 9);
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (i + 1) * (first9.charCodeAt(i) - 48);
  const check = sum % 11;
  return check === 10 ? 'X' : String(check);
}

/**
 * MINSAN/AIC: weights 1,2,1,2… from the left; the DIGITS of each product are added
 * (12 counts as 1+2) and the check is sum mod 10. Not Luhn, which would use (10 − sum mod 10) mod 10.
 */
export function aicCheckDigit(first8: string): number {
  requireDigits('aicCheckDigit', first8, 8);
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    const product = (first8.charCodeAt(i) - 48) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 10) + (product % 10);
  }
  return sum % 10;
}
