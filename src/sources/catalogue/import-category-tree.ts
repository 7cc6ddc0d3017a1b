import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { finishCatalogueImport, recordCatalogueImportInput, recordCatalogueImportProgress, type UnusedColumn } from '../../db/catalogue-imports.ts';
import { replaceCustomCategoryTree } from '../../db/custom-categories.ts';
import type { Database, SqlRunner } from '../../db/database.ts';
import { CUSTOM_CATEGORIES_MAX, categoryRow, isTreeColumn } from '../../domain/categories/custom-category-row.ts';
import type { ImportHeartbeat } from './import-heartbeat.ts';
import { ImportAbandonedError, ImportRefusedError, type RowError, stopReason } from './import-file.ts';
import { InputFormatError } from './input-format.ts';
import { InputStoppedError } from './input-row.ts';
import { InputTooLargeError, type InputFile } from './open-input.ts';

export interface ImportTreeOptions {
  accountId: string;
  /** The import, recorded as running by the caller, and the heartbeat that keeps it alive. */
  importId: string;
  heartbeat: ImportHeartbeat;
  /** What the caller knows of an error that stopped the import (the sender hung up). */
  explainStop?: (err: unknown) => string | null;
  /** Rejections recorded; `rows_failed` keeps the total. */
  maxErrors?: number;
  /** Progress is recorded after this many rows or this many milliseconds while the body arrives. */
  progressEveryRows?: number;
  progressEveryMs?: number;
}

export interface TreeImportSummary {
  rowsRead: number;
  rowsImported: number;
  rowsFailed: number;
  /** Products that lost their category, no longer in the tree. */
  productsCleared: number;
}

/** Mapping rows is CPU work: after this long the import lets the event loop serve other requests. */
const SLICE_MS = 10;
/** Unused columns named; a JSON Lines file may bring new keys on every line. */
const UNUSED_SHOWN = 50;
const KEPT = 'the category tree was kept as it was';

/**
 * The reason a tree import that stopped on `err` is failed with. Nothing of a tree is written
 * before its end, so whatever stopped it, the old tree stands.
 */
export function treeStopReason(err: unknown, lastLine: number | null, explain?: (err: unknown) => string | null): string {
  const known = err instanceof InputStoppedError || err instanceof ImportAbandonedError || err instanceof InputTooLargeError || err instanceof InputFormatError;
  if (known || (explain?.(err) ?? null) !== null) return `${stopReason(err, lastLine, explain)}; ${KEPT}`;
  const where = lastLine === null ? 'before its first row' : `after line ${lastLine}`;
  return `import stopped: an error on the server's side ended it ${where}; ${KEPT}. Send the file again`;
}

/**
 * Reads an opened input of `id,path` rows into the account's category tree, replacing it whole:
 * rows are checked as they arrive (a bad row, a repeated id, a row past CUSTOM_CATEGORIES_MAX is
 * a rejection with its line, and the import goes on), the good ones held until the input ends,
 * then the tree is replaced and the import completed in one transaction, so readers see the old
 * tree until the new one is whole. Products whose category left the tree lose it (see
 * replaceCustomCategoryTree). An input read to its end with rows but none good changes nothing
 * (ImportRefusedError): a wrong file never empties a tree; one with no row at all empties it.
 * Any error that stops the import marks it failed with a reason and is thrown.
 */
export async function importCategoryTree(db: Database, input: InputFile, options: ImportTreeOptions): Promise<TreeImportSummary> {
  const { importId, heartbeat } = options;
  const maxErrors = options.maxErrors ?? 1000;
  const everyRows = options.progressEveryRows ?? 1000;
  const everyMs = options.progressEveryMs ?? 1000;
  await recordCatalogueImportInput(db, importId, { format: input.format, encoding: input.encoding });

  const counts = { rowsRead: 0, rowsImported: 0, rowsFailed: 0 };
  const errors: RowError[] = [];
  const tree = new Map<string, { path: string; line: number }>();
  const unused = new Map<string, UnusedColumn>();
  let lastLine: number | null = null;
  let reportedAtRows = 0;
  let reportedAt = Date.now();
  let sliceStart = performance.now();
  const fail = (line: number | null, reason: string) => {
    counts.rowsFailed += 1;
    if (errors.length < maxErrors) errors.push({ line, reason });
  };
  const abandoned = () => new ImportAbandonedError('another process found no sign of this import for minutes and marked it failed');
  const finish = (runner: SqlRunner, failure: string | null, extra: RowError[] = []) =>
    finishCatalogueImport(runner, importId, {
      counts: { ...counts, bytesRead: input.bytesRead() },
      errors: [...errors, ...extra],
      unusedColumns: [...unused.values()],
      failure,
    });

  try {
    for await (const row of input.rows()) {
      if (heartbeat.abandoned()) throw abandoned();
      counts.rowsRead += 1;
      lastLine = row.line;
      if (!row.ok) {
        fail(row.line, row.reason);
      } else {
        for (const column of Object.keys(row.fields)) {
          if (!isTreeColumn(column) && !unused.has(column) && unused.size < UNUSED_SHOWN) unused.set(column, { column, reason: 'not a column of a category tree (id, path)' });
        }
        const checked = categoryRow(row.fields);
        const first = checked.ok ? tree.get(checked.id) : undefined;
        if (!checked.ok) fail(row.line, checked.reason);
        else if (first !== undefined) fail(row.line, `the id "${checked.id}" is already on line ${first.line}; an id names one category`);
        else if (tree.size >= CUSTOM_CATEGORIES_MAX) fail(row.line, `the tree already holds ${CUSTOM_CATEGORIES_MAX} categories, the most one account may have`);
        else tree.set(checked.id, { path: checked.path, line: row.line });
      }
      if (counts.rowsRead - reportedAtRows >= everyRows || Date.now() - reportedAt >= everyMs) {
        reportedAtRows = counts.rowsRead;
        reportedAt = Date.now();
        // Nothing is imported before the end: rows read and rejected so far, and a heartbeat.
        if (!(await recordCatalogueImportProgress(db, importId, { ...counts, bytesRead: input.bytesRead(), lastLine: null }))) throw abandoned();
      }
      if (performance.now() - sliceStart >= SLICE_MS) {
        await yieldToEventLoop();
        sliceStart = performance.now();
      }
    }
    if (counts.rowsRead > 0 && tree.size === 0) {
      const reason = `no row of the file could be imported (see the rejections); ${KEPT}`;
      await finish(db, reason, [{ line: null, reason }]);
      throw new ImportRefusedError(reason);
    }
    const productsCleared = await db.transaction(async (tx) => {
      // Held to the commit: the sweep of abandoned imports cannot fail this one while it replaces the tree.
      const state = await tx.query<{ state: string }>('SELECT state FROM catalogue_imports WHERE id = $1 FOR UPDATE', [importId]);
      if (state[0]?.state !== 'running') throw abandoned();
      const cleared = await replaceCustomCategoryTree(
        tx,
        options.accountId,
        [...tree].map(([id, c]) => ({ id, path: c.path })),
      );
      counts.rowsImported = tree.size;
      await finish(tx, null);
      return cleared;
    });
    return { ...counts, productsCleared };
  } catch (err) {
    if (err instanceof ImportRefusedError) throw err;
    counts.rowsImported = 0;
    const reason = treeStopReason(err, lastLine, options.explainStop);
    // A row the input cannot be read past is a rejected row of its own, at its line.
    const line = err instanceof InputStoppedError ? err.line : null;
    if (line !== null) counts.rowsFailed += 1;
    await finish(db, reason, [{ line, reason }]).catch(() => {});
    throw err;
  }
}
