import sharp from 'sharp';

/**
 * Process-wide libvips settings, applied once at start. The operation cache only helps when the
 * same file is processed again, which standardisation never does, and it holds memory; one
 * libvips thread per operation keeps peak memory bounded while images run side by side
 * (bench/results/images.md).
 */
export function configureSharp(): void {
  sharp.cache(false);
  sharp.concurrency(1);
}
