import { generateApi } from 'swagger-typescript-api';
import type { OpenApiDocument } from '../../src/http/openapi/build-document.ts';

// How the typed client of the tests is made from the OpenAPI document: scripts/write-openapi.ts
// writes it, and a test checks the committed one is what this makes of the served document.

const HEADER = `// Generated from docs/openapi.json by swagger-typescript-api (npm run openapi:client). Do not edit.
// @ts-nocheck: the generator's own code is not written for this project's compiler settings; its types are checked where the tests use them.
`;

export async function typedClientSource(document: OpenApiDocument): Promise<string> {
  const { files } = await generateApi({
    spec: structuredClone(document) as never,
    output: false,
    fileName: 'vetrina-api.ts',
    // A union type, not a TypeScript enum (Node runs erasable syntax only).
    enumStyle: 'union',
    typeOnlyImports: true,
    // Error statuses come back as a response with a typed `error`, for the tests to look at.
    disableThrowOnError: true,
    moduleNameFirstTag: true,
    generateResponses: true,
    silent: true,
  });
  const [file] = files;
  if (file === undefined || files.length !== 1) throw new Error(`swagger-typescript-api made ${files.length} files; expected one`);
  return HEADER + file.fileContent;
}
