/** The deepest nesting of objects and arrays a caller's JSON may have; deeper is refused at the door. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether a JSON text nests objects and arrays deeper than `limit`, read as text before it is
 * parsed: one pass, no recursion and no parse, so a body nested 100,000 deep costs a scan and
 * never a stack. Brackets inside strings do not count. Malformed text is left to the parser.
 */
export function nestsDeeperThan(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: the next character is escaped, whatever it is
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth -= 1;
  }
  return false;
}
