/**
 * Answers of a pure function kept by key, for inputs that repeat (a file's headers, a text's
 * words, a statement's text). Bounded because the keys come from outside: when it holds `limit`
 * keys it starts again empty, which costs a recomputation and never a wrong answer. Written here
 * rather than taken from an LRU library: the callers need no eviction order, only a bound.
 */
export class BoundedMemo<V extends NonNullable<unknown> | null> {
  private readonly answers = new Map<string, V>();
  private readonly limit: number;

  constructor(limit: number) {
    this.limit = limit;
  }

  /** The kept answer for `key`, or `compute()`'s, kept. */
  get(key: string, compute: () => V): V {
    const known = this.answers.get(key);
    if (known !== undefined) return known;
    const answer = compute();
    if (this.answers.size >= this.limit) this.answers.clear();
    this.answers.set(key, answer);
    return answer;
  }
}
