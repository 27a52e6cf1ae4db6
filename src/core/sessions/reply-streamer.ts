import type { Turn } from '../../shared/contract/sessions';
import type { Clock } from '../clock';
import type { LlmClient, LlmMessage, LlmResult } from '../llm/llm-client';
import type { SessionRepository } from '../store/repositories/session-repository';
import type { OfflineAssistant } from './offline-assistant';
import { buildHistory, DEFAULT_HISTORY_TOKENS } from './resume-builder';
import type { ChatLlmContext, LlmContextProvider } from './system-prompt';

export interface ReplyStreamerDeps {
  readonly repo: SessionRepository;
  readonly llm: LlmClient;
  /** Paces the checkpoints of a streaming reply. */
  readonly clock: Clock;
  /** The observed day's clock: the offline answer reads "today" at its now. */
  readonly observedClock: Clock;
  readonly offline: OfflineAssistant;
  /** The LLM context of the user's work, appended to the instructions each turn. */
  readonly llmContext: LlmContextProvider;
  readonly instructions: string;
  /** Tokens of history the model's window leaves room for. */
  readonly historyTokens?: number;
}

export interface StreamedReply {
  readonly reply: string;
  readonly engine: Turn['engine'];
  readonly model: string | null;
  readonly replyTokens: number | null;
}

/** How often a streaming reply is written down, so a crash keeps most of it. */
const CHECKPOINT_MS = 500;

/**
 * The assistant's reply to one prompt: streamed from the LLM with the instructions, LLM context
 * and history (else the offline assistant), written down as it grows, and never lost to a failure.
 */
export class ReplyStreamer {
  constructor(private readonly deps: ReplyStreamerDeps) {}

  async stream(
    sessionId: string,
    turn: Turn,
    content: string,
    onDelta: (text: string) => void,
    resumeBlock: string | undefined,
  ): Promise<StreamedReply> {
    const { clock, llm, repo } = this.deps;
    const now = this.deps.observedClock.now();
    const offline = (): string => this.deps.offline.answer(content, now);
    const { messages, images, settle } = llm.configured
      ? await this.chatRequest(sessionId, content, resumeBlock)
      : { messages: [{ role: 'user' as const, content }], images: undefined, settle: undefined };
    let soFar = '';
    let streamed = false;
    let lastCheckpoint = clock.now();
    const onPiece = (piece: string): void => {
      streamed = true;
      soFar += piece;
      onDelta(piece);
      if (clock.now() - lastCheckpoint >= CHECKPOINT_MS) {
        lastCheckpoint = clock.now();
        repo.saveReplySoFar(sessionId, turn.number, soFar);
      }
    };
    try {
      const result = await llm.stream({ purpose: 'chat', messages, ...(images?.length && { images }) }, offline, onPiece);
      settle?.(result);
      if (!streamed && result.text) onDelta(result.text);
      return {
        // When a stream breaks, the client follows the partial text with the offline answer; the stored
        // reply is exactly what the user saw.
        reply: streamed ? soFar : result.text,
        engine: result.engine === 'openai' ? 'llm' : 'offline',
        model: result.engine === 'openai' ? result.model : null,
        replyTokens: result.usage?.completionTokens ?? null,
      };
    } catch (error) {
      // The client falls back by itself; this is the last line of defence so a turn is never lost.
      const rest = `${streamed ? '\n\n' : ''}${offline()}`;
      onDelta(rest);
      process.emitWarning(`session ${sessionId}: the reply failed (${(error as Error).message}); answered offline`);
      return { reply: soFar + rest, engine: 'offline', model: null, replyTokens: null };
    }
  }

  /** Instructions + LLM context, the history that fits, and the new prompt. */
  private async chatRequest(
    sessionId: string,
    content: string,
    resumeBlock: string | undefined,
  ): Promise<{ messages: LlmMessage[]; images?: readonly Buffer[]; settle?: (result: LlmResult) => void }> {
    let llmContext: ChatLlmContext;
    try {
      const provided = await this.deps.llmContext();
      llmContext = typeof provided === 'string' ? { text: provided } : provided;
    } catch (error) {
      llmContext = { text: `(The observed context is unavailable: ${(error as Error).message})` };
    }
    // The turn just started is the newest in the store (prompt, no reply yet); it goes last, as the user message.
    const past = buildHistory(this.deps.repo, sessionId, this.deps.historyTokens ?? DEFAULT_HISTORY_TOKENS).history.slice(0, -1);
    const system = [this.deps.instructions, llmContext.text, resumeBlock].filter(Boolean).join('\n\n');
    return {
      messages: [{ role: 'system', content: system }, ...past, { role: 'user', content }],
      images: llmContext.images,
      settle: llmContext.settle,
    };
  }
}
