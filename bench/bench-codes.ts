// The EAN-13 codes the benchmarks send: valid (their check digit right), and numbered so that a
// run can tell its products apart, under prefixes that no real product of theirs shares.
import { gs1CheckDigit } from '../src/domain/codes.ts';

/** The valid EAN-13 of `prefix` followed by `n`, zero-padded to twelve digits before the check digit. */
export function benchEan(prefix: string, n: number): string {
  const body = `${prefix}${String(n).padStart(12 - prefix.length, '0')}`;
  return `${body}${gs1CheckDigit(body)}`;
}

let sent = 0;

/** `count` codes never sent before by this process, comma-separated: each create really creates its products. */
export function freshCodes(count: number): string {
  return Array.from({ length: count }, () => {
    sent += 1;
    return benchEan('2', sent);
  }).join(',');
}
