/**
 * Makes room for one more entry in a table kept per client address, bounded because the addresses
 * come from outside: entries whose time has passed go first, then, if every one is still running,
 * the oldest (a Map iterates in insertion order).
 */
export function makeRoom<V>(table: Map<string, V>, max: number, passed: (value: V) => boolean): void {
  if (table.size < max) return;
  for (const [key, value] of table) if (passed(value)) table.delete(key);
  for (const key of table.keys()) {
    if (table.size < max) break;
    table.delete(key);
  }
}
