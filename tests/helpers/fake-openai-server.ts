import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server speaking the OpenAI chat-completions protocol (plain JSON and streaming SSE,
 * tool calls included) for tests. Replies come from a queue (`enqueue`), else from `respond`, else
 * an echo of the last user message. It can answer an HTTP error, hang, or break a stream on demand,
 * records every request, and tracks how many requests were in flight at once.
 */
export interface FakeToolCall {
  readonly name: string;
  /** JSON text of the arguments. */
  readonly arguments: string;
  readonly id?: string;
}

export type FakeReply =
  | {
      readonly kind?: 'reply';
      readonly text?: string;
      readonly toolCalls?: readonly FakeToolCall[];
      /** Wait this long before answering (tests of concurrency and timeouts). */
      readonly delayMs?: number;
      readonly model?: string;
      /** Streaming only: send this many text pieces, then drop the connection. */
      readonly breakAfterChunks?: number;
      /** Streaming only: pause between text pieces (a reply a person can watch grow). */
      readonly chunkDelayMs?: number;
    }
  | { readonly kind: 'error'; readonly status: number; readonly message?: string; readonly headers?: Record<string, string> }
  /** Accept the request and never answer (until the client gives up or the server closes). */
  | { readonly kind: 'hang' };

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  /** The parsed JSON body (chat-completions request). */
  readonly body: ChatRequestBody;
  readonly receivedAt: number;
}

export interface ChatRequestBody {
  readonly model: string;
  readonly stream?: boolean;
  readonly messages: ReadonlyArray<{ role: string; content: unknown; tool_call_id?: string; tool_calls?: unknown[] }>;
  readonly tools?: ReadonlyArray<{ type: string; function: { name: string; description?: string; parameters?: unknown } }>;
  readonly max_tokens?: number;
  readonly [key: string]: unknown;
}

export interface FakeOpenAiServer {
  /** Base URL for the client, ending in `/v1`. */
  readonly baseUrl: string;
  readonly requests: RecordedRequest[];
  /** Requests currently being answered, and the most there ever were at once. */
  readonly inFlight: number;
  readonly maxInFlight: number;
  enqueue(...replies: FakeReply[]): void;
  /** Replaces the default reply (used when the queue is empty). */
  respondWith(respond: (request: RecordedRequest) => FakeReply): void;
  /** What `GET /models` lists (default: `fake-model`); null answers it 404, like a server without the route. */
  setModels(models: readonly string[] | null): void;
  close(): Promise<void>;
}

export async function startFakeOpenAiServer(
  respond: (request: RecordedRequest) => FakeReply = (request) => ({ text: `fake reply to: ${lastUserText(request.body)}` }),
): Promise<FakeOpenAiServer> {
  const queue: FakeReply[] = [];
  const requests: RecordedRequest[] = [];
  const open = new Set<ServerResponse>();
  let current = respond;
  let inFlight = 0;
  let maxInFlight = 0;
  let nextId = 1;
  let models: readonly string[] | null = ['fake-model'];

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: String(error), type: 'fake_server_error' } }));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const path = (req.url ?? '/').split('?')[0]!;
    if (req.method === 'GET' && path.endsWith('/models')) {
      if (models === null) sendJson(res, 404, { error: { message: 'no route GET /models', type: 'not_found' } });
      else sendJson(res, 200, { object: 'list', data: models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'fake' })) });
      return;
    }
    if (req.method !== 'POST' || !path.endsWith('/chat/completions')) {
      sendJson(res, 404, { error: { message: `no route ${req.method} ${path}`, type: 'not_found' } });
      return;
    }
    const request: RecordedRequest = {
      method: req.method,
      path,
      headers: req.headers,
      body: JSON.parse(raw) as ChatRequestBody,
      receivedAt: Date.now(),
    };
    requests.push(request);
    const reply = queue.shift() ?? current(request);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    open.add(res);
    res.on('close', () => {
      open.delete(res);
      inFlight--;
    });
    if (reply.kind === 'hang') return;
    if (reply.kind === 'error') {
      sendJson(
        res,
        reply.status,
        { error: { message: reply.message ?? `fake error ${reply.status}`, type: 'fake_error', code: reply.status } },
        reply.headers,
      );
      return;
    }
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (res.destroyed) return;
    const id = `chatcmpl-fake-${nextId++}`;
    const model = reply.model ?? request.body.model;
    const toolCalls = (reply.toolCalls ?? []).map((c, i) => ({
      id: c.id ?? `call_${id}_${i}`,
      type: 'function',
      function: { name: c.name, arguments: c.arguments },
    }));
    const text = reply.text ?? '';
    if (!request.body.stream) {
      sendJson(res, 200, {
        id,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: text, refusal: null, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) },
            finish_reason: toolCalls.length ? 'tool_calls' : 'stop',
            logprobs: null,
          },
        ],
        usage: {
          prompt_tokens: approxTokens(JSON.stringify(request.body.messages)),
          completion_tokens: approxTokens(text),
          total_tokens: 0,
        },
      });
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const chunk = (delta: Record<string, unknown>, finish: string | null = null): void => {
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }] })}\n\n`,
      );
    };
    chunk({ role: 'assistant', content: '' });
    const pieces = text.match(/\S+\s*|\s+/g) ?? [];
    for (const [i, piece] of pieces.entries()) {
      if (reply.breakAfterChunks !== undefined && i >= reply.breakAfterChunks) {
        res.destroy();
        return;
      }
      chunk({ content: piece });
      await new Promise((resolve) => (reply.chunkDelayMs ? setTimeout(resolve, reply.chunkDelayMs) : setImmediate(resolve)));
    }
    for (const [index, call] of toolCalls.entries()) {
      const half = Math.ceil(call.function.arguments.length / 2);
      chunk({
        tool_calls: [
          {
            index,
            id: call.id,
            type: 'function',
            function: { name: call.function.name, arguments: call.function.arguments.slice(0, half) },
          },
        ],
      });
      chunk({ tool_calls: [{ index, function: { arguments: call.function.arguments.slice(half) } }] });
    }
    chunk({}, toolCalls.length ? 'tool_calls' : 'stop');
    res.end('data: [DONE]\n\n');
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    get inFlight() {
      return inFlight;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    enqueue: (...replies) => void queue.push(...replies),
    respondWith: (fn) => {
      current = fn;
    },
    setModels: (list) => {
      models = list;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The text of the last user message of a request (text parts joined). */
export function lastUserText(body: ChatRequestBody): string {
  const user = [...body.messages].reverse().find((m) => m.role === 'user');
  if (!user) return '';
  if (typeof user.content === 'string') return user.content;
  return (user.content as Array<{ type: string; text?: string }>)
    .filter((p) => p.type === 'text')
    .map((p) => p.text ?? '')
    .join('\n');
}

const OBSERVED_BLOCK = /<observed_screen_data>\n[\s\S]*?\n<\/observed_screen_data>(?:\n\n)?/;

/** The observed block of the last user message (src/core/llm/observed-data.ts), tags included; '' when there is none. */
export function observedBlockOf(body: ChatRequestBody): string {
  return OBSERVED_BLOCK.exec(lastUserText(body))?.[0].trim() ?? '';
}

/** The last user message without its observed block: what was asked (in chat, what the user typed). */
export function userQuestion(body: ChatRequestBody): string {
  return lastUserText(body).replace(OBSERVED_BLOCK, '');
}

/** Every image URL (data URLs) sent in a request. */
export function imageUrls(body: ChatRequestBody): string[] {
  return body.messages.flatMap((m) =>
    Array.isArray(m.content)
      ? (m.content as Array<{ type: string; image_url?: { url: string } }>)
          .filter((p) => p.type === 'image_url')
          .map((p) => p.image_url!.url)
      : [],
  );
}

/** All message text of a request, for "does the request carry X" assertions. */
export function allText(body: ChatRequestBody): string {
  return body.messages
    .map((m) =>
      typeof m.content === 'string'
        ? m.content
        : Array.isArray(m.content)
          ? (m.content as Array<{ text?: string }>).map((p) => p.text ?? '').join('\n')
          : '',
    )
    .join('\n');
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function approxTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
