import { writeFileSync } from 'node:fs';
import { serviceDocument } from '../src/http/openapi/service-document.ts';
import { typedClientSource } from '../test/client/generate-client.ts';
import { appTypesSource } from './app-types-source.ts';

// Writes the OpenAPI document the service serves to docs/openapi.json, and what is generated from
// it: the typed client of the tests (test/client/vetrina-api.ts) and the review app's wire types
// (app/api-types.ts), without a database or a server: the document is built from the route
// modules' docs alone. Run by `npm run openapi:client`.

const document = serviceDocument();
const documentFile = new URL('../docs/openapi.json', import.meta.url);
writeFileSync(documentFile, `${JSON.stringify(document, null, 2)}\n`);
console.log(`wrote ${documentFile.pathname}`);
const clientFile = new URL('../test/client/vetrina-api.ts', import.meta.url);
writeFileSync(clientFile, await typedClientSource(document));
console.log(`wrote ${clientFile.pathname}`);
const appTypesFile = new URL('../app/api-types.ts', import.meta.url);
writeFileSync(appTypesFile, await appTypesSource(document));
console.log(`wrote ${appTypesFile.pathname}`);
