// The Google product taxonomy shipped in reference-data/google-taxonomy, read once per process.
// Nothing is fetched at run time: scripts/refresh-google-taxonomy.ts replaces the files.
import { readdirSync, readFileSync } from 'node:fs';
import { GoogleTaxonomy } from '../domain/categories/google-taxonomy.ts';

export const GOOGLE_TAXONOMY_DIR = new URL('../../reference-data/google-taxonomy/', import.meta.url);
const BASE_FILE = 'taxonomy-with-ids.en-US.txt';
const TRANSLATION = /^taxonomy-with-ids\.([a-z]{2})-[A-Z]{2}\.txt$/;

let loaded: GoogleTaxonomy | undefined;

/** The shipped taxonomy: English, and every other language whose file is present. */
export function googleTaxonomy(): GoogleTaxonomy {
  if (loaded !== undefined) return loaded;
  const translations: Record<string, string> = {};
  for (const file of readdirSync(GOOGLE_TAXONOMY_DIR)) {
    const language = TRANSLATION.exec(file)?.[1];
    if (language !== undefined && language !== 'en') translations[language] = readFileSync(new URL(file, GOOGLE_TAXONOMY_DIR), 'utf8');
  }
  loaded = new GoogleTaxonomy(readFileSync(new URL(BASE_FILE, GOOGLE_TAXONOMY_DIR), 'utf8'), translations);
  return loaded;
}
