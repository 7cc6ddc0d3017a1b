/** A table's name as SQL text, schema-qualified, each part quoted: for statements that take no parameter for it (ANALYZE, VACUUM). */
export function qualifiedTableName(schema: string, table: string): string {
  const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
  return `${quoted(schema)}.${quoted(table)}`;
}
