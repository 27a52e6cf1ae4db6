import { isPublicEventName, operations, publicEvents, type OperationKey, type PublicEventName } from '../../shared/contract/index';
import { ApiCallError, type ShadowClient } from './client';

const API_PREFIX = '/api/v1';
const RECONNECT_MS = 3000;

/** A path or query parameter as text; the contract's GET and path parameters are strings, numbers and booleans. */
function paramText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
}

function requestFor(key: OperationKey, input: Record<string, unknown>): { url: string; init: RequestInit } {
  const spec = operations[key];
  const rest = { ...input };
  const path = spec.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = rest[name];
    delete rest[name];
    if (value === undefined) throw new ApiCallError('invalid_input', `${spec.name} needs "${name}".`);
    return encodeURIComponent(paramText(value));
  });
  if (spec.method === 'GET' || spec.method === 'DELETE') {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(rest)) if (value !== undefined) query.set(name, paramText(value));
    const search = query.toString();
    return { url: `${API_PREFIX}${path}${search ? `?${search}` : ''}`, init: { method: spec.method } };
  }
  return {
    url: `${API_PREFIX}${path}`,
    init: { method: spec.method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(rest) },
  };
}

async function readError(response: Response): Promise<ApiCallError> {
  try {
    const body = (await response.json()) as { error?: { code?: string; message?: string } };
    if (body.error?.message) return new ApiCallError(body.error.code ?? String(response.status), body.error.message);
  } catch {
    // Not JSON: fall through to the status line.
  }
  return new ApiCallError(String(response.status), `The API answered ${response.status} ${response.statusText}.`);
}

/**
 * Parses a Server-Sent Events stream read through fetch (EventSource cannot send the token). The text
 * comes over the network, so each payload is checked against its contract schema; one that does not
 * match is dropped with a warning rather than handed to the UI as something it is not.
 */
async function readEventStream(
  response: Response,
  dispatch: (name: PublicEventName, payload: unknown) => void,
  signal: AbortSignal,
): Promise<void> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  while (!signal.aborted) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const name = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (!name || data === undefined || !isPublicEventName(name)) continue;
      const payload = parseEventPayload(name, data);
      if (payload.ok) dispatch(name, payload.value);
      else console.warn(`Ignored a ${name} event the contract does not allow: ${payload.problem}`);
    }
  }
}

function parseEventPayload(name: PublicEventName, data: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return { ok: false, problem: 'its data is not JSON' };
  }
  const parsed = publicEvents[name].payload.safeParse(json);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, problem: parsed.error.issues.map((i) => i.message).join('; ') };
}

/** Calls the local HTTP API with the bearer token; events come from `/api/v1/events`. */
export function httpClient(token: string, onUnauthorized: () => void): ShadowClient {
  const authorization = `Bearer ${token}`;
  const listeners = new Map<PublicEventName, Set<(payload: unknown) => void>>();
  let stream: AbortController | null = null;

  const dispatch = (name: PublicEventName, payload: unknown): void => {
    for (const listener of listeners.get(name) ?? []) listener(payload);
  };

  const connect = (): void => {
    const controller = new AbortController();
    stream = controller;
    void fetch(`${API_PREFIX}/events`, { headers: { authorization }, signal: controller.signal })
      .then((response) => {
        if (response.status === 401) onUnauthorized();
        if (!response.ok || !response.body) throw new Error(`event stream answered ${response.status}`);
        return readEventStream(response, dispatch, controller.signal);
      })
      .catch(() => undefined)
      .finally(() => {
        if (stream === controller && !controller.signal.aborted) setTimeout(() => stream === controller && connect(), RECONNECT_MS);
      });
  };

  return {
    transport: 'http',
    async call(key, input) {
      const { url, init } = requestFor(key, input ?? {});
      const response = await fetch(url, { ...init, headers: { ...init.headers, authorization } });
      if (response.status === 401) onUnauthorized();
      if (!response.ok) throw await readError(response);
      return (await response.json()) as never;
    },
    subscribe(event, listener) {
      const set = listeners.get(event) ?? new Set();
      // The registry holds listeners of every event; dispatch only hands each the payload checked for its name.
      const untyped = listener as (payload: unknown) => void;
      set.add(untyped);
      listeners.set(event, set);
      if (!stream) connect();
      return () => {
        set.delete(untyped);
        const anyLeft = [...listeners.values()].some((s) => s.size > 0);
        if (!anyLeft && stream) {
          stream.abort();
          stream = null;
        }
      };
    },
  };
}
