import { normaliseProductCode } from '../domain/codes.ts';
import type { Fact } from '../domain/facts.ts';
import { findCatalogueItem, type CatalogueSourceName } from '../db/catalogue.ts';
import type { SqlRunner } from '../db/database.ts';
import type { ProductSource, SourceQuery } from './source.ts';

const CODE_TYPES: Readonly<Record<CatalogueSourceName, readonly SourceQuery['codeType'][]>> = {
  catalogue: ['ean', 'asin', 'minsan'],
  aifa: ['minsan'],
};

/**
 * A locally imported table as a product source: the user's own catalogue or the AIFA medicines
 * list. Answers come from the database, so they are not put in the shared source cache.
 */
export function createCatalogueSource(db: SqlRunner, source: CatalogueSourceName): ProductSource {
  return {
    name: source,
    cached: false,
    codeTypes: CODE_TYPES[source],
    async lookup(query: SourceQuery, signal?: AbortSignal): Promise<Fact[] | null> {
      signal?.throwIfAborted();
      const item = await findCatalogueItem(db, source, normaliseProductCode(query.code));
      return item === undefined ? null : item.facts;
    },
  };
}
