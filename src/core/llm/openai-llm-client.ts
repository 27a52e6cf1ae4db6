import OpenAI, { APIError, APIConnectionError } from 'openai';
import type {
  ChatCompletionContentPart,
  ChatCompletionCreateParamsBase,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import { OPENAI_DEFAULT_BASE_URL } from './llm-config';
import { imageDataUrl } from './image-data-url';
import type { ReadyLlmConfig } from './llm-config';
import type { LlmClient, LlmMessage, LlmRequest, LlmResult, LlmToolCall, OfflineAnswer } from './llm-client';
import { offlineResult } from './offline-llm-client';
import { Semaphore } from './semaphore';
import { visionImage } from './vision-image';
import { messageOf } from '../util/message-of';

/** Why a call failed, worded for `fallbackReason`; `retryable` for 429, 5xx and dropped connections. */
class CallFailure extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

export interface OpenAiLlmClientOptions {
  /** Called after each call with how it ended (logging, health, tests). */
  readonly onCallSettled?: (info: { purpose: string; engine: 'llm' | 'offline'; attempts: number; fallbackReason: string | null }) => void;
}

/**
 * An OpenAI-compatible chat-completions provider (OpenAI, Azure, Ollama, LM Studio, vLLM,
 * llama.cpp server). At most `maxInFlight` calls run at once; each attempt has a deadline; 429/5xx
 * are retried a few times with a short backoff; any failure answers with the caller's offline answer.
 */
export class OpenAiLlmClient implements LlmClient {
  readonly configured = true;
  readonly visionEnabled: boolean;
  readonly endpoint: string;
  private readonly client: OpenAI;
  private readonly gate: Semaphore;

  constructor(
    private readonly config: ReadyLlmConfig,
    private readonly options: OpenAiLlmClientOptions = {},
  ) {
    this.visionEnabled = config.visionModel !== null;
    this.endpoint = config.baseUrl ?? OPENAI_DEFAULT_BASE_URL;
    // Retries and timeouts are ours (the library's would stack on top and outlast our deadline).
    this.client = new OpenAI({ apiKey: config.apiKey, baseURL: config.baseUrl, maxRetries: 0, timeout: config.timeoutMs * 2 });
    this.gate = new Semaphore(config.maxInFlight);
  }

  get inFlight(): number {
    return this.gate.inFlight;
  }

  complete(request: LlmRequest, offline: OfflineAnswer): Promise<LlmResult> {
    return this.call(request, offline, null);
  }

  stream(request: LlmRequest, offline: OfflineAnswer, onDelta: (text: string) => void): Promise<LlmResult> {
    return this.call(request, offline, onDelta);
  }

  private async call(request: LlmRequest, offline: OfflineAnswer, onDelta: ((text: string) => void) | null): Promise<LlmResult> {
    let attempts = 0;
    let emitted = false;
    const deliver = onDelta
      ? (text: string): void => {
          emitted = true;
          onDelta(text);
        }
      : null;
    let failure: CallFailure;
    // Screenshots go downscaled (once per call, whatever the retries); what they weigh goes in the result.
    const images = this.visionEnabled && request.images?.length ? await Promise.all(request.images.map(visionImage)) : [];
    const sent = images.length > 0 ? { imageCount: images.length, imageBytes: images.reduce((sum, image) => sum + image.length, 0) } : {};
    try {
      return await this.gate.run(async () => {
        for (;;) {
          attempts++;
          try {
            const result = await this.attempt(request, images, deliver);
            this.options.onCallSettled?.({ purpose: request.purpose, engine: 'llm', attempts, fallbackReason: null });
            return { ...result, ...sent };
          } catch (error) {
            const f = toFailure(error, this.config.timeoutMs, request.signal);
            // A stream that already showed text cannot be retried without repeating it.
            if (!f.retryable || emitted || attempts > this.config.maxRetries) throw f;
            await sleep(f.retryAfterMs ?? this.config.retryBaseDelayMs * 2 ** (attempts - 1), request.signal);
          }
        }
      });
    } catch (error) {
      failure = error instanceof CallFailure ? error : toFailure(error, this.config.timeoutMs, request.signal);
    }
    const reason = attempts > 1 ? `${failure.message} (after ${attempts} attempts)` : failure.message;
    if (emitted) {
      // The user saw part of the model's reply: keep it, and say it broke off (never glue an offline answer on).
      const kept = `${reason}; the partial reply was kept`;
      this.options.onCallSettled?.({ purpose: request.purpose, engine: 'llm', attempts, fallbackReason: kept });
      return {
        text: '',
        toolCalls: [],
        engine: 'llm',
        model: this.config.textModel,
        fallbackReason: kept,
        usage: null,
        interrupted: reason,
        ...sent,
      };
    }
    this.options.onCallSettled?.({ purpose: request.purpose, engine: 'offline', attempts, fallbackReason: reason });
    const result = await offlineResult(offline, reason);
    if (onDelta && result.text) onDelta(result.text);
    return { ...result, ...sent };
  }

  private async attempt(request: LlmRequest, images: readonly Buffer[], onDelta: ((text: string) => void) | null): Promise<LlmResult> {
    const model = images.length > 0 ? this.config.visionModel! : this.config.textModel;
    const body: ChatCompletionCreateParamsBase = {
      model,
      messages: toOpenAiMessages(request.messages, images),
      ...(request.tools?.length ? { tools: request.tools.map(toOpenAiTool) } : {}),
      ...(request.maxTokens ? { max_tokens: request.maxTokens } : {}),
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    };
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new Error('timeout')), this.config.timeoutMs);
    const signal = request.signal ? AbortSignal.any([deadline.signal, request.signal]) : deadline.signal;
    try {
      if (!onDelta) {
        const response = await this.client.chat.completions.create({ ...body, stream: false }, { signal });
        const choice = response.choices[0];
        if (!choice) throw new CallFailure('the LLM answered without a choice', true);
        return {
          text: choice.message.content ?? '',
          toolCalls: (choice.message.tool_calls ?? []).flatMap((c) =>
            c.type === 'function' ? [{ id: c.id, name: c.function.name, arguments: c.function.arguments }] : [],
          ),
          engine: 'llm',
          model: response.model || model,
          fallbackReason: null,
          usage: response.usage ? { promptTokens: response.usage.prompt_tokens, completionTokens: response.usage.completion_tokens } : null,
        };
      }
      const stream = await this.client.chat.completions.create({ ...body, stream: true }, { signal });
      let text = '';
      let modelName = model;
      const calls = new Map<number, { id: string; name: string; arguments: string }>();
      for await (const chunk of stream) {
        if (chunk.model) modelName = chunk.model;
        const delta = chunk.choices[0]?.delta;
        if (!delta) continue;
        if (delta.content) {
          text += delta.content;
          onDelta(delta.content);
        }
        for (const call of delta.tool_calls ?? []) {
          const acc = calls.get(call.index) ?? { id: '', name: '', arguments: '' };
          if (call.id) acc.id = call.id;
          if (call.function?.name) acc.name += call.function.name;
          if (call.function?.arguments) acc.arguments += call.function.arguments;
          calls.set(call.index, acc);
        }
      }
      const toolCalls: LlmToolCall[] = [...calls.entries()].sort((a, b) => a[0] - b[0]).map(([, c]) => c);
      return { text, toolCalls, engine: 'llm', model: modelName, fallbackReason: null, usage: null };
    } finally {
      clearTimeout(timer);
    }
  }
}

function toOpenAiMessages(messages: readonly LlmMessage[], images: readonly Buffer[]): ChatCompletionMessageParam[] {
  const lastUser = messages.map((m) => m.role).lastIndexOf('user');
  return messages.map((m, i): ChatCompletionMessageParam => {
    switch (m.role) {
      case 'system':
        return { role: 'system', content: m.content };
      case 'tool':
        return { role: 'tool', content: m.content, tool_call_id: m.toolCallId ?? '' };
      case 'assistant':
        return m.toolCalls?.length
          ? {
              role: 'assistant',
              content: m.content || null,
              tool_calls: m.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })),
            }
          : { role: 'assistant', content: m.content };
      case 'user': {
        if (i !== lastUser || images.length === 0) return { role: 'user', content: m.content };
        const parts: ChatCompletionContentPart[] = [
          { type: 'text', text: m.content },
          ...images.map((image): ChatCompletionContentPart => ({
            type: 'image_url',
            image_url: { url: imageDataUrl(image), detail: 'low' },
          })),
        ];
        return { role: 'user', content: parts };
      }
    }
  });
}

function toOpenAiTool(tool: { name: string; description: string; parameters: Record<string, unknown> }): ChatCompletionTool {
  return { type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.parameters } };
}

function toFailure(error: unknown, timeoutMs: number, callerSignal: AbortSignal | undefined): CallFailure {
  if (error instanceof CallFailure) return error;
  if (callerSignal?.aborted) return new CallFailure('the caller cancelled the LLM call', false);
  if (error instanceof APIError && typeof error.status === 'number') {
    const retryable = error.status === 429 || error.status >= 500;
    const label = error.status === 429 ? 'rate limited' : error.status >= 500 ? 'server error' : 'request refused';
    // `instanceof` leaves the SDK's generics as any; an APIError's headers are the response's Headers.
    const headers = error.headers as Headers | undefined;
    return new CallFailure(`LLM ${label} (HTTP ${error.status}): ${firstLine(error.message)}`, retryable, retryAfter(headers));
  }
  const name = error instanceof Error ? error.name : '';
  if (name === 'APIUserAbortError' || name === 'AbortError' || /abort|timeout/i.test(messageOf(error))) {
    return new CallFailure(`the LLM did not answer within ${timeoutMs} ms (timeout)`, false);
  }
  if (error instanceof APIConnectionError) return new CallFailure(`could not reach the LLM: ${firstLine(error.message)}`, true);
  return new CallFailure(`the LLM call failed: ${firstLine(messageOf(error))}`, false);
}

/** Honours a short `retry-after`; a long one is not worth waiting for when an offline answer is ready. */
function retryAfter(headers: Headers | undefined): number | null {
  const header = headers?.get?.('retry-after');
  if (!header) return null;
  const seconds = Number(header);
  return Number.isFinite(seconds) ? Math.min(seconds * 1000, 2000) : null;
}

function firstLine(text: string): string {
  return text.split('\n')[0]!.slice(0, 200);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
