import { readFileSync } from 'node:fs';
import { buildDocument, type OpenApiDocument } from './build-document.ts';
import { allRouteDocs } from './all-route-docs.ts';

let built: OpenApiDocument | undefined;

/** The version in package.json, which names the service's releases. */
function serviceVersion(): string {
  const pkg: unknown = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
  const version = typeof pkg === 'object' && pkg !== null && 'version' in pkg ? pkg.version : undefined;
  return typeof version === 'string' ? version : '0.0.0';
}

/** The document this service serves: every route's doc, built once. */
export function serviceDocument(): OpenApiDocument {
  built ??= buildDocument(allRouteDocs(), { version: serviceVersion() });
  return built;
}
