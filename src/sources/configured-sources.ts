import type { LookupFunction } from 'node:net';
import { ConfigError, type Config } from '../config.ts';
import type { SqlRunner } from '../db/database.ts';
import { createCatalogueSource } from './catalogue-source.ts';
import { guardedSourceFetchFromConfig } from './guarded-source-fetch.ts';
import { icecatSourceFromConfig } from './icecat.ts';
import { openFoodFactsSourceFromConfig } from './open-food-facts.ts';
import type { ProductSource } from './source.ts';

export const KNOWN_SOURCES = ['catalogue', 'aifa', 'open_food_facts', 'icecat'] as const;

export interface ConfiguredSources {
  sources: ProductSource[];
  /** Sources named in SOURCES that are off, and why (logged at start). */
  skipped: { name: string; reason: string }[];
  /** Closes the remote sources' connection pool (at shutdown). */
  close(): Promise<void>;
}

/**
 * The chain SOURCES names, in its order; an unknown name fails at start, not at the first generation.
 * The remote sources share one guarded connection pool (guarded-source-fetch.ts).
 */
export function configuredSources(config: Pick<Config, 'sources' | 'fetch'>, db: SqlRunner, options: { lookup?: LookupFunction } = {}): ConfiguredSources {
  const http = guardedSourceFetchFromConfig(config, options.lookup);
  const sources: ProductSource[] = [];
  const skipped: { name: string; reason: string }[] = [];
  try {
    for (const name of config.sources.order) {
      switch (name) {
        case 'catalogue':
        case 'aifa':
          sources.push(createCatalogueSource(db, name));
          break;
        case 'open_food_facts':
          sources.push(openFoodFactsSourceFromConfig(config.sources, http.fetch));
          break;
        case 'icecat': {
          const icecat = icecatSourceFromConfig(config.sources, http.fetch, config.sources.icecat.languages);
          if (icecat === null) skipped.push({ name, reason: 'ICECAT_USERNAME is not set' });
          else sources.push(icecat);
          break;
        }
        default:
          throw new ConfigError(`SOURCES names an unknown source "${name}"; known sources: ${KNOWN_SOURCES.join(', ')}`);
      }
    }
  } catch (err) {
    // Nothing has connected yet; the pool is closed only so that it is not left behind.
    void http.close();
    throw err;
  }
  return { sources, skipped, close: () => http.close() };
}
