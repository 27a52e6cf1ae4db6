/**
 * Writes what the API docs take from the code: docs/openapi.json (the OpenAPI document the server
 * serves at /api/v1/openapi.json) and the limits table in docs/api.md. `npm run docs:api`; a test
 * (tests/unit/api-docs.test.ts) fails when either differs from what this writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { VERSION } from '../src/core/version';
import { openApiText } from '../src/server/http/openapi';
import { limitsBlock, LIMITS_BLOCK } from './lib/api-docs';
import { replaceBlock } from './lib/doc-blocks';

const openApiFile = fileURLToPath(new URL('../docs/openapi.json', import.meta.url));
const apiDoc = fileURLToPath(new URL('../docs/api.md', import.meta.url));

writeFileSync(openApiFile, openApiText(VERSION));
writeFileSync(apiDoc, replaceBlock(readFileSync(apiDoc, 'utf8'), LIMITS_BLOCK, limitsBlock(), 'docs/api.md'));
console.log('Wrote docs/openapi.json and the limits table in docs/api.md.');
