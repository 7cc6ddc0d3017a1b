import type { Database } from '../../db/database.ts';
import { importFile, type ImportFileOptions, type ImportSummary } from '../catalogue/import-file.ts';
import { aifaRowMapper } from './aifa-record.ts';

export type ImportAifaOptions = Omit<ImportFileOptions, 'source' | 'mapRow' | 'format'>;

/**
 * `vetrina sources aifa import`: AIFA's open-data list of medicine packs (confezioni.csv or
 * confezioni_fornitura.csv, semicolon-separated, UTF-8 or Latin-1) into the local catalogue,
 * keyed by AIC. Always CSV, whatever the file is called.
 */
export function importAifa(db: Database, path: string, options: ImportAifaOptions = {}): Promise<ImportSummary> {
  return importFile(db, path, { ...options, source: 'aifa', format: 'csv', mapRow: aifaRowMapper });
}
