import { createHash, type Hash } from 'node:crypto';

// The providers' prompt caches, as they document them, over the fakes' token estimate (four
// characters a token). A prompt is its parts in the order the provider reads them (schema, system,
// messages); what is cached is a prefix of them. An entry can be read once the answer that wrote it
// has started (a request sent while it is still being answered writes its own), and lives for its
// TTL from its last use.
//  - Anthropic: a prefix is written at each `cache_control` breakpoint when it is at least the
//    model's minimum; a request reads the longest cached prefix ending at a breakpoint or at one of
//    the 20 blocks before it. The answer reports `cache_read_input_tokens` and
//    `cache_creation_input_tokens` (what was written beyond what was read).
//  - OpenAI: automatic. A prompt of 1,024 tokens or more is cached; a later prompt reads the longest
//    prefix it shares with one seen, counted from 1,024 tokens in steps of 128, and reports it as
//    `cached_tokens`.

/** One piece of a prompt, in the order the provider reads it. */
export interface PromptPart {
  /** What counts as tokens (four characters a token), and what the cache compares. */
  text: string;
  /** Compared with the text: the role it was sent with (`system`, `user` …), `schema`, or a picture's bytes. */
  kind: string;
  /** Anthropic: the part ends a cache breakpoint (`cache_control`) kept this many seconds. */
  breakpointTtlSeconds?: number;
}

export interface CacheUse {
  /** Input tokens read from the cache. */
  read: number;
  /** Input tokens written to it. */
  write: number;
}

export interface PromptCache {
  /** What a request reads and writes; `answeredAt` is when its answer starts (entries it writes are readable from then). */
  use(parts: readonly PromptPart[], model: string, now: number, answeredAt: number): CacheUse;
}

interface Entry {
  tokens: number;
  readableAt: number;
  expiresAt: number;
}

export const tokensOf = (characters: number) => Math.ceil(characters / 4);

/** Each part's end: the tokens up to it and a hash of the prompt up to it. */
function boundaries(parts: readonly PromptPart[]): Array<{ tokens: number; hash: string }> {
  const hash = createHash('sha256');
  let characters = 0;
  return parts.map((part) => {
    hash.update(part.kind).update('\u0001').update(part.text).update('\0');
    characters += part.text.length;
    return { tokens: tokensOf(characters), hash: hash.copy().digest('hex') };
  });
}

class Entries {
  readonly #entries = new Map<string, Entry>();
  #uses = 0;

  /** The entry, when it is readable at `now`; reading it keeps it for its TTL again. */
  read(hash: string, now: number, ttlMs: number): Entry | undefined {
    const entry = this.#entries.get(hash);
    if (entry === undefined || entry.readableAt > now) return undefined;
    if (entry.expiresAt <= now) {
      this.#entries.delete(hash);
      return undefined;
    }
    entry.expiresAt = Math.max(entry.expiresAt, now + ttlMs);
    return entry;
  }

  write(hash: string, tokens: number, readableAt: number, ttlMs: number): void {
    const known = this.#entries.get(hash);
    // A request sent while another wrote the same prefix wrote it too; the first one to answer serves.
    this.#entries.set(hash, { tokens, readableAt: Math.min(known?.readableAt ?? readableAt, readableAt), expiresAt: Math.max(known?.expiresAt ?? 0, readableAt + ttlMs) });
    if (++this.#uses % 10_000 === 0) this.#prune(readableAt);
  }

  #prune(now: number): void {
    for (const [hash, entry] of this.#entries) if (entry.expiresAt <= now) this.#entries.delete(hash);
  }
}

const FIVE_MINUTES_MS = 5 * 60_000;

/** Anthropic's minimum cacheable prompt for a model (the AI SDK's Anthropic provider documentation). */
export function anthropicMinimumTokens(model: string): number {
  if (/opus-4-5|haiku-4-5/.test(model)) return 4096;
  if (/haiku/.test(model)) return 2048;
  return 1024;
}

/** Blocks before a breakpoint at whose ends Anthropic also looks for a cached prefix. */
const LOOKBACK_BLOCKS = 20;

export function anthropicPromptCache(): PromptCache {
  const entries = new Entries();
  return {
    use(parts, model, now, answeredAt) {
      const minimum = anthropicMinimumTokens(model);
      const ends = boundaries(parts);
      const breakpoints = parts.flatMap((part, i) => (part.breakpointTtlSeconds === undefined ? [] : [{ at: i, ttlMs: part.breakpointTtlSeconds * 1000 }]));
      let read = 0;
      for (const { at, ttlMs } of breakpoints) {
        for (let i = at; i >= Math.max(0, at - LOOKBACK_BLOCKS); i--) {
          const end = ends[i];
          if (end === undefined || end.tokens <= read) continue;
          const hit = entries.read(end.hash, now, ttlMs);
          if (hit !== undefined) {
            read = hit.tokens;
            break;
          }
        }
      }
      let written = read;
      for (const { at, ttlMs } of breakpoints) {
        const end = ends[at];
        if (end === undefined || end.tokens < minimum || end.tokens <= read) continue;
        entries.write(end.hash, end.tokens, answeredAt, ttlMs);
        written = Math.max(written, end.tokens);
      }
      return { read, write: written - read };
    },
  };
}

const OPENAI_MINIMUM_TOKENS = 1024;
const OPENAI_STEP_TOKENS = 128;

/** The prompt's prefixes every 128 tokens from 1,024 (four characters a token), each with its hash. */
function openAiCuts(parts: readonly PromptPart[]): Array<{ tokens: number; hash: string }> {
  const whole: Hash = createHash('sha256');
  const cuts: Array<{ tokens: number; hash: string }> = [];
  let start = 0;
  let at = OPENAI_MINIMUM_TOKENS;
  for (const part of parts) {
    const end = start + part.text.length;
    // A cut inside this part (or at its end): the parts before it, then this one's start.
    for (; at * 4 <= end; at += OPENAI_STEP_TOKENS) {
      const hash = whole
        .copy()
        .update(part.kind)
        .update('\u0001')
        .update(part.text.slice(0, at * 4 - start));
      cuts.push({ tokens: at, hash: hash.digest('hex') });
    }
    whole.update(part.kind).update('\u0001').update(part.text).update('\0');
    start = end;
  }
  return cuts;
}

export function openAiPromptCache(): PromptCache {
  const entries = new Entries();
  return {
    use(parts, _model, now, answeredAt) {
      const cuts = openAiCuts(parts);
      let read = 0;
      for (const cut of cuts) {
        if (entries.read(cut.hash, now, FIVE_MINUTES_MS) === undefined) break;
        read = cut.tokens;
      }
      for (const cut of cuts) if (cut.tokens > read) entries.write(cut.hash, cut.tokens, answeredAt, FIVE_MINUTES_MS);
      return { read, write: 0 };
    },
  };
}
