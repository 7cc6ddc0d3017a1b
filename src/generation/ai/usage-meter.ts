import { emptyUsage, type GenerationUsage } from '../../domain/generation-usage.ts';

/** Sums one generation's model calls; the engine returns it (or an error carries it). */
export class UsageMeter {
  readonly #usage: GenerationUsage;

  constructor(engine: string, provider: string, model: string, promptVersion: string) {
    this.#usage = emptyUsage(engine, provider, model, promptVersion);
  }

  call(tokensIn: number, tokensOut: number): void {
    this.#usage.calls += 1;
    this.#usage.tokens_in += tokensIn;
    this.#usage.tokens_out += tokensOut;
  }

  /** Repair rounds of the generation: the most any one country needed (they run side by side). */
  roundsUsed(rounds: number): void {
    this.#usage.rounds = Math.max(this.#usage.rounds, rounds);
  }

  imagesRead(count: number): void {
    this.#usage.images_read += count;
  }

  snapshot(): GenerationUsage {
    return { ...this.#usage };
  }
}
