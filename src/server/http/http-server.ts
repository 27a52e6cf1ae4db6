import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpErrorCodes, operationErrorCodes, operations, type HttpErrorCode, type OperationErrorCode } from '../../shared/contract/index';
import type { Handlers } from '../../core/api/handlers';
import { invokeOperation } from '../../core/api/invoke-operation';
import { liveActivity } from '../../core/api/observation-handlers';
import { HTTP_STATUS, toOperationError, type OperationError } from '../../core/api/operation-errors';
import { imagesOf } from '../../core/observe/frame';
import type { ShadowCore } from '../../core/shadow-core';
import { bearerToken, isAllowedHost, isAllowedOrigin, tokensMatch } from './guards';
import { compileRoutes, matchRoute } from './router';
import { HttpRefusal, readJsonBody, readJsonObject } from './json-body';
import { parseQuery } from './request-input';
import { openEventStream } from './sse';
import { handleSessionStream } from './session-stream';
import { serveStaticUi } from './static-ui';
import { openApiText } from './openapi';
import { VERSION } from '../../core/version';
import type { McpToolDeps } from '../mcp/mcp-tool';

export const API_PREFIX = '/api/v1';
export const MCP_PATH = '/mcp';
/** Under API_PREFIX: the OpenAPI document (src/server/http/openapi.ts). */
export const OPENAPI_PATH = '/openapi.json';

export interface HttpServerOptions {
  readonly core: ShadowCore;
  readonly handlers: Handlers;
  readonly token: string;
  readonly port: number;
}

export interface RunningHttpServer {
  readonly server: Server;
  readonly port: number;
  readonly url: string;
  close(): Promise<void>;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(text);
}

/** An error answer; its status is the code's (src/shared/contract/errors.ts), so the two cannot disagree. */
export function sendError(res: ServerResponse, code: OperationErrorCode | HttpErrorCode, message: string): void {
  const status =
    code in httpErrorCodes
      ? httpErrorCodes[code as HttpErrorCode].status
      : HTTP_STATUS[operationErrorCodes[code as OperationErrorCode].kind];
  sendJson(res, status, { error: { code, message } });
}

export function sendFailure(res: ServerResponse, error: OperationError): void {
  sendError(res, error.code, error.message);
}

let openApi: string | null = null;

/** The OpenAPI document, built on the first request for it. */
function sendOpenApi(res: ServerResponse): void {
  openApi ??= openApiText(VERSION);
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(openApi),
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
  });
  res.end(openApi);
}

function sendUnauthorized(res: ServerResponse): void {
  res.setHeader('www-authenticate', 'Bearer');
  sendError(res, 'unauthorized', 'Missing or wrong API token: send "Authorization: Bearer <token>".');
}

/** The local HTTP API: loopback only, bearer token, every input validated against the contract. */
export function startHttpServer(options: HttpServerOptions): Promise<RunningHttpServer> {
  const routes = compileRoutes(operations);
  let port = options.port;
  const mcpToolDeps: McpToolDeps = {
    handlers: options.handlers,
    liveActivity: () => Promise.resolve(liveActivity(options.core)),
    recentImages: () =>
      options.core.settings.mcpAllowImages
        ? { images: imagesOf(options.core.observer.recentFrames()) }
        : { refused: 'the user has not allowed screenshots over MCP (setting mcpAllowImages)' },
    recordRead: (read) => options.core.privacy.agentRead(read),
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!isAllowedHost(req.headers.host, port)) {
      return sendError(res, 'foreign_host', 'This server only answers requests addressed to 127.0.0.1 or localhost.');
    }
    if (!isAllowedOrigin(req.headers.origin, port)) {
      return sendError(res, 'foreign_origin', `Requests from origin ${req.headers.origin} are not allowed.`);
    }
    let url: URL;
    try {
      url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    } catch {
      return sendError(res, 'bad_request_target', 'The request target is not a path this server understands.');
    }
    if (url.pathname === MCP_PATH) {
      if (!tokensMatch(bearerToken(req.headers), options.token)) return sendUnauthorized(res);
      const body = req.method === 'POST' ? await readJsonBody(req) : undefined;
      // The MCP SDK (~25 MB) is loaded with the first MCP request, not at start.
      const { handleMcpRequest } = await import('../mcp/http-transport');
      return handleMcpRequest(mcpToolDeps, req, res, body);
    }
    if (!url.pathname.startsWith(`${API_PREFIX}/`)) {
      if (serveStaticUi(req, res, url.pathname)) return;
      return sendError(res, 'not_found', `Nothing at ${url.pathname}; the API lives under ${API_PREFIX}/.`);
    }
    const path = url.pathname.slice(API_PREFIX.length);
    // The API's description needs no token: it is what docs/openapi.json holds, nothing of the profile.
    if (path === OPENAPI_PATH && req.method === 'GET') return sendOpenApi(res);
    if (!tokensMatch(bearerToken(req.headers), options.token)) return sendUnauthorized(res);
    if (path === '/events' && req.method === 'GET') return openEventStream(req, res, options.core.events);
    if (await handleSessionStream(req, res, path, options.core)) return;

    const match = matchRoute(routes, req.method ?? 'GET', path);
    if (!match) return sendError(res, 'not_found', `No endpoint ${req.method} ${url.pathname}.`);
    if ('methodNotAllowed' in match) {
      res.setHeader('allow', match.methodNotAllowed.join(', '));
      return sendError(res, 'method_not_allowed', `${url.pathname} accepts ${match.methodNotAllowed.join(', ')}.`);
    }
    const { route, params } = match;
    const raw = route.spec.method === 'GET' || route.spec.method === 'DELETE' ? parseQuery(url.search) : await readJsonObject(req);
    const result = await invokeOperation(options.handlers, route.key, { ...raw, ...params });
    if (result.ok) sendJson(res, 200, result.data);
    else sendFailure(res, result.error);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.end();
      if (error instanceof HttpRefusal) return sendError(res, error.code, error.message);
      sendFailure(res, toOperationError('The server', error));
    });
  });

  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE' ? new Error(`Port ${options.port} on 127.0.0.1 is in use; pass --port to choose another.`) : error,
      );
    });
    server.listen(options.port, '127.0.0.1', () => {
      port = (server.address() as AddressInfo).port;
      resolve({
        server,
        port,
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
