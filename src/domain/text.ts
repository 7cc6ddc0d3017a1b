// What a text must be before it is stored: PostgreSQL refuses some strings JavaScript allows.

/**
 * Why PostgreSQL could not store this text, or null when it can: a NUL character (text columns
 * refuse it) or a lone UTF-16 surrogate such as "\ud800" (JSON columns refuse it; it is no
 * character at all, only half of one).
 */
export function unstorableText(value: string): string | null {
  if (value.includes('\u0000')) return 'The text must not contain the NUL character (\\u0000).';
  if (!value.isWellFormed()) return 'The text must not contain a lone UTF-16 surrogate (such as \\ud800): it is half of a character.';
  return null;
}

/** `value` as PostgreSQL can store it: NULs dropped, lone surrogates made U+FFFD. */
export function storableText(value: string): string {
  const noNul = value.includes('\u0000') ? value.replaceAll('\u0000', '') : value;
  return noNul.isWellFormed() ? noNul : noNul.toWellFormed();
}
