import { writeFileSync } from 'node:fs';
import { serviceDocument } from '../src/http/openapi/service-document.ts';
import { typedClientSource } from '../test/client/generate-client.ts';

// Writes the OpenAPI document the service serves to docs/openapi.json, and the typed client of the
// tests generated from it to test/client/vetrina-api.ts, without a database or a server: the
// document is built from the route modules' docs alone. Run by `npm run openapi:client`.

const document = serviceDocument();
const documentFile = new URL('../docs/openapi.json', import.meta.url);
writeFileSync(documentFile, `${JSON.stringify(document, null, 2)}\n`);
console.log(`wrote ${documentFile.pathname}`);
const clientFile = new URL('../test/client/vetrina-api.ts', import.meta.url);
writeFileSync(clientFile, await typedClientSource(document));
console.log(`wrote ${clientFile.pathname}`);
