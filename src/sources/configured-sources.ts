import { ConfigError, type Config } from '../config.ts';
import type { SqlRunner } from '../db/database.ts';
import { createCatalogueSource } from './catalogue-source.ts';
import { icecatSourceFromConfig } from './icecat.ts';
import { openFoodFactsSourceFromConfig } from './open-food-facts.ts';
import type { ProductSource } from './source.ts';

export const KNOWN_SOURCES = ['catalogue', 'aifa', 'open_food_facts', 'icecat'] as const;

export interface ConfiguredSources {
  sources: ProductSource[];
  /** Sources named in SOURCES that are off, and why (logged at start). */
  skipped: { name: string; reason: string }[];
}

/** The chain SOURCES names, in its order; an unknown name fails at start, not at the first job. */
export function configuredSources(config: Config['sources'], db: SqlRunner): ConfiguredSources {
  const sources: ProductSource[] = [];
  const skipped: { name: string; reason: string }[] = [];
  for (const name of config.order) {
    switch (name) {
      case 'catalogue':
      case 'aifa':
        sources.push(createCatalogueSource(db, name));
        break;
      case 'open_food_facts':
        sources.push(openFoodFactsSourceFromConfig(config));
        break;
      case 'icecat': {
        const icecat = icecatSourceFromConfig(config, config.icecat.languages);
        if (icecat === null) skipped.push({ name, reason: 'ICECAT_USERNAME is not set' });
        else sources.push(icecat);
        break;
      }
      default:
        throw new ConfigError(`SOURCES names an unknown source "${name}"; known sources: ${KNOWN_SOURCES.join(', ')}`);
    }
  }
  return { sources, skipped };
}
