import { writeFileSync } from 'node:fs';
import { GoogleTaxonomy, parseTaxonomyFile, taxonomyVersion } from '../src/domain/categories/google-taxonomy.ts';
import { GOOGLE_TAXONOMY_DIR } from '../src/reference-data/google-taxonomy-files.ts';

// Replaces the shipped Google product taxonomy with Google's current files: English (the ids'
// base) and one file per language the engine writes. Run by hand, online:
//   node scripts/refresh-google-taxonomy.ts [en-US it-IT …]
// Every file is parsed before anything is written, and a translation must be of the same
// version as the English file, so a half-refreshed folder is never left behind.

const SOURCE = 'https://www.google.com/basepages/producttype/';
const LOCALES = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['en-US', 'it-IT', 'de-DE', 'fr-FR', 'es-ES', 'nl-NL', 'pl-PL', 'pt-BR'];
if (!LOCALES.includes('en-US')) LOCALES.unshift('en-US');

const texts = new Map<string, string>();
for (const locale of LOCALES) {
  const url = `${SOURCE}taxonomy-with-ids.${locale}.txt`;
  const answer = await fetch(url);
  if (!answer.ok) throw new Error(`${url}: HTTP ${answer.status}`);
  const text = await answer.text();
  parseTaxonomyFile(text);
  texts.set(locale, text);
  console.log(`${locale}: ${parseTaxonomyFile(text).size} categories, version ${taxonomyVersion(text) ?? 'unknown'}`);
}
const english = texts.get('en-US') ?? '';
for (const [locale, text] of texts) {
  if (taxonomyVersion(text) !== taxonomyVersion(english)) throw new Error(`${locale} is version ${taxonomyVersion(text)}, English ${taxonomyVersion(english)}`);
}
const check = new GoogleTaxonomy(english, Object.fromEntries([...texts].filter(([l]) => l !== 'en-US').map(([l, t]) => [l.slice(0, 2), t])));
for (const [locale, text] of texts) writeFileSync(new URL(`taxonomy-with-ids.${locale}.txt`, GOOGLE_TAXONOMY_DIR), text);
console.log(`wrote ${texts.size} files, ${check.size} categories, version ${check.version ?? 'unknown'}; update the version in reference-data/google-taxonomy/README.md`);
