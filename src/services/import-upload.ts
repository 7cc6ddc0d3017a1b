import type { Readable } from 'node:stream';
import { finishCatalogueImport, findCatalogueImport, startCatalogueImportWithin, type CatalogueImportRow, type UnusedColumn } from '../db/catalogue-imports.ts';
import { isConnectionError, type Database, type SqlRunner } from '../db/database.ts';
import { ImportRefusedError } from '../sources/catalogue/import-file.ts';
import { InputFormatError, type InputFormat } from '../sources/catalogue/input-format.ts';
import { InputStoppedError } from '../sources/catalogue/input-row.ts';
import { InputTooLargeError, openInputStream, type InputFile } from '../sources/catalogue/open-input.ts';
import type { RowLimits } from '../sources/catalogue/row-limits.ts';
import { keepImportAlive, type ImportHeartbeat } from '../sources/catalogue/import-heartbeat.ts';
import { IMPORT_STALE_SECONDS } from './orphaned-imports.ts';

/** How many rejections an import's record shows; `rows_rejected` keeps the total. */
export const REJECTIONS_SHOWN = 100;

/** A file uploaded into one of an account's imports (its catalogue, its category tree), read as it arrives. */
export interface Upload {
  /** Whose; null for the operator's shared catalogue (the admin route). */
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
  limits: RowLimits;
  /** Imports of this kind that may run at once for the owner (CATALOGUE_IMPORTS_AT_ONCE). */
  importsAtOnce: number;
}

/** What is done with an upload once it is opened: its kind of import. */
export interface UploadImporter {
  /** `catalogue_imports.source` of its imports. */
  source: string;
  /** Reads the whole input; records the import's end itself (completed, or failed with a reason) and throws when it stopped. */
  run(input: InputFile, context: { importId: string; heartbeat: ImportHeartbeat; explainStop: (err: unknown) => string | null }): Promise<void>;
  /** The reason an error of ours that stopped it before `run` recorded one is recorded with. */
  stopReason(err: unknown): string;
}

export type UploadOutcome =
  | { kind: 'imported'; importId: string }
  /** `importId` null: refused by its Content-Length before anything was read or recorded. */
  | { kind: 'too_large'; importId: string | null; maxBytes: number }
  | { kind: 'not_text'; importId: string; message: string }
  /** The body could not be read past `line` (a CSV record over the limit). */
  | { kind: 'stopped'; importId: string; line: number; message: string; error: InputStoppedError }
  /** Read to its end, nothing of it could be taken (`message` says why). */
  | { kind: 'refused'; importId: string; message: string }
  | { kind: 'cut_off'; importId: string }
  /** Refused before anything was read: the owner already has as many imports of this kind running as it may. */
  | { kind: 'busy'; importId: null; running: string[] }
  /** Stopped by an error of ours; the import was marked failed with `reason`, `error` is for the log. */
  | { kind: 'failed'; importId: string; reason: string; error: unknown };

/**
 * Imports an upload while its body streams in: recorded at once as `running`, kept alive by a
 * heartbeat, read by `importer`, which records its progress and end; `failed` with the reason when
 * the body is not text, is larger than allowed, holds a CSV record too large to read past, or
 * stops arriving. Refused at once (`busy`) when the owner already has its imports at once of this
 * kind running. The database unreachable is thrown (the import is failed by the orphan sweep
 * once silent); any other error of ours is `failed`, the record saying where it stopped.
 */
export async function importUpload(db: Database, upload: Upload, importer: UploadImporter): Promise<UploadOutcome> {
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
    { source: importer.source, accountId: upload.accountId, fileName, format: upload.format },
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
    await importer.run(input, { importId, heartbeat, explainStop: () => (bodyFailed ? 'the upload was cut off before its end' : null) });
    return { kind: 'imported', importId };
  } catch (err) {
    if (err instanceof InputTooLargeError) return { kind: 'too_large', importId, maxBytes: upload.maxBytes };
    if (err instanceof InputFormatError) return { kind: 'not_text', importId, message: err.message };
    if (err instanceof InputStoppedError) return { kind: 'stopped', importId, line: err.line, message: err.message, error: err };
    if (err instanceof ImportRefusedError) return { kind: 'refused', importId, message: err.message };
    if (bodyFailed) return { kind: 'cut_off', importId };
    // The database gone is the caller's 503; the import is failed by the sweep once its heartbeat is old.
    if (isConnectionError(err)) throw err;
    // Marked failed by the importer once it had started; before that (the first bytes), here.
    const reason = importer.stopReason(err);
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

/** An import as GET …/imports/{id} shows it. */
export interface ImportView {
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

/** One import of `source` of the account's (null: of the shared catalogue); undefined when it has no such import. */
export async function readImport(db: SqlRunner, accountId: string | null, importId: string, source: string): Promise<ImportView | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(importId)) return undefined;
  const row = await findCatalogueImport(db, importId, { accountId });
  if (row === undefined || row.source !== source) return undefined;
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
