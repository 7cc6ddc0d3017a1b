import { writeFileSync } from 'node:fs';
import { serviceDocument } from '../src/http/openapi/service-document.ts';

// Writes the OpenAPI document the service serves to docs/openapi.json, without a database or a
// server: the document is built from the route modules' docs alone. `npm run openapi:client`
// runs this, then generates the typed client of the tests from the file.

const target = new URL('../docs/openapi.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(serviceDocument(), null, 2)}\n`);
console.log(`wrote ${target.pathname}`);
