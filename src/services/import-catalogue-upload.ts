import type { Database, SqlRunner } from '../db/database.ts';
import { importCatalogueInput } from '../sources/catalogue/import-catalogue.ts';
import { stopReason } from '../sources/catalogue/import-file.ts';
import { type ImportView, importUpload, readImport, type Upload, type UploadOutcome } from './import-upload.ts';

export { REJECTIONS_SHOWN, type UploadOutcome } from './import-upload.ts';

export interface CatalogueUpload extends Upload {
  /** ISO 639-1 language of text in columns without a language suffix. */
  language: string | null;
  /** CATALOGUE_MAX_ROWS_PER_ACCOUNT; 0: none. */
  maxRowsPerAccount: number;
}

/**
 * Imports an upload into a catalogue while its body streams in (see importUpload): rows written
 * in batches as they arrive (progress visible to GET as they commit), then `completed`, or
 * `failed` with the reason. Rows committed before a failure stay imported; the record says how many.
 */
export function importCatalogueUpload(db: Database, upload: CatalogueUpload): Promise<UploadOutcome> {
  return importUpload(db, upload, {
    source: 'catalogue',
    run: async (input, { importId, heartbeat, explainStop }) => {
      await importCatalogueInput(db, input, {
        accountId: upload.accountId,
        importId,
        heartbeat,
        explainStop,
        language: upload.language,
        limits: upload.limits,
        maxRowsPerAccount: upload.maxRowsPerAccount,
      });
    },
    stopReason: (err) => stopReason(err, null),
  });
}

/** An import as GET /api/v1/catalogue/imports/{id} shows it. */
export type CatalogueImportView = ImportView;

/** One import of the account's catalogue (null: of the shared one); undefined when it has no such import. */
export function readCatalogueImport(db: SqlRunner, accountId: string | null, importId: string): Promise<CatalogueImportView | undefined> {
  return readImport(db, accountId, importId, 'catalogue');
}
