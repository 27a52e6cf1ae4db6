import type { IncomingMessage, ServerResponse } from 'node:http';
import { runOperation } from '../../core/api/invoke-operation';
import { OperationFailed } from '../../core/api/operation-errors';
import type { ShadowCore } from '../../core/shadow-core';
import type { MessageStreamEventName, MessageStreamPayload } from '../../shared/contract/index';
import { readJsonObject } from './json-body';
import { decodeComponent, prefersEventStream } from './request-input';

const MESSAGES_PATH = /^\/sessions\/([^/]+)\/messages$/;

const event = <N extends MessageStreamEventName>(res: ServerResponse, name: N, data: MessageStreamPayload<N>): void => {
  if (!res.writableEnded) res.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
};

/**
 * `POST /sessions/{id}/messages` with `Accept: text/event-stream`: the reply as SSE (the contract's
 * `messageStreamEvents`: `delta`, then `done` or `error`). It runs `sendMessage` through the adapter
 * core like every other call, with a handler that streams; a failure before the stream opens (bad input,
 * unknown session) is thrown back so the server answers it as JSON. Returns false for any other request.
 */
export async function handleSessionStream(req: IncomingMessage, res: ServerResponse, path: string, core: ShadowCore): Promise<boolean> {
  const match = MESSAGES_PATH.exec(path);
  if (!match || req.method !== 'POST' || !prefersEventStream(req.headers.accept)) return false;
  const raw = await readJsonObject(req);
  const result = await runOperation(
    'sendMessage',
    ({ id, content }) => {
      core.sessions.get(id);
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive' });
      res.flushHeaders();
      // The reply is finished and stored even if the client goes away: a turn is never half-lost.
      return core.sessions.send(id, content, (text) => event(res, 'delta', { text }));
    },
    { ...raw, id: decodeComponent(match[1]!, 'The path segment {id}') },
  );
  if (!res.headersSent && !result.ok) throw new OperationFailed(result.error);
  if (result.ok) event(res, 'done', result.data);
  else event(res, 'error', { code: result.error.code, message: result.error.message });
  res.end();
  return true;
}
