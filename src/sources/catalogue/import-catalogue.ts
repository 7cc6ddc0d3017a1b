import type { SqlRunner } from '../../db/database.ts';
import { catalogueRowMapper } from './catalogue-record.ts';
import { importFile, type ImportFileOptions, type ImportSummary } from './import-file.ts';
import type { InputFormat } from './input-format.ts';

export interface ImportCatalogueOptions extends Omit<ImportFileOptions, 'source' | 'mapRow' | 'format'> {
  format?: InputFormat;
  /** ISO 639-1 language of text in columns without a language suffix; null when unknown. */
  language?: string | null;
}

/** `vetrina catalog import`: a user's own product feed (CSV or JSON Lines) into the local catalogue. */
export function importCatalogue(db: SqlRunner, path: string, options: ImportCatalogueOptions = {}): Promise<ImportSummary> {
  const { language, ...rest } = options;
  return importFile(db, path, { ...rest, source: 'catalogue', mapRow: catalogueRowMapper(language ?? null) });
}
