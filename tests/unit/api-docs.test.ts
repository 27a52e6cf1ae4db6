import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Handlers } from '../../src/core/api/handlers';
import { HTTP_STATUS } from '../../src/core/api/operation-errors';
import { VERSION } from '../../src/core/version';
import { buildOpenApiDocument, openApiText } from '../../src/server/http/openapi';
import { createMcpServer } from '../../src/server/mcp/create-mcp-server';
import { mcpTools } from '../../src/server/mcp/tool-list';
import { httpErrorCodes, operationErrorCodes, operationList } from '../../src/shared/contract/index';
import { limitsBlock, LIMITS_BLOCK } from '../../scripts/lib/api-docs';
import { readBlock } from '../../scripts/lib/doc-blocks';

/**
 * The API docs cannot drift from the code: docs/openapi.json is what the code generates, and docs/api.md
 * and docs/mcp.md name every operation, error code, MCP tool, resource and prompt the code has. A failure
 * says what is missing and where it goes, so whoever adds one to the code learns to document it.
 */

const REGENERATE = 'run `npm run docs:api` and commit the result';
const doc = (name: string): string => readFileSync(fileURLToPath(new URL(`../../docs/${name}`, import.meta.url)), 'utf8');
const escapeRegExp = (text: string): string => text.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');

/** The first line where two texts differ, with a little of each, so a stale file explains itself. */
function firstDifference(actual: string, expected: string): string | null {
  if (actual === expected) return null;
  const a = actual.split('\n');
  const e = expected.split('\n');
  const line = a.findIndex((text, i) => text !== e[i]);
  const at = line < 0 ? a.length : line;
  return `first difference at line ${at + 1}:\n  checked in: ${a[at]?.slice(0, 160) ?? '(end of file)'}\n  generated:  ${e[at]?.slice(0, 160) ?? '(end of file)'}`;
}

describe('docs/openapi.json', () => {
  it('is what the code generates', () => {
    const difference = firstDifference(doc('openapi.json'), openApiText(VERSION));
    expect(difference, `docs/openapi.json is out of date: ${REGENERATE}.\n${difference}`).toBeNull();
  });

  it('describes every operation under its path and method, with every $ref resolving', () => {
    const document = buildOpenApiDocument(VERSION) as { paths: Record<string, Record<string, { operationId: string }>> };
    for (const spec of operationList) {
      expect(document.paths[spec.path]?.[spec.method.toLowerCase()]?.operationId, `${spec.method} ${spec.path}`).toBe(spec.name);
    }
    const text = JSON.stringify(document);
    const refs = [...text.matchAll(/"\$ref":"#\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(operationList.length);
    for (const ref of new Set(refs)) {
      const target = ref.split('/').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
      expect(target, `$ref #/${ref}`).toBeDefined();
    }
  });

  it('lists every error code under the status it is answered with', () => {
    const document = buildOpenApiDocument(VERSION) as { components: { responses: Record<string, { description: string }> } };
    for (const [code, spec] of Object.entries(operationErrorCodes)) {
      if (code === 'forbidden') continue; // IPC only
      expect(document.components.responses[`Error${HTTP_STATUS[spec.kind]}`]?.description, code).toContain(`\`${code}\``);
    }
    for (const [code, spec] of Object.entries(httpErrorCodes)) {
      expect(document.components.responses[`Error${spec.status}`]?.description, code).toContain(`\`${code}\``);
    }
  });
});

describe('docs/api.md', () => {
  const api = doc('api.md');

  it('quotes the limits table from the contract', () => {
    expect(readBlock(api, LIMITS_BLOCK), `the limits table in docs/api.md is out of date: ${REGENERATE}`).toBe(limitsBlock());
  });

  it('documents every operation by its method and path', () => {
    // `GET /api/v1/sessions/{id}/toc`, or `GET /sessions/{id}/toc` in a table; not a longer path that starts the same.
    const missing = operationList
      .filter((spec) => !new RegExp(`${spec.method} (/api/v1)?${escapeRegExp(spec.path)}(?![\\w/{}-])`).test(api))
      .map((spec) => `${spec.name} (${spec.method} /api/v1${spec.path}, ${spec.summary})`);
    expect(
      missing,
      `docs/api.md does not document these operations; add a section or a table row naming "METHOD /api/v1/path":\n${missing.join('\n')}`,
    ).toEqual([]);
  });

  it('names every error code and every failure kind', () => {
    const codes = [...Object.keys(operationErrorCodes), ...Object.keys(httpErrorCodes)];
    const missing = codes.filter((code) => !api.includes(`\`${code}\``) && !new RegExp(`\`\\d{3} ${code}\``).test(api));
    expect(
      missing,
      `docs/api.md does not name these error codes (src/shared/contract/errors.ts); add each, in backticks, to the error table under Conventions:\n${missing.join('\n')}`,
    ).toEqual([]);
    const kinds = Object.keys(HTTP_STATUS).filter(
      (kind) => !new RegExp(`^\\| ${kind} \\| ${HTTP_STATUS[kind as keyof typeof HTTP_STATUS]} \\|`, 'm').test(api),
    );
    expect(kinds, 'docs/api.md lacks a row "| kind | status |" in the error table for these failure kinds').toEqual([]);
  });
});

describe('docs/mcp.md', () => {
  const mcpDoc = doc('mcp.md');
  let client: Client;

  beforeAll(async () => {
    // Only listings are asked: no tool runs, so no handler is needed.
    const server = createMcpServer({ handlers: {} as Handlers, liveActivity: async () => null, recentImages: () => ({ refused: 'no' }) });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    client = new Client({ name: 'docs-check', version: '1.0.0' });
    await client.connect(clientSide);
  });

  afterAll(async () => {
    await client?.close();
  });

  it('has a row for every tool the server lists', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(mcpTools.map((t) => t.name).sort());
    const missing = tools.filter((tool) => !mcpDoc.includes(`| \`${tool.name}\` |`)).map((tool) => `${tool.name}: ${tool.description}`);
    expect(missing, `docs/mcp.md has no row in its Tools table for these MCP tools:\n${missing.join('\n')}`).toEqual([]);
  });

  it('names every resource and prompt the server offers', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    const { prompts } = await client.listPrompts();
    expect(resourceTemplates.length).toBeGreaterThan(0);
    expect(prompts.length).toBeGreaterThan(0);
    const missing = [
      ...resourceTemplates
        .filter((r) => !mcpDoc.includes(`\`${r.uriTemplate}\``))
        .map((r) => `resource ${r.uriTemplate} (${r.description})`),
      ...prompts.filter((p) => !mcpDoc.includes(`\`${p.name}\``)).map((p) => `prompt ${p.name} (${p.description})`),
    ];
    expect(
      missing,
      `docs/mcp.md does not name these (add them to its Resources and prompts section, in backticks):\n${missing.join('\n')}`,
    ).toEqual([]);
  });
});
