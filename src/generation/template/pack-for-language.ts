// The language packs by language code; English is the fallback. Kept apart from language-pack.ts,
// whose shape every pack imports, so that no import circles back to a pack's importer.
import type { LanguagePack } from './language-pack.ts';
import { de } from './languages/de.ts';
import { en } from './languages/en.ts';
import { es } from './languages/es.ts';
import { fr } from './languages/fr.ts';
import { it } from './languages/it.ts';
import { nl } from './languages/nl.ts';
import { pl } from './languages/pl.ts';
import { pt } from './languages/pt.ts';

const PACKS: Readonly<Record<string, LanguagePack>> = { de, en, es, fr, it, nl, pl, pt };

export const SUPPORTED_LANGUAGES: readonly string[] = Object.keys(PACKS);

/** The pack for a language, or English with `supported: false`. */
export function packFor(language: string): { pack: LanguagePack; supported: boolean } {
  const pack = PACKS[language];
  return pack === undefined ? { pack: en, supported: false } : { pack, supported: true };
}
