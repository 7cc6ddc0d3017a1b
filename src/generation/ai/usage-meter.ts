import { emptyUsage, type GenerationUsage } from '../../domain/generation-usage.ts';
import { instructionsFor, promptVersion, type PromptName } from './prompts.ts';

/** One call's tokens as the provider reported them: `in` counts every input token, cached ones included. */
export interface CallTokens {
  in: number;
  /** Input tokens read from the provider's prompt cache. */
  cachedIn: number;
  /** Input tokens written to the provider's prompt cache (Anthropic). */
  cacheWriteIn: number;
  out: number;
}

/** Sums one generation's model calls; the engine returns it (or an error carries it). */
export class UsageMeter {
  readonly #usage: GenerationUsage;
  readonly #prompts = new Set<PromptName>();

  constructor(engine: string, provider: string, model: string) {
    this.#usage = emptyUsage(engine, provider, model);
  }

  /** The instructions of a step, remembered so the generation records the prompts it really used. */
  instructions(step: Exclude<PromptName, 'rules'>): string {
    this.#prompts.add('rules').add(step);
    return instructionsFor(step);
  }

  call(tokens: CallTokens): void {
    this.#usage.calls += 1;
    this.#usage.tokens_in += tokens.in;
    this.#usage.tokens_in_cached += tokens.cachedIn;
    this.#usage.tokens_in_cache_write += tokens.cacheWriteIn;
    this.#usage.tokens_out += tokens.out;
  }

  /** Repair rounds of the generation: the most any one country needed (they run side by side). */
  roundsUsed(rounds: number): void {
    this.#usage.rounds = Math.max(this.#usage.rounds, rounds);
  }

  imagesRead(count: number): void {
    this.#usage.images_read += count;
  }

  snapshot(): GenerationUsage {
    return { ...this.#usage, prompt_version: this.#prompts.size === 0 ? null : promptVersion(this.#prompts) };
  }
}
