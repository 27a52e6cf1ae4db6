import type { ContextReceipt } from '../../shared/contract/memory';
import type { Clock } from '../clock';
import type { CallReceipt, LlmClient, LlmResult } from '../llm/llm-client';
import type { Observer } from '../observe/observer';
import { assembleLlmContext, type LlmContext } from './llm-context-assembly';
import { loadHistoricalContext, type HistoricalContext } from './history';
import type { MemoryRepositories } from './memory-repositories';
import { chooseVisionFrames, type VisionChoice } from './vision-frames';
import { workSessionDigestItems } from './work-session-digest';
import type { WorkSessionState, WorkSessionTracker } from './pipeline/work-session-tracker';

export interface LlmContextServiceDeps {
  readonly clock: Clock;
  readonly llm: Pick<LlmClient, 'visionEnabled'>;
  readonly observer: Pick<Observer, 'immediateContext' | 'recentFrames'>;
  readonly repositories: MemoryRepositories;
  readonly tracker: WorkSessionTracker;
  /** The dedup threshold (settings): two frames closer than this are one picture. */
  readonly dedupMinChange: number;
}

type Outcome = Pick<LlmResult, 'engine' | 'fallbackReason' | 'imageCount' | 'imageBytes' | 'withheldImages'>;

/**
 * Calls that look at the screen, and how: the task theory sends each picture once per task (its answer,
 * in the context from then on, carries what it saw); chat sends the current task's newest pictures.
 * Summaries and questions read the text record only.
 */
const VISION_POLICY: Partial<Record<string, 'once per task' | 'newest'>> = { theory: 'once per task', chat: 'newest' };

/**
 * The LLM context every call is given (immediate, work session, history, baseline) and its receipts.
 * History is loaded once and reused until something it holds changes (`forgetHistory`).
 */
export class LlmContextService {
  private history: HistoricalContext | null = null;
  /**
   * When the theory last sent each picture (by dedup hash) in the work session followed: one sent since
   * the current task began is not sent again (tasks are re-cut as the day goes, so it is the time that counts).
   */
  private sent: { workSessionId: number | null; at: Map<string, number> } = { workSessionId: null, at: new Map() };
  /** Receipts awaiting their call's outcome, with the pictures that call sends once per task. */
  private readonly pendingImages = new Map<number, { workSessionId: number; atMs: number; hashes: readonly string[] }>();

  constructor(private readonly deps: LlmContextServiceDeps) {}

  /** What a call made now would be given. Nothing is stored (the receipt has no id). */
  preview(purpose: string): LlmContext {
    const now = this.deps.clock.now();
    return this.assemble(purpose, this.deps.tracker.observedNow(now), now);
  }

  /**
   * The LLM context for a call made by another feature (chat): assembled now, with its receipt
   * stored. Call `recordOutcome` with the call's result so the receipt says which engine answered.
   */
  forCall(purpose: string): { llmContext: LlmContext; receiptId: number } {
    const now = this.deps.clock.now();
    return this.assembleWithReceipt(purpose, this.deps.tracker.observedNow(now), now);
  }

  /**
   * The call's outcome on its receipt (which engine answered, the image bytes sent), plus what the caller
   * gave it beside the LLM context (chat: the evidence and the conversation).
   */
  recordOutcome(receiptId: number, result: Outcome, extra?: Pick<ContextReceipt, 'included' | 'dropped'>): void {
    const { receipts } = this.deps.repositories;
    receipts.setOutcome(receiptId, {
      engine: result.engine,
      fallbackReason: result.fallbackReason,
      imageCount: result.imageCount ?? 0,
      imageBytes: result.imageBytes ?? 0,
    });
    if (extra) receipts.addParts(receiptId, extra.included, extra.dropped);
    const images = this.pendingImages.get(receiptId);
    this.pendingImages.delete(receiptId);
    if (images && result.engine === 'llm') {
      if (this.sent.workSessionId !== images.workSessionId) this.sent = { workSessionId: images.workSessionId, at: new Map() };
      // A picture the gate held back (OCR had not found it clean yet) may go with a later call.
      for (const [index, hash] of images.hashes.entries()) if (!result.withheldImages?.includes(index)) this.sent.at.set(hash, images.atMs);
    }
  }

  /** The receipt of a call made without an LLM context (TOC lines, titles, the interview summary). */
  recordCall(call: CallReceipt, result: Outcome): void {
    const tokens = { immediate: 0, session: 0, history: 0, baseline: 0, evidence: 0, conversation: 0, total: 0 };
    for (const item of call.included) {
      tokens[item.tier] += item.tokens;
      tokens.total += item.tokens;
    }
    this.deps.repositories.receipts.insert(
      {
        at: new Date(call.atMs).toISOString(),
        purpose: call.purpose,
        workSessionId: null,
        engine: result.engine,
        fallbackReason: result.fallbackReason,
        tokens,
        imageCount: result.imageCount ?? 0,
        imageBytes: result.imageBytes ?? 0,
        included: [...call.included],
        dropped: [...(call.dropped ?? [])],
      },
      call.atMs,
    );
  }

  /** The LLM context of a call about `workSession` at `now`, with its receipt stored. */
  assembleWithReceipt(purpose: string, workSession: WorkSessionState | null, now: number): { llmContext: LlmContext; receiptId: number } {
    const llmContext = this.assemble(purpose, workSession, now);
    const receiptId = this.deps.repositories.receipts.insert(llmContext.receipt, now);
    if (workSession && VISION_POLICY[purpose] === 'once per task' && llmContext.immediate.imageHashes.length > 0)
      this.pendingImages.set(receiptId, { workSessionId: workSession.id, atMs: now, hashes: llmContext.immediate.imageHashes });
    return { llmContext, receiptId };
  }

  /** Past summaries, known tasks, answers or the baseline changed: load history again on the next call. */
  forgetHistory(): void {
    this.history = null;
  }

  private assemble(purpose: string, workSession: WorkSessionState | null, now: number): LlmContext {
    const { observer, repositories, tracker } = this.deps;
    const immediate = observer.immediateContext();
    const snapshot = workSession ? tracker.snapshot(workSession, now) : null;
    const current = workSession?.tasks.at(-1);
    const currentActivity = [
      immediate.currentApp,
      immediate.currentWindowTitle,
      current?.name,
      ...(current?.titles ?? []),
      snapshot?.theory?.text,
    ]
      .filter(Boolean)
      .join(' ');
    this.history ??= loadHistoricalContext(repositories, now);
    return assembleLlmContext({
      purpose,
      workSessionId: workSession?.id ?? null,
      nowMs: now,
      immediate,
      vision: this.chooseFrames(purpose, workSession, immediate.state === 'observing'),
      workSessionDigest: snapshot ? workSessionDigestItems(snapshot) : [],
      history: this.history,
      currentActivity,
      baseline: repositories.interview.summary()?.text ?? null,
    });
  }

  private chooseFrames(purpose: string, workSession: WorkSessionState | null, observing: boolean): VisionChoice {
    const frames = this.deps.observer.recentFrames();
    const policy = VISION_POLICY[purpose];
    const none = (reason: string): VisionChoice => ({ chosen: [], left: frames.map((frame) => ({ frame, reason })) });
    if (!this.deps.llm.visionEnabled) return none('no vision model configured');
    if (!policy) return none(`a ${purpose} call reads the text record only`);
    const task = workSession?.tasks.at(-1);
    const taskStartMs = task?.open ? task.startMs : null;
    return chooseVisionFrames(frames, {
      observing,
      taskStartMs,
      alreadySent: policy === 'once per task' ? this.sentDuring(workSession, taskStartMs) : new Set(),
      minChange: this.deps.dedupMinChange,
    });
  }

  /** The pictures the theory sent since the current task began (or in the work session, between tasks). */
  private sentDuring(workSession: WorkSessionState | null, taskStartMs: number | null): Set<string> {
    if (!workSession || this.sent.workSessionId !== workSession.id) return new Set();
    const since = taskStartMs ?? workSession.startMs;
    for (const [hash, at] of this.sent.at) if (at < since) this.sent.at.delete(hash);
    return new Set(this.sent.at.keys());
  }
}
