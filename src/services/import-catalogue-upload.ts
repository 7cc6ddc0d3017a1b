import type { Readable } from 'node:stream';
import { finishCatalogueImport, findCatalogueImport, startCatalogueImportWithin, type CatalogueImportRow, type UnusedColumn } from '../db/catalogue-imports.ts';
import { isConnectionError, type Database, type SqlRunner } from '../db/database.ts';
import { importCatalogueInput } from '../sources/catalogue/import-catalogue.ts';
import { stopReason } from '../sources/catalogue/import-file.ts';
import { InputFormatError, type InputFormat } from '../sources/catalogue/input-format.ts';
import { InputStoppedError } from '../sources/catalogue/input-row.ts';
import { InputTooLargeError, openInputStream } from '../sources/catalogue/open-input.ts';
import type { RowLimits } from '../sources/catalogue/row-limits.ts';
import { keepImportAlive } from '../sources/catalogue/import-heartbeat.ts';
import { IMPORT_STALE_SECONDS } from './orphaned-imports.ts';

/** How many rejections an import's record shows; `rows_rejected` keeps the total. */
export const REJECTIONS_SHOWN = 100;

export interface CatalogueUpload {
  /** Whose catalogue; null for the operator's shared catalogue (the admin route). */
  accountId: string | null;
  body: Readable;
  format: InputFormat;
  /** Tab-separated when the sender said so (text/tab-separated-values); null: sniffed. */
  delimiter: string | null;
  /** The declared charset, if any. */
  charset: string | null;
  /** Content-Length when sent. */
  contentLength: number | null;
  maxBytes: number;
  /** ISO 639-1 language of text in columns without a language suffix. */
  language: string | null;
  limits: RowLimits;
  /** Imports of this catalogue that may run at once (CATALOGUE_IMPORTS_AT_ONCE). */
  importsAtOnce: number;
  /** CATALOGUE_MAX_ROWS_PER_ACCOUNT; 0: none. */
  maxRowsPerAccount: number;
}

export type UploadOutcome =
  | { kind: 'imported'; importId: string }
  /** `importId` null: refused by its Content-Length before anything was read or recorded. */
  | { kind: 'too_large'; importId: string | null; maxBytes: number }
  | { kind: 'not_text'; importId: string; message: string }
  /** The body could not be read past `line` (a CSV record over the limit); the rows before it were imported. */
  | { kind: 'stopped'; importId: string; line: number; message: string; outcome: string }
  | { kind: 'cut_off'; importId: string }
  /** Refused before anything was read: the catalogue already has as many imports running as it may. */
  | { kind: 'busy'; importId: null; running: string[] }
  /** Stopped by an error of ours; the import was marked failed with `reason`, `error` is for the log. */
  | { kind: 'failed'; importId: string; reason: string; error: unknown };

/**
 * Imports an upload into a catalogue while its body streams in: recorded at once as `running`,
 * rows written in batches as they arrive (progress visible to GET as they commit), then
 * `completed`, or `failed` with the reason when the body is not text, is larger than allowed, holds
 * a CSV record too large to read past, or stops arriving. Rows committed before a failure stay imported; the record says how many.
 * Refused at once (`busy`) when the catalogue already has its imports at once running. The database
 * unreachable is thrown (the import is failed by the orphan sweep once silent); any other error of
 * ours is `failed`, the record saying where it stopped.
 */
export async function importCatalogueUpload(db: Database, upload: CatalogueUpload): Promise<UploadOutcome> {
  if (upload.contentLength !== null && upload.contentLength > upload.maxBytes) return { kind: 'too_large', importId: null, maxBytes: upload.maxBytes };
  const fileName = upload.format === 'jsonl' ? 'upload.jsonl' : 'upload.csv';
  // The body's own failure (the sender hung up, the request timed out), told apart from the database's;
  // heard from before the import is recorded, as the sender may hang up meanwhile.
  let bodyFailed = false;
  upload.body.once('error', () => {
    bodyFailed = true;
  });
  const slot = await startCatalogueImportWithin(
    db,
    { source: 'catalogue', accountId: upload.accountId, fileName, format: upload.format },
    { atOnce: upload.importsAtOnce, staleSeconds: IMPORT_STALE_SECONDS },
  );
  // The body stays unread; it is dropped after the answer (see stoppableBody).
  if (!slot.ok) {
    return { kind: 'busy', importId: null, running: slot.running };
  }
  const importId = slot.importId;
  // Alive from now on, while the first bytes are awaited as much as while rows are written.
  const heartbeat = keepImportAlive(db, importId);
  const failed = async (failure: string) => {
    await finishCatalogueImport(db, importId, { counts: { rowsRead: 0, rowsImported: 0, rowsFailed: 0, bytesRead: 0 }, errors: [{ line: null, reason: failure }], failure });
  };
  try {
    const input = await openInputStream(upload.body, {
      fileName,
      format: upload.format,
      delimiter: upload.delimiter,
      charset: upload.charset,
      bytesTotal: upload.contentLength,
      maxBytes: upload.maxBytes,
      limits: upload.limits,
    }).catch(async (err: unknown) => {
      if (err instanceof InputFormatError || err instanceof InputTooLargeError || bodyFailed) await failed(readingFailure(err, bodyFailed));
      throw err;
    });
    await importCatalogueInput(db, input, {
      accountId: upload.accountId,
      importId,
      heartbeat,
      explainStop: () => (bodyFailed ? 'the upload was cut off before its end' : null),
      language: upload.language,
      limits: upload.limits,
      maxRowsPerAccount: upload.maxRowsPerAccount,
    });
    return { kind: 'imported', importId };
  } catch (err) {
    if (err instanceof InputTooLargeError) return { kind: 'too_large', importId, maxBytes: upload.maxBytes };
    if (err instanceof InputFormatError) return { kind: 'not_text', importId, message: err.message };
    if (err instanceof InputStoppedError) return { kind: 'stopped', importId, line: err.line, message: err.message, outcome: err.outcome() };
    if (bodyFailed) return { kind: 'cut_off', importId };
    // The database gone is the caller's 503; the import is failed by the sweep once its heartbeat is old.
    if (isConnectionError(err)) throw err;
    // Marked failed by importInput once it had started; before that (the first bytes), here.
    const reason = stopReason(err, null);
    await failed(reason).catch(() => {});
    return { kind: 'failed', importId, reason: (await findCatalogueImport(db, importId).catch(() => undefined))?.failure ?? reason, error: err };
  } finally {
    heartbeat.stop();
  }
}

function readingFailure(err: unknown, bodyFailed: boolean): string {
  if (bodyFailed) return 'the upload was cut off before its end';
  return err instanceof Error ? err.message : String(err);
}

/** An import as GET /api/v1/catalogue/imports/{id} shows it. */
export interface CatalogueImportView {
  id: string;
  state: CatalogueImportRow['state'];
  format: string;
  encoding: string | null;
  rows_read: number;
  rows_imported: number;
  rows_rejected: number;
  rejections: { line: number | null; reason: string }[];
  unused_columns: UnusedColumn[];
  bytes_read: number;
  failure: string | null;
  started_at: string;
  finished_at: string | null;
}

/** One import of the account's catalogue (null: of the shared one); undefined when it has no such import. */
export async function readCatalogueImport(db: SqlRunner, accountId: string | null, importId: string): Promise<CatalogueImportView | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(importId)) return undefined;
  const row = await findCatalogueImport(db, importId, { accountId });
  if (row === undefined || row.source !== 'catalogue') return undefined;
  return {
    id: row.id,
    state: row.state,
    format: row.format,
    encoding: row.encoding,
    rows_read: row.rows_read,
    rows_imported: row.rows_imported,
    rows_rejected: row.rows_failed,
    rejections: row.errors.slice(0, REJECTIONS_SHOWN),
    unused_columns: row.unused_columns,
    bytes_read: Number(row.bytes_read),
    failure: row.failure,
    started_at: row.started_at.toISOString(),
    finished_at: row.finished_at === null ? null : row.finished_at.toISOString(),
  };
}
