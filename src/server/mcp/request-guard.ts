import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ClientRequestSchema, ErrorCode, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { describeZodError } from '../../core/api/operation-errors';

type RequestSchema = (typeof ClientRequestSchema.options)[number];

/** Each request method a client may send, with the SDK's own schema of its params. */
const requestSchemas: ReadonlyMap<string, RequestSchema> = new Map(
  ClientRequestSchema.options.map((schema) => [schema.shape.method.value, schema]),
);

type MessageHandler = NonNullable<Transport['onmessage']>;

interface IncomingRequest {
  readonly id: string | number;
  readonly method: string;
  readonly params?: unknown;
}

function asRequest(message: JSONRPCMessage): IncomingRequest | null {
  const m = message as Partial<IncomingRequest>;
  const idOk = typeof m.id === 'string' || typeof m.id === 'number';
  return idOk && typeof m.method === 'string' ? (m as IncomingRequest) : null;
}

/** Why a request's params do not fit its method, in one readable line; null when they fit. */
export function malformedRequestReason(method: string, params: unknown): string | null {
  const schema = requestSchemas.get(method);
  if (!schema) return null;
  const parsed = schema.safeParse(params === undefined ? { method } : { method, params });
  if (parsed.success) {
    // The SDK parses a resource's uri with `new URL` and would answer a bad one as an internal error.
    const uri = (parsed.data.params as { uri?: unknown } | undefined)?.uri;
    if (method === 'resources/read' && typeof uri === 'string' && !URL.canParse(uri)) {
      return `Invalid params for ${method}: uri: not a URI (resources are named like shadow://sessions/<id>/toc)`;
    }
    return null;
  }
  const label = (path: readonly PropertyKey[]): string => (path[0] === 'params' ? path.slice(1) : path).map(String).join('.') || 'params';
  return `Invalid params for ${method}: ${describeZodError(parsed.error as z.ZodError, label)}`;
}

/**
 * Answers a malformed request (`tools/call` without a name, `resources/read` without a uri, params that
 * are not an object…) with JSON-RPC -32602 Invalid params and a readable line, before the SDK sees it:
 * the SDK would answer -32603 Internal error with a raw dump of the schema issues. Installed on the
 * transport, whatever kind it is, by wrapping the handler the server sets on it.
 */
export function guardMalformedRequests<T extends Transport>(transport: T): T {
  const inherited = findDescriptor(transport, 'onmessage');
  let wrapped: MessageHandler | undefined;
  const wrap =
    (handler: MessageHandler): MessageHandler =>
    (message, extra) => {
      const request = asRequest(message);
      const reason = request && malformedRequestReason(request.method, request.params);
      if (!request || !reason) return handler(message, extra);
      void transport
        .send({ jsonrpc: '2.0', id: request.id, error: { code: ErrorCode.InvalidParams, message: reason } })
        .catch((error: unknown) => transport.onerror?.(error as Error));
    };
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    enumerable: true,
    get: () => wrapped,
    set: (handler: MessageHandler | undefined) => {
      wrapped = handler && wrap(handler);
      // A transport that forwards its handler to an inner one (the Node streamable HTTP transport) gets the wrapped one.
      inherited?.set?.call(transport, wrapped);
    },
  });
  return transport;
}

function findDescriptor(object: object, key: string): PropertyDescriptor | undefined {
  for (let o: object | null = object; o; o = Object.getPrototypeOf(o) as object | null) {
    const descriptor = Object.getOwnPropertyDescriptor(o, key);
    if (descriptor) return descriptor;
  }
  return undefined;
}
