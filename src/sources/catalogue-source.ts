import { normaliseProductCode } from '../domain/codes.ts';
import type { Fact } from '../domain/facts.ts';
import { findCatalogueItemFor, type CatalogueSourceName } from '../db/catalogue.ts';
import type { SqlRunner } from '../db/database.ts';
import type { ProductSource, SourceQuery } from './source.ts';

const CODE_TYPES: Readonly<Record<CatalogueSourceName, readonly SourceQuery['codeType'][]>> = {
  catalogue: ['ean', 'asin', 'minsan'],
  aifa: ['minsan'],
};

/**
 * A locally imported table as a product source: the catalogues (an account's own and the shared
 * one) or the AIFA medicines list. Answers come from the database and depend on the account, so
 * they are never put in the shared source cache.
 */
export function createCatalogueSource(db: SqlRunner, source: CatalogueSourceName): ProductSource {
  return {
    name: source,
    cached: false,
    codeTypes: CODE_TYPES[source],
    async lookup(query: SourceQuery, signal?: AbortSignal): Promise<Fact[] | null> {
      signal?.throwIfAborted();
      // AIFA is public data, always shared; the user's catalogue is the account's own, then the shared one.
      const accountId = source === 'catalogue' ? (query.accountId ?? null) : null;
      const item = await findCatalogueItemFor(db, source, normaliseProductCode(query.code), accountId);
      return item === undefined ? null : item.facts;
    },
  };
}
