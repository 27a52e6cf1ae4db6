import type { WorkSessionSummary, WorkThreadView } from '../../../shared/contract/memory';
import { iso } from '../../clock';
import type { EventBus } from '../../events';
import type { LlmResult } from '../../llm/llm-client';
import { tokenCount, truncateToTokens } from '../../llm/tokens';
import type { MemorySummaryRepository } from '../../store/repositories/memory-summary-repository';
import type { MemoryCall } from './memory-llm-call';
import { offlineWorkSessionSummary } from '../offline-summary';
import { threadCount, threadLine } from '../../../shared/thread-words';
import { PREVIOUS_SUMMARY_TOKENS, SUMMARY_MAX_TOKENS, type WorkSessionSnapshot } from '../work-session-digest';
import type { WorkSessionState, WorkSessionTracker } from './work-session-tracker';

/** Words a rolling summary may take, so the next call's reserved share holds it whole. */
const SUMMARY_WORDS = Math.floor(PREVIOUS_SUMMARY_TOKENS / 2);

const SYSTEM = `You keep a running record of a knowledge worker's work session. The context gives the summary so far (up to when it was written) and what happened since: tasks with times, questions and answers, text seen on screen. Write the summary of the whole work session so far from both: keep everything the summary so far covers, from the start of the work session (shorten it, never drop the earlier part), and add what happened since: the tasks done (with times), apps used, what they seem to be working towards, and anything learned from their answers or the screen. When the context lists the work threads (tasks joined by the record they share), tell the work by them: what each was (its record and kind), when, how long in all, which apps and the state it was last seen in. Plain prose, at most ${SUMMARY_WORDS} words.`;

type SummaryKind = 'rolling' | 'final';

export interface SummaryWriterDeps {
  readonly call: MemoryCall;
  readonly summaries: MemorySummaryRepository;
  readonly tracker: WorkSessionTracker;
  readonly events: EventBus;
  /** The work threads from `startMs` to `nowMs` (the offline summary speaks in them). */
  readonly threads?: (startMs: number, nowMs: number) => readonly WorkThreadView[];
  /** Resolves once the screens still being read are in the work items: the final summary tells the whole work session. */
  readonly settled?: () => Promise<void>;
}

/** The longest the final summary waits for screens still being read (a stuck reader never holds it back). */
const SETTLE_MAX_MS = 15_000;
/** Threads named in the request to the model; the rest are counted. */
const THREADS_ASKED = 12;

/**
 * Rolling and final work-session summaries (LLM, else the offline template), within 500 tokens. Each is
 * written from the previous one plus what happened since (the work-session digest), so the chain, and
 * the final summary that becomes history, covers the whole work session.
 */
export class SummaryWriter {
  constructor(private readonly deps: SummaryWriterDeps) {}

  async write(workSession: WorkSessionState, now: number, kind: SummaryKind): Promise<WorkSessionSummary> {
    if (kind === 'final' && this.deps.settled) await settledOrLater(this.deps.settled());
    const snapshot = this.snapshot(workSession, now);
    const result = await this.deps.call({
      purpose: 'summary',
      state: workSession,
      now,
      system: SYSTEM,
      ask: kind === 'final' ? 'The work session has ended. Write its final summary.' : 'Update the summary of this work session.',
      // Thread names are read from the screen: they go with the observed data, never with our words.
      observed: threadsObserved(snapshot.threads),
      offline: () => offlineWorkSessionSummary(snapshot, kind === 'final'),
      maxTokens: PREVIOUS_SUMMARY_TOKENS + 100,
    });
    return this.store(workSession, now, kind, result.text, result, snapshot);
  }

  /** The final summary from the offline template, at once (the app is quitting). */
  writeFinalOffline(workSession: WorkSessionState, now: number): WorkSessionSummary {
    const snapshot = this.snapshot(workSession, now);
    return this.store(
      workSession,
      now,
      'final',
      offlineWorkSessionSummary(snapshot, true),
      { engine: 'offline', fallbackReason: 'the app quit before the final summary was written' },
      snapshot,
    );
  }

  private snapshot(workSession: WorkSessionState, now: number): WorkSessionSnapshot {
    const snapshot = this.deps.tracker.snapshot(workSession, now);
    return this.deps.threads ? { ...snapshot, threads: this.deps.threads(workSession.startMs, now) } : snapshot;
  }

  private store(
    workSession: WorkSessionState,
    now: number,
    kind: SummaryKind,
    rawText: string,
    result: Pick<LlmResult, 'engine' | 'fallbackReason'>,
    snapshot: WorkSessionSnapshot,
  ): WorkSessionSummary {
    const text = truncateToTokens(rawText.trim(), SUMMARY_MAX_TOKENS);
    const summary = this.deps.summaries.insert({
      workSessionId: workSession.id,
      atMs: now,
      kind,
      text,
      tokenCount: tokenCount(text),
      engine: result.engine,
      fallbackReason: result.fallbackReason,
      durationMs: now - workSession.startMs,
      tasks: [...new Set(workSession.tasks.map((t) => t.name))],
      apps: snapshot.appTime.apps.map((a) => a.app),
    });
    workSession.lastSummaryAtMs = now;
    workSession.boundarySinceSummary = false;
    const { events } = this.deps;
    events.emit('context:summary-generated', {
      workSessionId: workSession.id,
      summaryId: summary.id,
      kind,
      at: iso(now),
      tokenCount: summary.tokenCount,
      engine: summary.engine,
    });
    events.emit('context:session-updated', { workSessionId: workSession.id, at: iso(now), reason: 'summary' });
    return summary;
  }
}

/** The work threads the summary is to tell, the most time first, within a few lines. */
function threadsObserved(threads: readonly WorkThreadView[] | undefined): string | undefined {
  if (!threads || threads.length === 0) return undefined;
  const tasks = threads.reduce((sum, t) => sum + t.taskIds.length, 0);
  const shown = [...threads].sort((a, b) => b.seconds - a.seconds).slice(0, THREADS_ASKED);
  const rest = threads.length - shown.length;
  return `Work threads of this work session (${threadCount(tasks, threads.length)}), the most time first:\n${shown.map((t) => `- ${threadLine(t)}`).join('\n')}${rest > 0 ? `\n- and ${rest} shorter thread${rest === 1 ? '' : 's'}` : ''}`;
}

function settledOrLater(settled: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const later = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, SETTLE_MAX_MS);
    timer.unref();
  });
  return Promise.race([settled, later]).finally(() => clearTimeout(timer));
}
