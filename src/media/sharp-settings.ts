import sharp from 'sharp';
import { createBudget, type Budget } from './budget.ts';

/** Pictures decoded at once in the process when configureSharp is not told otherwise. */
export const DEFAULT_DECODES_AT_ONCE = 2;

let decodes: Budget = createBudget(DEFAULT_DECODES_AT_ONCE);

/**
 * Process-wide libvips settings, applied once at start. The operation cache only helps when the
 * same file is processed again, which standardisation never does, and it holds memory; one
 * libvips thread per operation keeps peak memory bounded while images run side by side
 * (bench/results/images.md). Decoding is where a picture costs the most memory (up to
 * IMAGE_MAX_INPUT_PIXELS × 4 bytes), so at most `decodesAtOnce` run at a time (docs/images.md).
 */
export function configureSharp(options: { decodesAtOnce?: number } = {}): void {
  sharp.cache(false);
  sharp.concurrency(1);
  decodes = createBudget(options.decodesAtOnce ?? DEFAULT_DECODES_AT_ONCE);
}

/** Runs `work` (which decodes a picture) once a decode slot is free; the slot is freed however it ends. */
export async function withDecodeSlot<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  const slot = await decodes.acquire(1, signal);
  try {
    return await work();
  } finally {
    slot.release();
  }
}
