import { generateApi } from 'swagger-typescript-api';
import type { OpenApiDocument } from '../src/http/openapi/build-document.ts';

// How the review app's wire types (app/api-types.ts) are made from the OpenAPI document:
// scripts/write-openapi.ts writes them, and a test checks the committed file is what this makes
// of the served document. Types only: the app imports them with `import type`, which is erased
// when its modules are served, so the browser never loads this file.

const HEADER = `// Generated from docs/openapi.json by swagger-typescript-api (npm run openapi:client). Do not edit.
// The review app's view of the API: import with \`import type\` only (app/api.ts names the shapes it reads).
`;

export async function appTypesSource(document: OpenApiDocument): Promise<string> {
  const { files } = await generateApi({
    spec: structuredClone(document) as never,
    output: false,
    fileName: 'api-types.ts',
    // A union type, not a TypeScript enum: an enum is code, and the file must hold types alone.
    enumStyle: 'union',
    generateClient: false,
    // Each route's answer gets a name (`GetProductsData`), where the document writes it in place.
    extractResponseBody: true,
    silent: true,
  });
  const [file] = files;
  if (file === undefined || files.length !== 1) throw new Error(`swagger-typescript-api made ${files.length} files; expected one`);
  return HEADER + file.fileContent;
}
