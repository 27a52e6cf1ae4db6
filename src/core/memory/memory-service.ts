import type { Interview, Question, WorkSessionDetail, WorkSessionSummary } from '../../shared/contract/memory';
import { iso, type Clock } from '../clock';
import type { Settings } from '../config/settings';
import type { EventBus } from '../events';
import type { LlmClient, LlmPurpose, LlmResult, OfflineAnswer } from '../llm/llm-client';
import type { Frame, SignificantChange } from '../observe/frame';
import type { Observer } from '../observe/observer';
import type { Db } from '../store/database';
import type { ActivityRepository } from '../store/repositories/activity-repository';
import { MemoryInterviewRepository } from '../store/repositories/memory-interview-repository';
import { MemoryQuestionRepository } from '../store/repositories/memory-question-repository';
import { MemoryReceiptRepository } from '../store/repositories/memory-receipt-repository';
import { MemorySummaryRepository } from '../store/repositories/memory-summary-repository';
import { MemoryTaskRepository, type TaskRecord } from '../store/repositories/memory-task-repository';
import { assembleContext, type AssembledContext } from './context-assembly';
import { loadHistoricalContext, type HistoricalContext } from './history';
import { INTERVIEW_QUESTIONS, INTERVIEW_SUMMARY_MAX_TOKENS, offlineInterviewSummary, readInterviewSeed } from './interview';
import { isRepeatQuestion, normalizeQuestion, proposeQuestions, SWITCH_WINDOW_MS } from './questions';
import type { ScreenTextRepository } from '../store/repositories/screen-text-repository';
import { offlineSessionSummary, SUMMARY_MAX_TOKENS, sessionContextItems, shouldUpdateSummary, type SessionSnapshot } from './session-context';
import { segmentTasks, type SpanLike } from './task-segmentation';
import { heuristicTheory } from './task-theory';
import { tokenCount, truncateToTokens } from '../llm/tokens';
import { workflowGuideFromDb } from './workflow-guide';

export interface MemoryDeps {
  readonly db: Db;
  readonly settings: Settings;
  readonly events: EventBus;
  readonly clock: Clock;
  readonly llm: LlmClient;
  readonly activity: ActivityRepository;
  readonly screenText: ScreenTextRepository;
  readonly observer: Observer;
  /** A demo profile's `interview.json`, used when the interview has no answers yet. */
  readonly interviewSeedFile?: string | null;
}

interface SessionState {
  readonly id: number;
  readonly startMs: number;
  lastSummaryAtMs: number | null;
  boundarySinceSummary: boolean;
  lastTheoryAtMs: number | null;
  lastTasksAtMs: number | null;
  tasks: TaskRecord[];
  spans: SpanLike[];
}

/** How often tasks are re-cut and the theory refreshed when nothing switched. */
const TASKS_EVERY_MS = 60_000;
const THEORY_EVERY_MS = 2 * 60_000;
/** The task theory quotes screen text of the current app read at most this long ago. */
const RECENT_SCREEN_TEXT_MS = 5 * 60_000;

const SYSTEM = {
  theory:
    'You shadow a knowledge worker through the workday, seeing their screen. From the context (and screenshots, if any), say in one or two sentences what task they are doing right now and, if you can tell, why. No preamble.',
  summary: `You keep a running record of a knowledge worker's work session. Summarise the session so far from the context: the tasks done (with times), apps used, what they seem to be working towards, and anything learned from their answers. Plain prose, at most ${SUMMARY_MAX_TOKENS - 150} words.`,
  question:
    'You shadow a knowledge worker and may ask one short, friendly clarifying question about what you just saw, so you learn their job. Reply with the question only, one sentence.',
  interview: `Summarise this onboarding interview as the baseline about the user: role, team, systems, responsibilities, recurring tasks, what never to observe. Plain prose, at most ${INTERVIEW_SUMMARY_MAX_TOKENS - 100} words.`,
} as const;

/**
 * The memory layer, driven by the core's events: tasks, the current task theory, rolling and final
 * summaries, clarifying questions, and the context every LLM call is given. Work runs on its own
 * queue after the capture loop's events; a failure is reported (`memory:error`), never thrown into the loop.
 */
export class MemoryService {
  readonly tasks: MemoryTaskRepository;
  readonly summaries: MemorySummaryRepository;
  readonly questions: MemoryQuestionRepository;
  readonly interview: MemoryInterviewRepository;
  readonly receipts: MemoryReceiptRepository;
  private session: SessionState | null = null;
  private history: HistoricalContext | null = null;
  private chain: Promise<void> = Promise.resolve();
  /** The newest frame waiting to be processed: later frames replace it, so a slow LLM never builds a backlog. */
  private frameSlot: { frame: Frame; change: SignificantChange | null } | null = null;
  private readonly unsubscribe: Array<() => void> = [];
  /** Work sessions that ended and still await their final summary (id → end). */
  private readonly endingSessions = new Map<number, number>();
  private readonly stmts;
  private errors = 0;
  private lastError: { at: string; message: string } | null = null;

  constructor(private readonly deps: MemoryDeps) {
    const { db } = deps;
    this.tasks = new MemoryTaskRepository(db);
    this.summaries = new MemorySummaryRepository(db);
    this.questions = new MemoryQuestionRepository(db);
    this.interview = new MemoryInterviewRepository(db);
    this.receipts = new MemoryReceiptRepository(db);
    this.stmts = {
      spans: db.prepare(`SELECT kind, app, title, start_ms AS startMs, end_ms AS endMs FROM activity_spans WHERE work_session_id = ? ORDER BY start_ms, id`),
      appBefore: db.prepare(`SELECT 1 FROM activity_spans WHERE app = ? AND start_ms < ? LIMIT 1`),
      anyBefore: db.prepare(`SELECT 1 FROM activity_spans WHERE kind = 'app' AND start_ms < ? LIMIT 1`),
    };
    this.seedInterview();
  }

  /** Subscribes to the core's events. */
  start(): void {
    const { events } = this.deps;
    this.unsubscribe.push(
      events.on('work-session:started', ({ workSessionId, at }) => {
        this.frameSlot = null;
        this.enqueue(() => this.beginSession(workSessionId, Date.parse(at)));
      }),
      events.on('frame:kept', ({ frame, change }) => {
        if (this.frameSlot) {
          // Keep the significant change of a replaced frame: it still marks a switch.
          this.frameSlot = { frame, change: change ?? this.frameSlot.change };
          return;
        }
        this.frameSlot = { frame, change };
        this.enqueue(() => {
          const slot = this.frameSlot;
          this.frameSlot = null;
          return slot ? this.processFrame(slot.frame, slot.change) : Promise.resolve();
        });
      }),
      events.on('work-session:ended', ({ workSessionId, at }) => {
        const slot = this.frameSlot;
        this.frameSlot = null;
        if (slot) this.enqueue(() => this.processFrame(slot.frame, slot.change));
        this.endingSessions.set(workSessionId, Date.parse(at));
        this.enqueue(() => this.endSession(workSessionId, Date.parse(at)));
      }),
    );
  }

  /**
   * Stops listening. Work sessions that ended but whose final summary is still queued get an offline
   * final summary now, synchronously, because the database closes right after (app quit).
   */
  stop(): void {
    for (const off of this.unsubscribe.splice(0)) off();
    for (const [id, atMs] of this.endingSessions) {
      try {
        this.finishSessionOffline(id, atMs);
      } catch (error) {
        this.report(error);
      }
    }
    this.endingSessions.clear();
  }

  /** Resolves once every queued piece of memory work is done (tests, shutdown). */
  async idle(): Promise<void> {
    let seen: Promise<void>;
    do {
      seen = this.chain;
      await seen;
    } while (seen !== this.chain);
  }

  health(): { errors: number; lastError: { at: string; message: string } | null } {
    return { errors: this.errors, lastError: this.lastError };
  }

  private enqueue(job: () => Promise<void> | void): void {
    this.chain = this.chain.then(job).catch((error: unknown) => this.report(error));
  }

  private report(error: unknown): void {
    this.errors++;
    this.lastError = { at: iso(this.deps.clock.now()), message: `memory: ${error instanceof Error ? error.message : String(error)}` };
    this.deps.events.emit('memory:error', this.lastError);
  }

  // ── work-session lifecycle ────────────────────────────────────────────────────────────────

  private beginSession(workSessionId: number, atMs: number): void {
    this.session = {
      id: workSessionId,
      startMs: atMs,
      lastSummaryAtMs: null,
      boundarySinceSummary: false,
      lastTheoryAtMs: null,
      lastTasksAtMs: null,
      tasks: [],
      spans: [],
    };
    this.history = null;
  }

  private async endSession(workSessionId: number, atMs: number): Promise<void> {
    if (!this.endingSessions.delete(workSessionId)) return;
    const s = this.session?.id === workSessionId ? this.session : this.resumeState(workSessionId, atMs);
    this.updateTasks(s, atMs, false);
    this.tasks.closeOpenTasks(workSessionId);
    const last = s.tasks.at(-1);
    if (last) this.deps.events.emit('task:boundary', { workSessionId, at: iso(atMs), endedTask: last.name, startedTask: null });
    if (s.tasks.length > 0) await this.generateSummary(s, atMs, 'final');
    if (this.session?.id === workSessionId) this.session = null;
    this.history = null;
  }

  private finishSessionOffline(workSessionId: number, atMs: number): void {
    const s = this.session?.id === workSessionId ? this.session : this.resumeState(workSessionId, atMs);
    this.updateTasks(s, atMs, false);
    this.tasks.closeOpenTasks(workSessionId);
    if (s.tasks.length > 0) this.storeSummary(s, atMs, 'final', offlineSessionSummary(this.snapshot(s, atMs), true), { engine: 'offline', fallbackReason: 'the app quit before the final summary was written' });
    if (this.session?.id === workSessionId) this.session = null;
  }

  /** State for a work session memory did not see start (memory started late, or a restart). */
  private resumeState(workSessionId: number, atMs: number): SessionState {
    const ws = this.deps.activity.getWorkSession(workSessionId);
    const latest = this.summaries.latestForSession(workSessionId);
    return {
      id: workSessionId,
      startMs: ws ? Date.parse(ws.startedAt) : atMs,
      lastSummaryAtMs: latest ? Date.parse(latest.at) : null,
      boundarySinceSummary: false,
      lastTheoryAtMs: null,
      lastTasksAtMs: null,
      tasks: [],
      spans: [],
    };
  }

  private async processFrame(frame: Frame, change: SignificantChange | null): Promise<void> {
    const wsId = this.deps.observer.health().workSessionId;
    if (wsId === null) return;
    if (this.session?.id !== wsId) this.session = this.resumeState(wsId, frame.at);
    const s = this.session;
    const now = frame.at;
    const switched = change?.kind === 'app-switch' || change?.kind === 'title-change';
    let boundary = false;
    if (switched || s.lastTasksAtMs === null || now - s.lastTasksAtMs >= TASKS_EVERY_MS) boundary = this.updateTasks(s, now, true);
    if (boundary || change?.kind === 'app-switch' || s.lastTheoryAtMs === null || now - s.lastTheoryAtMs >= THEORY_EVERY_MS) {
      await this.updateTheory(s, frame, now);
    }
    if (shouldUpdateSummary({ lastSummaryAtMs: s.lastSummaryAtMs, sessionStartMs: s.startMs, boundarySinceSummary: s.boundarySinceSummary }, now)) {
      await this.generateSummary(s, now, 'rolling');
    }
    await this.maybeAskQuestion(s, frame, now);
  }

  // ── tasks and theory ──────────────────────────────────────────────────────────────────────

  /** Re-cuts the work session into tasks; true when a task boundary was crossed. */
  private updateTasks(s: SessionState, nowMs: number, open: boolean): boolean {
    this.deps.observer.flushOpenSpan();
    s.spans = this.stmts.spans.all(s.id) as SpanLike[];
    const tasks = segmentTasks(s.spans, open);
    const closedBefore = s.tasks.filter((t) => !t.open).length;
    const closedNow = tasks.filter((t) => !t.open);
    const changed = tasks.length !== s.tasks.length || tasks.some((t, i) => t.name !== s.tasks[i]?.name || t.open !== s.tasks[i]?.open);
    s.tasks = tasks;
    s.lastTasksAtMs = nowMs;
    this.tasks.replaceSessionTasks(s.id, tasks);
    const boundary = open && closedNow.length > closedBefore;
    if (boundary) {
      s.boundarySinceSummary = true;
      for (const ended of closedNow.slice(closedBefore)) {
        const next = tasks[tasks.indexOf(ended) + 1];
        this.deps.events.emit('task:boundary', { workSessionId: s.id, at: iso(ended.endMs), endedTask: ended.name, startedTask: next?.name ?? null });
      }
    }
    if (changed) this.deps.events.emit('context:session-updated', { workSessionId: s.id, at: iso(nowMs), reason: 'tasks' });
    return boundary;
  }

  private async updateTheory(s: SessionState, frame: Frame, now: number): Promise<void> {
    const current = s.tasks.at(-1) ?? null;
    const offline: OfflineAnswer = () =>
      heuristicTheory({
        nowMs: now,
        currentApp: frame.app,
        currentTitle: frame.title,
        currentTask: current?.open ? current : null,
        previousTask: s.tasks.filter((t) => !t.open).at(-1) ?? null,
        screenText: this.deps.screenText.latestTextOf(frame.app, now - RECENT_SCREEN_TEXT_MS, now),
      });
    const result = await this.call('theory', s, now, SYSTEM.theory, 'What is the user doing right now?', offline, 150);
    this.tasks.saveTheory(s.id, now, result.text.trim().slice(0, 1000), result.engine, result.fallbackReason);
    s.lastTheoryAtMs = now;
    this.deps.events.emit('context:session-updated', { workSessionId: s.id, at: iso(now), reason: 'theory' });
  }

  // ── summaries ─────────────────────────────────────────────────────────────────────────────

  private async generateSummary(s: SessionState, now: number, kind: 'rolling' | 'final'): Promise<WorkSessionSummary> {
    const snapshot = this.snapshot(s, now);
    const result = await this.call(
      'summary',
      s,
      now,
      SYSTEM.summary,
      kind === 'final' ? 'The work session has ended. Write its final summary.' : 'Update the summary of this work session.',
      () => offlineSessionSummary(snapshot, kind === 'final'),
      SUMMARY_MAX_TOKENS + 100,
    );
    return this.storeSummary(s, now, kind, result.text, result, snapshot);
  }

  private storeSummary(
    s: SessionState,
    now: number,
    kind: 'rolling' | 'final',
    rawText: string,
    result: Pick<LlmResult, 'engine' | 'fallbackReason'>,
    snapshot: SessionSnapshot = this.snapshot(s, now),
  ): WorkSessionSummary {
    const text = truncateToTokens(rawText.trim(), SUMMARY_MAX_TOKENS);
    const apps = snapshot.appTime.apps.map((a) => a.app);
    const summary = this.summaries.insert({
      workSessionId: s.id,
      atMs: now,
      kind,
      text,
      tokenCount: tokenCount(text),
      engine: result.engine,
      fallbackReason: result.fallbackReason,
      durationMs: now - s.startMs,
      tasks: [...new Set(s.tasks.map((t) => t.name))],
      apps,
    });
    s.lastSummaryAtMs = now;
    s.boundarySinceSummary = false;
    this.deps.events.emit('context:summary-generated', {
      workSessionId: s.id,
      summaryId: summary.id,
      kind,
      at: iso(now),
      tokenCount: summary.tokenCount,
      engine: summary.engine,
    });
    this.deps.events.emit('context:session-updated', { workSessionId: s.id, at: iso(now), reason: 'summary' });
    return summary;
  }

  // ── questions ─────────────────────────────────────────────────────────────────────────────

  private async maybeAskQuestion(s: SessionState, frame: Frame, now: number): Promise<void> {
    // Never during idle, private or paused time: only while a permitted window is being observed.
    if (this.deps.observer.immediateContext().state !== 'observing') return;
    const last = this.questions.lastAskedAt();
    if (last !== null && now - last < this.deps.settings.questionMinIntervalMin * 60_000) return;
    const recentSpans = s.spans.filter((x) => x.kind === 'app' && x.endMs >= now - SWITCH_WINDOW_MS);
    const firstInSession = s.spans.find((x) => x.app === frame.app)?.startMs ?? now;
    const candidates = proposeQuestions({
      nowMs: now,
      sessionStartMs: s.startMs,
      recentSpans,
      currentApp: frame.app,
      currentTitle: frame.title,
      appFirstSeenInSessionMs: firstInSession,
      appSeenBefore: this.stmts.appBefore.get(frame.app, s.startMs) !== undefined,
      hasEarlierSessions: this.stmts.anyBefore.get(s.startMs) !== undefined,
    });
    const asked = this.questions.allAsked();
    const candidate = candidates.find((c) => !isRepeatQuestion({ normalized: normalizeQuestion(c.text), trigger: c.trigger, subject: c.subject }, asked));
    if (!candidate) return;
    const result = await this.call('question', s, now, SYSTEM.question, `What you just saw: ${candidate.observation}`, () => candidate.text, 80);
    let text = result.text.trim().split('\n')[0]!.slice(0, 300);
    let engine = result.engine;
    // A reworded question must still be new; if it echoes an old one, ask in the template's words.
    if (!text || (engine === 'openai' && isRepeatQuestion({ normalized: normalizeQuestion(text), trigger: '', subject: '' }, asked))) {
      text = candidate.text;
      engine = 'offline';
    }
    const question = this.questions.insert({
      workSessionId: s.id,
      askedAt: now,
      text,
      normalized: normalizeQuestion(text),
      trigger: candidate.trigger,
      subject: candidate.subject,
      engine,
    });
    this.deps.events.emit('question:asked', { id: question.id, workSessionId: s.id, at: iso(now), text, trigger: candidate.trigger });
    this.deps.events.emit('context:session-updated', { workSessionId: s.id, at: iso(now), reason: 'question' });
  }

  answerQuestion(id: number, answer: string): Question | null {
    if (!this.questions.get(id)) return null;
    this.questions.answer(id, answer.trim(), this.deps.clock.now());
    this.history = null;
    const q = this.questions.get(id)!;
    if (q.workSessionId !== null) this.deps.events.emit('context:session-updated', { workSessionId: q.workSessionId, at: iso(this.deps.clock.now()), reason: 'answer' });
    return q;
  }

  dismissQuestion(id: number): Question | null {
    if (!this.questions.get(id)) return null;
    this.questions.dismiss(id);
    return this.questions.get(id);
  }

  snoozeQuestion(id: number, minutes: number): Question | null {
    if (!this.questions.get(id)) return null;
    this.questions.snooze(id, this.deps.clock.now() + minutes * 60_000);
    return this.questions.get(id);
  }

  // ── context for LLM calls ────────────────────────────────────────────────────────────────

  /** What a call made now would be given. Nothing is stored (the receipt has no id). */
  previewContext(purpose: string): AssembledContext {
    const now = this.deps.clock.now();
    return this.assemble(purpose, this.currentState(now), now);
  }

  /**
   * The context for an LLM call made by another feature (chat): assembled now, with its receipt
   * stored. Call `recordOutcome` with the call's result so the receipt says which engine answered.
   */
  contextForCall(purpose: string): { context: AssembledContext; receiptId: number } {
    const now = this.deps.clock.now();
    const context = this.assemble(purpose, this.currentState(now), now);
    return { context, receiptId: this.receipts.insert(context.receipt, now) };
  }

  recordOutcome(receiptId: number, result: Pick<LlmResult, 'engine' | 'fallbackReason'>): void {
    this.receipts.setOutcome(receiptId, result.engine, result.fallbackReason);
  }

  private currentState(now: number): SessionState | null {
    const wsId = this.deps.observer.health().workSessionId;
    if (wsId === null) return this.session;
    if (this.session?.id === wsId) return this.session;
    const s = this.resumeState(wsId, now);
    s.spans = this.stmts.spans.all(wsId) as SpanLike[];
    s.tasks = segmentTasks(s.spans, true);
    return s;
  }

  private historical(now: number): HistoricalContext {
    this.history ??= loadHistoricalContext(this, now);
    return this.history;
  }

  private snapshot(s: SessionState, now: number): SessionSnapshot {
    return {
      workSessionId: s.id,
      startMs: s.startMs,
      nowMs: now,
      tasks: s.tasks,
      appTime: this.deps.activity.appTime({ workSessionId: s.id }),
      questions: this.questions.listForSession(s.id),
      theory: this.tasks.latestTheory(s.id),
      latestSummary: this.summaries.latestForSession(s.id),
    };
  }

  private assemble(purpose: string, s: SessionState | null, now: number): AssembledContext {
    const immediate = this.deps.observer.immediateContext();
    const snapshot = s ? this.snapshot(s, now) : null;
    const current = s?.tasks.at(-1);
    const currentActivity = [immediate.currentApp, immediate.currentWindowTitle, current?.name, ...(current?.titles ?? []), snapshot?.theory?.text]
      .filter(Boolean)
      .join(' ');
    return assembleContext({
      purpose,
      workSessionId: s?.id ?? null,
      nowMs: now,
      immediate,
      frames: this.deps.observer.recentFrames(),
      visionEnabled: this.deps.llm.visionEnabled,
      sessionItems: snapshot ? sessionContextItems(snapshot) : [],
      history: this.historical(now),
      currentActivity,
      baseline: this.interview.summary()?.text ?? null,
    });
  }

  /** One memory LLM call: assembled context, a stored receipt, and the offline answer on any failure. */
  private async call(purpose: LlmPurpose, s: SessionState, now: number, system: string, ask: string, offline: OfflineAnswer, maxTokens: number): Promise<LlmResult> {
    const context = this.assemble(purpose, s, now);
    const receiptId = this.receipts.insert(context.receipt, now);
    const result = await this.deps.llm.complete(
      {
        purpose,
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: `${context.text}\n\n${ask}` },
        ],
        images: context.immediate.images,
        maxTokens,
        temperature: 0.2,
      },
      offline,
    );
    this.receipts.setOutcome(receiptId, result.engine, result.fallbackReason);
    return result;
  }

  // ── work session detail, interview, guide ────────────────────────────────────────────────

  workSessionDetail(id: number): WorkSessionDetail | null {
    const ws = this.deps.activity.getWorkSession(id);
    if (!ws) return null;
    return {
      ...ws,
      tasks: this.tasks.listTasks(id),
      appTime: { date: null, workSessionId: id, ...this.deps.activity.appTime({ workSessionId: id }) },
      questions: this.questions.listForSession(id),
      theory: this.tasks.latestTheory(id),
      summaries: this.summaries.listForSession(id),
    };
  }

  interviewView(): Interview {
    const summary = this.interview.summary();
    return { questions: INTERVIEW_QUESTIONS.map((q) => ({ ...q })), answers: this.interview.answers(), summary };
  }

  /** Saves answers and rebuilds the summary (LLM when configured, else the template) unless the user edited it. */
  async saveInterviewAnswers(answers: Record<string, string>): Promise<Interview> {
    const now = this.deps.clock.now();
    this.interview.saveAnswers(answers, now);
    this.deps.events.emit('interview:answered', { answers: this.interview.answers() });
    if (!this.interview.summary()?.edited) await this.rebuildInterviewSummary(now);
    this.history = null;
    return this.interviewView();
  }

  /** The user's own summary (≤500 tokens); an empty text goes back to the generated one. */
  async setInterviewSummary(text: string): Promise<Interview> {
    const now = this.deps.clock.now();
    const own = text.trim();
    if (own === '') await this.rebuildInterviewSummary(now);
    else if (tokenCount(own) > INTERVIEW_SUMMARY_MAX_TOKENS) {
      throw new Error(`The interview summary is limited to ${INTERVIEW_SUMMARY_MAX_TOKENS} tokens (this one has ${tokenCount(own)}); shorten it and try again.`);
    } else this.interview.saveSummary(own, tokenCount(own), 'user', now);
    this.history = null;
    return this.interviewView();
  }

  private async rebuildInterviewSummary(now: number): Promise<void> {
    const answers = this.interview.answers();
    if (Object.keys(answers).length === 0) {
      this.interview.clearSummary();
      return;
    }
    const transcript = INTERVIEW_QUESTIONS.filter((q) => answers[q.id]).map((q) => `Q: ${q.prompt}\nA: ${answers[q.id]}`).join('\n\n');
    const result = await this.deps.llm.complete(
      { purpose: 'interview', messages: [{ role: 'system', content: SYSTEM.interview }, { role: 'user', content: transcript }], maxTokens: INTERVIEW_SUMMARY_MAX_TOKENS + 100 },
      () => offlineInterviewSummary(answers),
    );
    const text = truncateToTokens(result.text.trim(), INTERVIEW_SUMMARY_MAX_TOKENS);
    this.interview.saveSummary(text, tokenCount(text), result.engine, now);
  }

  private seedInterview(): void {
    const file = this.deps.interviewSeedFile;
    if (!file || Object.keys(this.interview.answers()).length > 0) return;
    let seed;
    try {
      seed = readInterviewSeed(file);
    } catch (error) {
      this.report(error);
      return;
    }
    if (!seed) return;
    const now = this.deps.clock.now();
    this.interview.saveAnswers(seed.answers, now);
    const text = truncateToTokens(seed.summary?.trim() || offlineInterviewSummary(seed.answers), INTERVIEW_SUMMARY_MAX_TOKENS);
    this.interview.saveSummary(text, tokenCount(text), 'offline', now);
  }

  guide(): { markdown: string; generatedAt: string } {
    return workflowGuideFromDb(this.deps.db, this.deps.clock.now());
  }
}
