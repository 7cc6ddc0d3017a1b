import { accountDocs } from '../routes/account.ts';
import { adminAccountsDocs } from '../routes/admin-accounts.ts';
import { adminCatalogueDocs } from '../routes/admin-catalogue.ts';
import { adminTokensDocs } from '../routes/admin-tokens.ts';
import { adminAuditDocs } from '../routes/admin-audit.ts';
import { accountLedgerDocs } from '../routes/account-ledger.ts';
import { attributesDocs } from '../routes/attributes.ts';
import { familiesDocs } from '../routes/families.ts';
import { appSessionDocs } from '../routes/app-session.ts';
import { pricingDocs } from '../routes/pricing.ts';
import { googleCategoriesDocs } from '../routes/google-categories.ts';
import { reviewAppDocs } from '../routes/review-app.ts';
import { catalogueImportsDocs } from '../routes/catalogue-imports.ts';
import { customCategoryDocs } from '../routes/custom-category.ts';
import { webhooksDocs } from '../routes/webhooks.ts';
import { createProductsDocs } from '../routes/create-products.ts';
import { deleteProductDocs } from '../routes/delete-product.ts';
import { exportProductsDocs } from '../routes/export-products.ts';
import { listProductsDocs } from '../routes/list-products.ts';
import { docsDocs } from '../routes/docs.ts';
import { healthDocs } from '../routes/health.ts';
import { mediaDocs } from '../routes/media.ts';
import { openApiDocs } from '../routes/openapi.ts';
import { productDetailsDocs } from '../routes/product-details.ts';
import { productHistoryDocs } from '../routes/product-history.ts';
import { publicationStateDocs } from '../routes/publication-state.ts';
import { regenerateProductDocs } from '../routes/regenerate-product.ts';
import { updateProductDocs } from '../routes/update-product.ts';
import type { RouteDoc } from './route-doc.ts';

/**
 * Every route module's docs, in the order the reference shows them. A function, not a constant:
 * the route modules import app.ts, which imports this file, and a constant would read their
 * exports before they exist when a route module is the first one loaded.
 * (/metrics is not here: it is the operator's, on its own token, and only when METRICS_TOKEN is set.)
 */
export function allRouteDocs(): RouteDoc[] {
  // biome-ignore format: one module a line, so each new module is a line of its own in a merge
  return [
    ...createProductsDocs,
    ...regenerateProductDocs,
    ...productDetailsDocs,
    ...productHistoryDocs,
    ...listProductsDocs,
    ...exportProductsDocs,
    ...updateProductDocs,
    ...deleteProductDocs,
    ...publicationStateDocs,
    ...accountDocs,
    ...accountLedgerDocs,
    ...catalogueImportsDocs,
    ...customCategoryDocs,
    ...attributesDocs,
    ...familiesDocs,
    ...webhooksDocs,
    ...pricingDocs,
    ...googleCategoriesDocs,
    ...appSessionDocs,
    ...adminAccountsDocs,
    ...adminTokensDocs,
    ...adminAuditDocs,
    ...adminCatalogueDocs,
    ...healthDocs,
    ...mediaDocs,
    ...openApiDocs,
    ...docsDocs,
    ...reviewAppDocs,
  ];
}
