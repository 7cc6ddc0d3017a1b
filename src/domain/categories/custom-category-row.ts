// One row of an account's category tree file (columns `id` and `path`), checked. Pure.

/** The longest id and path a tree holds, in characters (the columns' checks, migration 032). */
export const CATEGORY_ID_MAX_CHARS = 128;
export const CATEGORY_PATH_MAX_CHARS = 1024;
/**
 * Categories one account's tree may hold: GET /api/v1/custom-category answers the whole tree at
 * once, and an import holds the new tree in memory until it replaces the old one. Google's own
 * taxonomy has about 5,600.
 */
export const CUSTOM_CATEGORIES_MAX = 10_000;

const SEPARATOR = ' > ';

export type CategoryRow = { ok: true; id: string; path: string } | { ok: false; reason: string };

/** A cell as text: JSON Lines may give an id as a number; anything else that is not text is refused. */
function cellText(value: unknown): string | null {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** The row's cell in column `name`, whatever the case and spaces of the header. */
function cell(fields: Record<string, unknown>, name: string): unknown {
  for (const [column, value] of Object.entries(fields)) if (column.trim().toLowerCase() === name) return value;
  return undefined;
}

/** The columns a tree file is read from; any other is reported unused. */
export function isTreeColumn(column: string): boolean {
  const name = column.trim().toLowerCase();
  return name === 'id' || name === 'path';
}

/**
 * The id and path of one row, or why the row is refused: an id empty or over
 * CATEGORY_ID_MAX_CHARS, a path empty, with an empty level ("Casa > > Luce") or over
 * CATEGORY_PATH_MAX_CHARS. The path's levels are trimmed and joined by " > "; a parent path
 * absent from the file is no error.
 */
export function categoryRow(fields: Record<string, unknown>): CategoryRow {
  const rawId = cellText(cell(fields, 'id'));
  if (rawId === null) return { ok: false, reason: 'the id must be text or a number' };
  const id = rawId.trim();
  if (id === '') return { ok: false, reason: 'the id is empty (columns: id, path)' };
  if ([...id].length > CATEGORY_ID_MAX_CHARS) return { ok: false, reason: `the id has ${[...id].length} characters; at most ${CATEGORY_ID_MAX_CHARS} are allowed` };
  const rawPath = cellText(cell(fields, 'path'));
  if (rawPath === null) return { ok: false, reason: `the path of id "${id}" must be text` };
  if (rawPath.trim() === '') return { ok: false, reason: `the path of id "${id}" is empty (columns: id, path)` };
  const levels = rawPath.split('>').map((level) => level.replace(/\s+/g, ' ').trim());
  if (levels.some((level) => level === '')) return { ok: false, reason: `the path of id "${id}" has an empty level ("${rawPath.trim().slice(0, 80)}")` };
  const path = levels.join(SEPARATOR);
  const length = [...path].length;
  if (length > CATEGORY_PATH_MAX_CHARS) return { ok: false, reason: `the path of id "${id}" has ${length} characters; at most ${CATEGORY_PATH_MAX_CHARS} are allowed` };
  return { ok: true, id, path };
}

/** What a product's records say once its category left the tree (`path`: the category's, when the tree had it). */
export function categoryRemovedMessage(id: string, path: string | null): string {
  const named = path === null ? `"${id}"` : `"${id}" (${path})`;
  return `The category ${named} is no longer in the account's category tree: an import replaced the tree and the product has no category now. Choose another with update.`;
}
