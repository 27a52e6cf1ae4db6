import { z } from 'zod';
import { HTTP_STATUS } from '../../core/api/operation-errors';
import {
  apiLimits,
  httpErrorCodes,
  messageStreamEvents,
  operationErrorCodes,
  operationList,
  publicEvents,
  type EventSpec,
  type OperationSpec,
} from '../../shared/contract/index';

/**
 * The OpenAPI 3.1 document of the HTTP API, generated from the operation table (each operation's zod
 * input and output as JSON Schema), the error codes and the limits. Served at `/api/v1/openapi.json`
 * and checked in as docs/openapi.json (`npm run docs:api` writes it; a test fails when it differs).
 */

type JsonSchema = Record<string, unknown>;
type Method = OperationSpec['method'];

const BODY_METHODS: ReadonlySet<Method> = new Set(['POST', 'PUT', 'PATCH']);

/** A zod schema as JSON Schema 2020-12 (what OpenAPI 3.1 uses), without the `$schema` line of a whole document. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' });
  return rest;
}

const pathParams = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/** The input's fields: path parameters fill some, the query or the JSON body the rest. */
function inputShape(spec: OperationSpec): Record<string, z.ZodType> {
  return spec.input instanceof z.ZodObject ? spec.input.shape : {};
}

/** Whether a field may be left out (optional, or with a default). */
const optional = (field: z.ZodType): boolean => field.safeParse(undefined).success;

function parameters(spec: OperationSpec): JsonSchema[] {
  const shape = inputShape(spec);
  const inPath = pathParams(spec.path);
  const fromPath = inPath.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: shape[name] ? jsonSchema(shape[name], 'input') : { type: 'string' },
  }));
  if (BODY_METHODS.has(spec.method)) return fromPath;
  const fromQuery = Object.entries(shape)
    .filter(([name]) => !inPath.includes(name))
    .map(([name, field]) => {
      const schema = jsonSchema(field, 'input');
      const { description, ...rest } = schema;
      return { name, in: 'query', required: !optional(field), ...(typeof description === 'string' && { description }), schema: rest };
    });
  return [...fromPath, ...fromQuery];
}

function requestBody(spec: OperationSpec): JsonSchema | undefined {
  if (!BODY_METHODS.has(spec.method) || !(spec.input instanceof z.ZodObject)) return undefined;
  const inPath = new Set(pathParams(spec.path));
  const shape = spec.input.shape as Record<string, z.ZodType>;
  const body = z.object(Object.fromEntries(Object.entries(shape).filter(([name]) => !inPath.has(name)))).strict();
  return {
    required: !body.safeParse({}).success,
    content: { 'application/json': { schema: jsonSchema(body, 'input') } },
  };
}

/** Statuses by the codes they carry: every failure kind's, and the HTTP server's own. */
function errorStatuses(): Map<number, { code: string; when: string }[]> {
  const statuses = new Map<number, { code: string; when: string }[]>();
  const add = (status: number, code: string, when: string) => statuses.set(status, [...(statuses.get(status) ?? []), { code, when }]);
  for (const [code, spec] of Object.entries(operationErrorCodes)) if (code !== 'forbidden') add(HTTP_STATUS[spec.kind], code, spec.when);
  for (const [code, spec] of Object.entries(httpErrorCodes)) add(spec.status, code, spec.when);
  return new Map([...statuses].sort(([a], [b]) => a - b));
}

const errorRef = (status: number) => ({ $ref: `#/components/responses/Error${status}` });

/** The refusals any call may get, plus those only a body can (415, 413). */
function errorResponses(method: Method, statuses: ReadonlyMap<number, unknown>): Record<string, unknown> {
  const always = [400, 401, 403, 404, 405, 421, 500, 503];
  const withBody = BODY_METHODS.has(method) ? [409, 413, 415] : [409, 413];
  return Object.fromEntries(
    [...always, ...withBody]
      .filter((s) => statuses.has(s))
      .sort((a, b) => a - b)
      .map((s) => [String(s), errorRef(s)]),
  );
}

const eventKey = (name: string): string => `Event.${name.replace(/[^A-Za-z0-9._-]/g, '.')}`;

/** The message stream's events are named apart from the public ones (`message:delta`) where schemas are keyed. */
const messageEvents = Object.values(messageStreamEvents).map((e) => ({ ...e, key: eventKey(`message:${e.name}`) }));
const coreEvents = Object.values(publicEvents).map((e) => ({ ...e, key: eventKey(e.name) }));

function eventList(events: readonly (EventSpec & { key: string })[]): string {
  return events.map((e) => `- \`${e.name}\`: ${e.summary} (schema \`${e.key}\`)`).join('\n');
}

function operationObject(spec: OperationSpec, statuses: ReadonlyMap<number, unknown>): JsonSchema {
  const body = requestBody(spec);
  const params = parameters(spec);
  const ok: JsonSchema = { description: spec.summary, content: { 'application/json': { schema: jsonSchema(spec.output, 'output') } } };
  if (spec.name === 'sendMessage') {
    ok.content = {
      ...(ok.content as JsonSchema),
      'text/event-stream': {
        schema: { type: 'string' },
        description: `With \`Accept: text/event-stream\` the reply streams as Server-Sent Events:\n${eventList(messageEvents)}`,
      },
    };
  }
  return {
    operationId: spec.name,
    summary: spec.summary,
    tags: [spec.path.split('/')[1] ?? ''],
    ...(params.length > 0 && { parameters: params }),
    ...(body && { requestBody: body }),
    responses: { '200': ok, ...errorResponses(spec.method, statuses) },
  };
}

const errorSchema: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', description: 'Stable, for programs (the error codes of docs/api.md)' },
        message: { type: 'string', description: 'What failed and what to do, for people' },
      },
    },
  },
};

/** Builds the document (a plain JSON value); `version` is the app's. */
export function buildOpenApiDocument(version: string): JsonSchema {
  const statuses = errorStatuses();
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const add = (path: string, method: string, operation: JsonSchema) => {
    paths[path] = { ...paths[path], [method]: operation };
  };
  for (const spec of operationList) add(spec.path, spec.method.toLowerCase(), operationObject(spec, statuses));
  add('/events', 'get', {
    operationId: 'events',
    summary: 'The public core events as Server-Sent Events (`event: <name>`, `data: <json>`), a comment line every 15 s.',
    tags: ['events'],
    responses: {
      '200': {
        description: `The stream of public events:\n${eventList(coreEvents)}`,
        content: { 'text/event-stream': { schema: { type: 'string' } } },
      },
      '401': errorRef(401),
      '403': errorRef(403),
      '421': errorRef(421),
    },
  });
  add('/openapi.json', 'get', {
    operationId: 'openApiDocument',
    summary: 'This document. It needs no token: it holds nothing but what docs/openapi.json in the repository holds.',
    tags: ['openapi.json'],
    security: [],
    responses: {
      '200': { description: 'The OpenAPI 3.1 document', content: { 'application/json': { schema: { type: 'object' } } } },
      '403': errorRef(403),
      '421': errorRef(421),
    },
  });
  const sortedPaths = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Workflow Shadow local API',
      version,
      description: [
        'Every operation of the contract (src/shared/contract), served on this machine only. docs/api.md says what each does;',
        'the same operations are Electron IPC channels (`shadow:<operationId>`), and some are MCP tools at `/mcp` (docs/mcp.md).',
        'GET and DELETE take query parameters, other methods a JSON object body; `{param}` path segments fill the input field of that name.',
        '',
        'Limits:',
        ...apiLimits.map((l) => `- ${l.name} = ${l.value} ${l.unit}: ${l.what}`),
      ].join('\n'),
    },
    servers: [{ url: 'http://127.0.0.1:{port}/api/v1', variables: { port: { default: '7345' } } }],
    security: [{ bearerToken: [] }],
    paths: sortedPaths,
    components: {
      securitySchemes: {
        bearerToken: {
          type: 'http',
          scheme: 'bearer',
          description: "The profile's API token: SHADOW_API_TOKEN, else $SHADOW_HOME/profiles/<profile>/api-token",
        },
      },
      schemas: {
        Error: errorSchema,
        ...Object.fromEntries(
          [...coreEvents, ...messageEvents].map((e) => [e.key, { ...jsonSchema(e.payload, 'output'), description: e.summary }]),
        ),
      },
      responses: Object.fromEntries(
        [...statuses].map(([status, codes]) => [
          `Error${status}`,
          {
            description: codes.map((c) => `\`${c.code}\`: ${c.when}`).join('; '),
            content: {
              'application/json': {
                schema: {
                  allOf: [
                    { $ref: '#/components/schemas/Error' },
                    { properties: { error: { properties: { code: { enum: codes.map((c) => c.code) } } } } },
                  ],
                },
              },
            },
          },
        ]),
      ),
    },
  };
}

/** The document as the file holds it and the server sends it. */
export function openApiText(version: string): string {
  return `${JSON.stringify(buildOpenApiDocument(version), null, 2)}\n`;
}
