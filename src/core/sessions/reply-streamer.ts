import type { Evidence } from '../../shared/contract/evidence';
import type { ContextReceipt } from '../../shared/contract/memory';
import type { Turn } from '../../shared/contract/sessions';
import type { Clock } from '../clock';
import type { LlmClient, LlmMessage, LlmResult, RecordCallReceipt } from '../llm/llm-client';
import { observedUserContent, withObservedDataRule } from '../llm/observed-data';
import { tokenCount } from '../llm/tokens';
import type { SessionRepository } from '../store/repositories/session-repository';
import type { RecallEngine } from '../recall/recall-engine';
import type { OfflineAssistant, OfflineReply } from './offline-assistant';
import { buildHistory, DEFAULT_HISTORY_TOKENS } from './resume-builder';
import type { ChatLlmContext, LlmContextProvider } from './system-prompt';
import { messageOf } from '../util/message-of';

export interface ReplyStreamerDeps {
  readonly repo: SessionRepository;
  readonly llm: LlmClient;
  /** Paces the checkpoints of a streaming reply. */
  readonly clock: Clock;
  /** The observed day's clock: the offline answer reads "today" at its now. */
  readonly observedClock: Clock;
  readonly offline: OfflineAssistant;
  /** Retrieval for the question, given to the model as a context tier (see `RECALL_CONTEXT_TOKENS`). */
  readonly recall: RecallEngine;
  /** The LLM context of the user's work, in the observed block of each turn's user message. */
  readonly llmContext: LlmContextProvider;
  readonly instructions: string;
  /** Tokens of history the model's window leaves room for. */
  readonly historyTokens?: number;
  /** Stores the receipt of a reply made without an LLM context (no model configured). */
  readonly receipts?: RecordCallReceipt;
}

/** What a chat call was given beside the LLM context, for its receipt. */
type ReceiptParts = Pick<ContextReceipt, 'included' | 'dropped'>;

interface ChatRequest {
  readonly messages: LlmMessage[];
  readonly images?: readonly Buffer[];
  readonly settle?: (result: LlmResult, parts: ReceiptParts) => void;
  readonly evidence: readonly Evidence[];
  readonly parts: ReceiptParts;
}

export interface StreamedReply {
  readonly reply: string;
  readonly engine: Turn['engine'];
  readonly model: string | null;
  readonly replyTokens: number | null;
  /** What the reply rests on: the offline answer's evidence, or the evidence the model was given. */
  readonly evidence: readonly Evidence[];
  /** The model's stream broke off: why (the reply is what arrived). */
  readonly interruptedReason?: string;
}

/** Tokens of evidence retrieved for the question that a chat request carries, beside the LLM context. */
export const RECALL_CONTEXT_TOKENS = 600;

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
    let offlineReply: OfflineReply | null = null;
    const offlineAnswer = (): OfflineReply => (offlineReply ??= this.deps.offline.reply(content, now));
    const offline = (): string => offlineAnswer().text;
    const { messages, images, settle, evidence, parts }: ChatRequest = llm.configured
      ? await this.chatRequest(sessionId, content, resumeBlock, now)
      : {
          messages: [{ role: 'user', content }],
          evidence: [],
          parts: { included: [{ tier: 'conversation', label: 'the question', tokens: tokenCount(content) }], dropped: [] },
        };
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
      if (settle) settle(result, parts);
      else this.deps.receipts?.({ purpose: 'chat', atMs: now, ...parts }, result);
      if (!streamed && result.text) onDelta(result.text);
      return {
        // A stream that broke off keeps what arrived (`interrupted`); the stored reply is exactly what the user saw.
        reply: streamed ? soFar : result.text,
        engine: result.engine,
        model: result.engine === 'llm' ? result.model : null,
        replyTokens: result.usage?.completionTokens ?? null,
        evidence: result.engine === 'llm' ? evidence : offlineAnswer().evidence,
        ...(result.interrupted !== undefined && { interruptedReason: result.interrupted }),
      };
    } catch (error) {
      // The client falls back by itself; this is the last line of defence so a turn is never lost.
      const rest = `${streamed ? '\n\n' : ''}${offline()}`;
      onDelta(rest);
      process.emitWarning(`session ${sessionId}: the reply failed (${messageOf(error)}); answered offline`);
      return { reply: soFar + rest, engine: 'offline', model: null, replyTokens: null, evidence: offlineAnswer().evidence };
    }
  }

  /** Our instructions; the history that fits; the LLM context, the question's evidence and the resume block in the observed block, then the new prompt. */
  private async chatRequest(sessionId: string, content: string, resumeBlock: string | undefined, nowMs: number): Promise<ChatRequest> {
    let llmContext: ChatLlmContext;
    try {
      const provided = await this.deps.llmContext();
      llmContext = typeof provided === 'string' ? { text: provided } : provided;
    } catch (error) {
      llmContext = { text: `(The observed context is unavailable: ${messageOf(error)})` };
    }
    // The turn just started is the newest in the store (prompt, no reply yet); it goes last, as the user message.
    const history = buildHistory(this.deps.repo, sessionId, this.deps.historyTokens ?? DEFAULT_HISTORY_TOKENS).history.slice(0, -1);
    // Older turns come as their TOC lines, which a model wrote: context fed back, so observed data too.
    const summarizedTurns = history.filter((m) => m.role === 'system').map((m) => m.content);
    const past = history.filter((m) => m.role !== 'system');
    const recall = this.deps.recall.contextTier(content, nowMs, RECALL_CONTEXT_TOKENS);
    // The system message holds our instructions only; everything observed or written from it goes in
    // one block at the head of the user's message (observed-data.ts).
    const system = withObservedDataRule(this.deps.instructions);
    const observed = [llmContext.text, recall.text, resumeBlock ?? '', ...summarizedTurns];
    const included: ReceiptParts['included'][number][] = [];
    const dropped: ReceiptParts['dropped'][number][] = [];
    if (recall.appTimeTokens > 0)
      included.push({ tier: 'evidence', label: 'app and window time of the day asked about', tokens: recall.appTimeTokens });
    if (recall.evidence.length > 0)
      included.push({
        tier: 'evidence',
        label: `${recall.evidence.length} pieces of evidence for the question`,
        tokens: recall.tokens - recall.appTimeTokens,
      });
    if (recall.dropped > 0)
      dropped.push({ tier: 'evidence', label: `${recall.dropped} more pieces of evidence`, tokens: 0, reason: 'evidence budget spent' });
    if (past.length > 0)
      included.push({
        tier: 'conversation',
        label: `${past.length} earlier messages`,
        tokens: past.reduce((sum, m) => sum + tokenCount(m.content), 0),
      });
    if (resumeBlock) included.push({ tier: 'conversation', label: 'resume block', tokens: tokenCount(resumeBlock) });
    included.push({ tier: 'conversation', label: 'the question', tokens: tokenCount(content) });
    return {
      messages: [{ role: 'system', content: system }, ...past, { role: 'user', content: observedUserContent(observed, content) }],
      images: llmContext.images,
      settle: llmContext.settle,
      evidence: recall.evidence,
      parts: { included, dropped },
    };
  }
}
