import type { Clock } from '../clock';
import type { LlmClient, LlmResult } from '../llm/llm-client';
import type { Observer } from '../observe/observer';
import { assembleLlmContext, type LlmContext } from './llm-context-assembly';
import { loadHistoricalContext, type HistoricalContext } from './history';
import type { MemoryRepositories } from './memory-repositories';
import { workSessionDigestItems } from './work-session-digest';
import type { WorkSessionState, WorkSessionTracker } from './pipeline/work-session-tracker';

export interface LlmContextServiceDeps {
  readonly clock: Clock;
  readonly llm: Pick<LlmClient, 'visionEnabled'>;
  readonly observer: Pick<Observer, 'immediateContext' | 'recentFrames'>;
  readonly repositories: MemoryRepositories;
  readonly tracker: WorkSessionTracker;
}

/**
 * The LLM context every call is given (immediate, work session, history, baseline) and its receipts.
 * History is loaded once and reused until something it holds changes (`forgetHistory`).
 */
export class LlmContextService {
  private history: HistoricalContext | null = null;

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

  recordOutcome(receiptId: number, result: Pick<LlmResult, 'engine' | 'fallbackReason'>): void {
    this.deps.repositories.receipts.setOutcome(receiptId, result.engine, result.fallbackReason);
  }

  /** The LLM context of a call about `workSession` at `now`, with its receipt stored. */
  assembleWithReceipt(purpose: string, workSession: WorkSessionState | null, now: number): { llmContext: LlmContext; receiptId: number } {
    const llmContext = this.assemble(purpose, workSession, now);
    return { llmContext, receiptId: this.deps.repositories.receipts.insert(llmContext.receipt, now) };
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
      frames: observer.recentFrames(),
      visionEnabled: this.deps.llm.visionEnabled,
      workSessionDigest: snapshot ? workSessionDigestItems(snapshot) : [],
      history: this.history,
      currentActivity,
      baseline: repositories.interview.summary()?.text ?? null,
    });
  }
}
