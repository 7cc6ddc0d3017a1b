import type { SqlRunner } from '../../db/database.ts';
import { catalogueColumnUsage, catalogueRowMapper } from './catalogue-record.ts';
import { importFile, importInput, type ImportFileOptions, type ImportSummary } from './import-file.ts';
import type { InputFormat } from './input-format.ts';
import type { InputFile } from './open-input.ts';
import { mergeShopifyRows } from './shopify-rows.ts';

export interface ImportCatalogueOptions extends Omit<ImportFileOptions, 'source' | 'mapRow' | 'format' | 'transformRows' | 'columnUsage'> {
  format?: InputFormat;
  /** ISO 639-1 language of text in columns without a language suffix; null when unknown. */
  language?: string | null;
}

function catalogueOptions(options: ImportCatalogueOptions): ImportFileOptions {
  const { language, ...rest } = options;
  return {
    ...rest,
    source: 'catalogue',
    mapRow: catalogueRowMapper(language ?? null),
    transformRows: mergeShopifyRows,
    columnUsage: catalogueColumnUsage(language ?? null),
  };
}

/** `vetrina catalog import`: a product feed (CSV or JSON Lines) into a catalogue (the shared one unless `accountId` is given). */
export function importCatalogue(db: SqlRunner, path: string, options: ImportCatalogueOptions = {}): Promise<ImportSummary> {
  return importFile(db, path, catalogueOptions(options));
}

/** The same for an input already opened (an upload); `importId` when the run was recorded before the input was opened. */
export function importCatalogueInput(db: SqlRunner, input: InputFile, options: ImportCatalogueOptions & { importId?: string } = {}): Promise<ImportSummary> {
  return importInput(db, input, { ...catalogueOptions(options), ...(options.importId === undefined ? {} : { importId: options.importId }) });
}
