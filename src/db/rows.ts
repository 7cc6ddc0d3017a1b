/** The single row a statement must return (INSERT … RETURNING); its absence is a bug, not user error. */
export function firstRow<T>(rows: readonly T[], statement: string): T {
  const row = rows[0];
  if (row === undefined) throw new Error(`${statement} returned no row`);
  return row;
}
