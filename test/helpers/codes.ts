import { gs1CheckDigit } from '../../src/domain/codes.ts';

/** `count` distinct valid EAN-13s (check digit computed), deterministic from `seed`. */
export function validEans(count: number, seed = 1): string[] {
  const codes: string[] = [];
  for (let i = 0; i < count; i++) {
    const body = `80${String(seed).padStart(3, '0')}${String(i).padStart(7, '0')}`;
    codes.push(`${body}${gs1CheckDigit(body)}`);
  }
  return codes;
}
