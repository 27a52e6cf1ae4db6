import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendMessageInputSchema } from '../../shared/contract/sessions';
import { ApiError } from '../../core/api/api-error';
import type { ShadowCore } from '../../core/shadow-core';
import { readJsonBody } from './json-body';

const MESSAGES_PATH = /^\/sessions\/([^/]+)\/messages$/;

function wantsEventStream(req: IncomingMessage): boolean {
  return (req.headers.accept ?? '').split(',').some((part) => part.trim().startsWith('text/event-stream'));
}

const event = (res: ServerResponse, name: string, data: unknown): void => {
  res.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
};

/**
 * `POST /sessions/{id}/messages` with `Accept: text/event-stream`: the reply as SSE — `delta`
 * events ({text}), then `done` ({turn, session}), or `error` ({code, message}) if it fails midway.
 * Returns false for any other request, which the JSON adapter then serves. Errors before the stream
 * opens are thrown as ApiError and answered as JSON by the server.
 */
export async function handleSessionStream(req: IncomingMessage, res: ServerResponse, path: string, core: ShadowCore): Promise<boolean> {
  const match = MESSAGES_PATH.exec(path);
  if (!match || req.method !== 'POST' || !wantsEventStream(req)) return false;
  const raw = await readJsonBody(req);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new ApiError(400, 'invalid_input', 'The request body must be a JSON object.');
  }
  const parsed = sendMessageInputSchema.safeParse({ ...raw, id: decodeURIComponent(match[1]!) });
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`).join('; ');
    throw new ApiError(400, 'invalid_input', `Invalid input for sessions.sendMessage: ${detail}`);
  }
  core.sessions.get(parsed.data.id);
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive' });
  res.flushHeaders();
  try {
    // The reply is finished and stored even if the client goes away: a turn is never half-lost.
    const result = await core.sessions.send(parsed.data.id, parsed.data.content, (text) => {
      if (!res.writableEnded) event(res, 'delta', { text });
    });
    if (!res.writableEnded) event(res, 'done', result);
  } catch (error) {
    const code = error instanceof ApiError ? error.code : 'internal_error';
    if (!res.writableEnded) event(res, 'error', { code, message: error instanceof Error ? error.message : String(error) });
  }
  res.end();
  return true;
}
