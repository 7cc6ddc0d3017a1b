import type { Database } from '../../db/database.ts';
import { catalogueColumnUsage, catalogueRowMapper } from './catalogue-record.ts';
import { columnClassifier } from './columns.ts';
import { importFile, importInput, type ImportFileOptions, type ImportSummary } from './import-file.ts';
import type { InputFormat } from './input-format.ts';
import type { InputFile } from './open-input.ts';
import { mergeShopifyRows } from './shopify-rows.ts';
import type { ImportHeartbeat } from './import-heartbeat.ts';

export interface ImportCatalogueOptions extends Omit<ImportFileOptions, 'source' | 'mapRow' | 'format' | 'transformRows' | 'columnUsage'> {
  format?: InputFormat;
  /** ISO 639-1 language of text in columns without a language suffix; null when unknown. */
  language?: string | null;
}

function catalogueOptions(options: ImportCatalogueOptions): ImportFileOptions {
  const { language, ...rest } = options;
  // One classifier for the whole import: each column is classified once, not once a row.
  const classify = columnClassifier(language ?? null);
  return {
    ...rest,
    source: 'catalogue',
    mapRow: catalogueRowMapper(classify),
    transformRows: (rows) => mergeShopifyRows(rows, classify),
    columnUsage: catalogueColumnUsage(classify),
  };
}

/** `vetrina catalog import`: a product feed (CSV or JSON Lines) into a catalogue (the shared one unless `accountId` is given). */
export function importCatalogue(db: Database, path: string, options: ImportCatalogueOptions = {}): Promise<ImportSummary> {
  return importFile(db, path, catalogueOptions(options));
}

/** The same for an input already opened (an upload); `importId` when the run was recorded before the input was opened, with its heartbeat. */
export function importCatalogueInput(
  db: Database,
  input: InputFile,
  options: ImportCatalogueOptions & { importId?: string; heartbeat?: ImportHeartbeat; explainStop?: (err: unknown) => string | null } = {},
): Promise<ImportSummary> {
  const { importId, heartbeat, explainStop, ...rest } = options;
  return importInput(db, input, {
    ...catalogueOptions(rest),
    ...(importId === undefined ? {} : { importId }),
    ...(heartbeat === undefined ? {} : { heartbeat }),
    ...(explainStop === undefined ? {} : { explainStop }),
  });
}
