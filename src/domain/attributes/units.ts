// Units of number attributes: conversion within one dimension, so "1,2 kg" fills a weight in
// grams as 1200. The table and its spellings are the service's one list (src/domain/units.ts). Pure.

import { UNIT_SPELLINGS, UNITS } from '../units.ts';

/** The unit a spelling names ("Gramm", "kg", "minuti"), or undefined. */
export function unitNamed(spelling: string): string | undefined {
  const trimmed = spelling.trim();
  if (trimmed in UNITS) return trimmed;
  const lower = trimmed.toLowerCase().replace(/\.$/, '');
  if (lower in UNITS) return lower;
  return UNIT_SPELLINGS[lower];
}

export function dimensionOf(unit: string): string | undefined {
  const named = unitNamed(unit);
  return named === undefined ? undefined : UNITS[named]?.dimension;
}

/** `amount` of `from` in `to`; undefined when they measure different things. */
export function convert(amount: number, from: string, to: string): number | undefined {
  const source = UNITS[from];
  const target = UNITS[to];
  if (source === undefined || target === undefined || source.dimension !== target.dimension) return undefined;
  // Twelve significant digits drop the binary noise of the factors (1.2 × 1000 stays 1200).
  return Number(((amount * source.factor) / target.factor).toPrecision(12));
}

/** Every unit a number attribute may carry, for messages. */
export const KNOWN_UNITS: readonly string[] = Object.keys(UNITS);
