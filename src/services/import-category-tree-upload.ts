import { CATEGORY_TREE_SOURCE } from '../db/catalogue-imports.ts';
import type { Database, SqlRunner } from '../db/database.ts';
import { importCategoryTree, treeStopReason } from '../sources/catalogue/import-category-tree.ts';
import { type ImportView, importUpload, readImport, type Upload, type UploadOutcome } from './import-upload.ts';

/**
 * Replaces the account's category tree with an uploaded `id,path` file (CSV or JSON Lines) while
 * its body streams in (see importUpload and importCategoryTree): rows checked as they arrive, the
 * tree replaced in one transaction at the end, or left as it was when the import fails.
 */
export function importCategoryTreeUpload(db: Database, upload: Upload & { accountId: string }): Promise<UploadOutcome> {
  return importUpload(db, upload, {
    source: CATEGORY_TREE_SOURCE,
    run: async (input, { importId, heartbeat, explainStop }) => {
      await importCategoryTree(db, input, { accountId: upload.accountId, importId, heartbeat, explainStop });
    },
    stopReason: (err) => treeStopReason(err, null),
  });
}

/** One import of the account's category tree; undefined when it has no such import. */
export function readCategoryTreeImport(db: SqlRunner, accountId: string, importId: string): Promise<ImportView | undefined> {
  return readImport(db, accountId, importId, CATEGORY_TREE_SOURCE);
}
