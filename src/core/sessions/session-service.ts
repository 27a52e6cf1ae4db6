import { randomBytes } from 'node:crypto';
import Fuse from 'fuse.js';
import type {
  ResumeView,
  SearchAllResult,
  SearchHit,
  Session,
  SessionExport,
  SessionStatus,
  TitleHistoryEntry,
  Toc,
  Turn,
  TurnBrief,
} from '../../shared/contract/sessions';
import { DomainError, notFound } from '../errors';
import { iso } from '../clock';
import { tokenCount } from '../llm/tokens';
import { timeBoundMs } from '../time';
import { extractiveSummary } from './extractive';
import { OfflineAssistant } from './offline-assistant';
import { PAUSE_QUESTION, pauseIntent, pausedReply } from './pause-intent';
import { buildResume } from './resume-builder';
import { ReplyStreamer, type StreamedReply } from './reply-streamer';
import { searchScreenPage } from '../ocr/screen-search';
import { exportSession, importSession } from './session-export';
import { extractiveSessionSummary, SessionSummarizer } from './session-summarizer';
import { ASSISTANT_INSTRUCTIONS, promptHash } from './system-prompt';
import type { SearchAllFilter, SessionServiceDeps } from './session-service-deps';
import { SessionDevices } from './session-devices';
import type { DeviceScope } from '../store/repositories/device-repository';

export type { SearchAllFilter, SessionServiceDeps } from './session-service-deps';

const newSessionId = (): string => `ses_${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}`;

/** Conversations with the assistant: turns, streaming replies, TOC, titles, search, resume, export. */
export class SessionService {
  readonly summarizer: SessionSummarizer;
  readonly instructions: string;
  readonly instructionsHash: string;
  private readonly replies: ReplyStreamer;
  private readonly streaming = new Set<string>();
  /** Resume blocks waiting for the next message of their session (sent to the model once). */
  private readonly pendingResume = new Map<string, string>();
  /** Which conversations are another device's (read-only here). */
  readonly devices: SessionDevices;

  constructor(private readonly deps: SessionServiceDeps) {
    this.devices = new SessionDevices(deps.continuations);
    this.instructions = deps.instructions ?? ASSISTANT_INSTRUCTIONS;
    this.instructionsHash = promptHash(this.instructions);
    this.replies = new ReplyStreamer({
      repo: deps.repo,
      llm: deps.llm,
      clock: deps.clock,
      observedClock: deps.observedClock ?? deps.clock,
      offline: new OfflineAssistant(deps.recall),
      recall: deps.recall,
      llmContext: deps.llmContext,
      instructions: this.instructions,
      historyTokens: deps.historyTokens,
      receipts: deps.receipts,
    });
    this.summarizer = new SessionSummarizer({
      repo: deps.repo,
      llm: deps.llm,
      clock: deps.clock,
      receipts: deps.receipts,
      events: deps.events,
      topicOf: (prompt) => deps.recall.topic(prompt, deps.clock.now()),
    });
  }

  /**
   * At the app's start: sessions a crash left `active` become `interrupted` with a summary; every turn
   * gets its TOC line (extractive where the summary job died) and no reply stays `streaming`.
   */
  recoverInterrupted(): string[] {
    const open = this.deps.repo.openSessions();
    this.deps.repo.transaction(() => {
      this.deps.repo.interruptStreamingTurns();
      for (const turn of this.deps.repo.allUnsummarizedTurns()) {
        this.deps.repo.setSummary(turn.sessionId, turn.number, extractiveSummary(turn.prompt, turn.reply), 'extractive');
      }
    });
    for (const session of open) {
      const summary = extractiveSessionSummary(this.deps.repo, session.id);
      this.deps.repo.markInterrupted(session.id, `Interrupted after ${session.turnCount} turns (the app stopped unexpectedly). ${summary}`);
      this.statusChanged(session.id, 'interrupted');
    }
    return open.map((s) => s.id);
  }

  /** On a clean shutdown of the app, open sessions are saved as paused (only a crash leaves them `interrupted`). */
  pauseOpenSessions(): void {
    const now = this.deps.clock.now();
    for (const session of this.deps.repo.openSessions()) {
      this.deps.repo.updateSession(session.id, {
        status: 'paused',
        pausedAt: now,
        contextSummary: extractiveSessionSummary(this.deps.repo, session.id),
      });
    }
  }

  /** Stops background summary work (the database is about to close). */
  close(): void {
    this.summarizer.close();
  }

  create(input: { type: string; title?: string; tools: readonly string[] }): Session {
    const session = this.deps.repo.createSession({
      id: newSessionId(),
      type: input.type,
      title: input.title ?? '',
      at: this.deps.clock.now(),
      model: null,
      tools: input.tools,
      systemPromptHash: this.instructionsHash,
    });
    if (input.title) this.deps.repo.changeTitle(session.id, input.title, 1, this.deps.clock.now(), true);
    return this.get(session.id);
  }

  get(id: string): Session {
    const session = this.deps.repo.getSession(id);
    if (!session) throw notFound(`Session ${id}`);
    return session;
  }

  /** Recent sessions (of one device with `device`); `q` matches the id exactly or titles (and types, summaries) fuzzily. */
  list(filter: { q?: string; type?: string; status?: SessionStatus; device?: DeviceScope; limit: number }): Session[] {
    if (!filter.q) return this.deps.repo.listSessions(filter);
    const exact = this.deps.repo.getSession(filter.q);
    if (exact) return [exact];
    const candidates = this.deps.repo.listSessions({ type: filter.type, status: filter.status, device: filter.device, limit: 5000 });
    const keys = ['title', 'type', 'contextSummary'] as const;
    const fuse = new Fuse(candidates, {
      keys: [
        { name: 'title', weight: 3 },
        { name: 'type', weight: 1 },
        { name: 'contextSummary', weight: 1 },
      ],
      threshold: 0.4,
      ignoreLocation: true,
    });
    // Every word must match somewhere (fuzzily), so "ledgr bug" finds "Ledger export bug".
    const words = filter.q.split(/\s+/).filter(Boolean);
    const query = { $and: words.map((w) => ({ $or: keys.map((k) => ({ [k]: w })) })) };
    return fuse.search(query, { limit: filter.limit }).map((r) => r.item);
  }

  update(id: string, patch: { title?: string; type?: string; status?: 'active' | 'paused' | 'completed' }): Session {
    const session = this.get(id);
    this.devices.assertOwn(session);
    // Choosing the title it already has makes it the user's all the same: automatic titles stop.
    if (patch.title && (patch.title !== session.title || !session.titleByUser)) {
      const at = this.deps.clock.now();
      const turn = Math.max(1, session.turnCount);
      this.deps.repo.changeTitle(id, patch.title, turn, at, true);
      this.deps.events?.emit('session:title-changed', { sessionId: id, title: patch.title, turn, at: iso(at) });
    }
    if (patch.status === 'paused') return this.pause(id);
    this.deps.repo.updateSession(id, {
      type: patch.type,
      status: patch.status,
      ...(patch.status && { pauseRequested: false, pausedAt: null }),
    });
    if (patch.status && patch.status !== session.status) this.statusChanged(id, patch.status);
    return this.get(id);
  }

  pause(id: string): Session {
    const session = this.get(id);
    this.devices.assertOwn(session);
    const before = session.status;
    this.deps.repo.updateSession(id, { status: 'paused', pausedAt: this.deps.clock.now(), pauseRequested: false });
    this.summarizer.afterPause(id);
    if (before !== 'paused') this.statusChanged(id, 'paused');
    return this.get(id);
  }

  /**
   * Deletes the conversation with its turns, title history, context sets and outputs. Refused while
   * a reply is streaming, so a turn is never written into a session that is gone.
   */
  delete(id: string): { id: string; title: string; turns: number } {
    const session = this.get(id);
    this.devices.assertOwn(session);
    if (this.streaming.has(id))
      throw new DomainError(
        'conflict',
        'reply_in_progress',
        `Session ${id} is still replying; wait for the reply to finish, then delete it.`,
      );
    this.pendingResume.delete(id);
    this.summarizer.forget(id);
    const deleted = this.deps.repo.deleteSession(id);
    this.deps.events?.emit('session:deleted', { sessionId: id });
    return { id, title: session.title, turns: deleted?.turns ?? 0 };
  }

  private statusChanged(sessionId: string, status: SessionStatus): void {
    this.deps.events?.emit('session:status-changed', { sessionId, status });
  }

  /**
   * Records the prompt as the next turn, streams the reply (LLM, else the offline assistant) through
   * `onDelta`, stores it, and queues the TOC line and title update without waiting for them.
   */
  async send(id: string, content: string, onStreamDelta: (text: string) => void = () => {}): Promise<{ turn: Turn; session: Session }> {
    const session = this.get(id);
    this.devices.assertOwn(session);
    if (this.streaming.has(id))
      throw new DomainError('conflict', 'reply_in_progress', `Session ${id} is still replying; wait for the reply to finish.`);
    this.streaming.add(id);
    try {
      const intent = pauseIntent(content, session.pauseRequested);
      // A message to a paused or interrupted session resumes it: the model gets the resume block once.
      const resumeBlock =
        this.pendingResume.get(id) ??
        (session.status !== 'active' && session.turnCount > 0 ? this.resumeView(id, undefined, session.status).block : undefined);
      this.pendingResume.delete(id);
      const window = this.deps.currentWindow();
      const promptTokens = tokenCount(content);
      const turn = this.deps.repo.startTurn({
        sessionId: id,
        prompt: content,
        app: window.app,
        windowTitle: window.title,
        promptTokens,
        engine: intent === 'none' ? (this.deps.llm.configured ? 'llm' : 'offline') : 'command',
        at: this.deps.clock.now(),
      });
      this.deps.events?.emit('session:turn-started', { sessionId: id, turn: turn.number, prompt: content, at: turn.createdAt });
      const onDelta = (text: string): void => {
        onStreamDelta(text);
        this.deps.events?.emit('session:reply-delta', { sessionId: id, turn: turn.number, text });
      };
      let done: Turn;
      try {
        done = await this.reply(id, turn, { content, intent, session, resumeBlock, promptTokens, onDelta });
      } catch (error) {
        // The reply was not stored (the store failed under it): the turn is interrupted, never left streaming.
        const interrupt = (): void => this.deps.repo.interruptTurn(id, turn.number);
        if (this.deps.repair) this.deps.repair(interrupt);
        else interrupt();
        throw error;
      }
      if (session.status !== 'active') this.statusChanged(id, 'active');
      this.deps.events?.emit('session:turn-completed', { sessionId: id, turn: turn.number, at: done.completedAt ?? done.createdAt });
      if (intent === 'stop-command' || intent === 'confirm') this.pause(id);
      if (intent === 'stop-phrase') this.deps.repo.updateSession(id, { pauseRequested: true });
      this.summarizer.afterTurn(id, turn.number);
      return { turn: done, session: this.get(id) };
    } finally {
      this.streaming.delete(id);
    }
  }

  /** Produces and stores the reply to a turn just started. */
  private async reply(
    id: string,
    turn: Turn,
    prompt: {
      content: string;
      intent: ReturnType<typeof pauseIntent>;
      session: Session;
      resumeBlock: string | undefined;
      promptTokens: number;
      onDelta: (text: string) => void;
    },
  ): Promise<Turn> {
    const { content, intent, session, resumeBlock, promptTokens, onDelta } = prompt;
    let reply: string;
    let engine: Turn['engine'] = 'command';
    let model: string | null = null;
    let replyTokens: number | null = null;
    let evidence: StreamedReply['evidence'] = [];
    let interruptedReason: string | undefined;
    if (intent === 'stop-command' || intent === 'confirm') reply = pausedReply(id);
    else if (intent === 'stop-phrase') reply = PAUSE_QUESTION;
    else {
      if (session.pauseRequested) this.deps.repo.updateSession(id, { pauseRequested: false });
      const answer = await this.replies.stream(id, turn, content, onDelta, resumeBlock);
      ({ reply, engine, model, replyTokens, evidence, interruptedReason } = answer);
    }
    if (engine === 'command') onDelta(reply);
    return this.deps.repo.completeTurn({
      sessionId: id,
      number: turn.number,
      reply,
      replyTokens: replyTokens ?? tokenCount(reply),
      promptTokens,
      engine,
      status: interruptedReason === undefined ? 'complete' : 'interrupted',
      model,
      at: this.deps.clock.now(),
      evidence,
      interruptedReason: interruptedReason ?? null,
    });
  }

  /** Makes the conversation active again; another device's continues in this device's copy of it (whose view this is). */
  resume(requested: string, maxHistoryTokens?: number): ResumeView {
    const id = this.devices.continuationOf(this.get(requested), newSessionId, this.deps.clock.now());
    const before = this.get(id).status;
    this.deps.repo.updateSession(id, { status: 'active', pauseRequested: false, pausedAt: null });
    if (before !== 'active') this.statusChanged(id, 'active');
    const view = this.resumeView(id, maxHistoryTokens, before);
    this.pendingResume.set(id, view.block);
    return view;
  }

  /** The resume block without changing the session (the CLI prints it). */
  resumeView(id: string, maxHistoryTokens?: number, previousStatus?: SessionStatus): ResumeView {
    return buildResume({
      previousStatus,
      repo: this.deps.repo,
      activity: this.deps.activity,
      session: this.get(id),
      nowMs: this.deps.clock.now(),
      currentPromptHash: this.instructionsHash,
      maxHistoryTokens: maxHistoryTokens ?? this.deps.historyTokens,
      extraLines: this.deps.resumeExtras?.(id),
    });
  }

  toc(id: string): Toc {
    const session = this.get(id);
    const rows = this.deps.repo.tocRows(id);
    const entries = rows.map((r) => ({
      turn: r.number,
      summary: r.summary,
      summarySource: r.summary_source,
      created: iso(r.created_at),
      hasPrompt: r.has_prompt === 1,
      hasResponse: r.has_reply === 1,
    }));
    const formatted = entries.map((e) => `${e.turn}. ${e.summary ?? '(summarizing…)'}`).join('\n');
    return {
      sessionId: id,
      sessionTitle: session.title,
      totalTurns: session.turnCount,
      pending: entries.filter((e) => e.summary === null).length,
      entries,
      formatted,
    };
  }

  turn(id: string, n: number): { turn: Turn; previous: TurnBrief | null; next: TurnBrief | null } {
    this.get(id);
    const [previous, turn, next] = [n - 1, n, n + 1].map((k) => (k >= 1 ? this.deps.repo.getTurn(id, k) : null));
    if (!turn) throw notFound(`Turn ${n} of session ${id}`);
    const brief = (t: Turn | null | undefined): TurnBrief | null =>
      t ? { turn: t.number, summary: t.summary ?? extractiveSummary(t.prompt, t.reply), createdAt: t.createdAt } : null;
    return { turn, previous: brief(previous), next: brief(next) };
  }

  turns(id: string, from: number, to: number | undefined): { turns: Turn[]; totalTurns: number } {
    const session = this.get(id);
    return { turns: this.deps.repo.turnRange(id, from, to ?? from + 19), totalTurns: session.turnCount };
  }

  titleHistory(id: string): { sessionId: string; title: string; entries: TitleHistoryEntry[] } {
    const session = this.get(id);
    return { sessionId: id, title: session.title, entries: this.deps.repo.titleHistory(id) };
  }

  search(id: string, q: string, limit: number): SearchHit[] {
    this.get(id);
    return this.deps.repo.search(q, { sessionId: id, limit }).hits;
  }

  /**
   * Conversations and (with `screen`) screen text, each with its count in all; one cursor pages both
   * (`<conversations skipped>.<screen hits skipped>~<newest screen row read>`).
   */
  searchAll(filter: SearchAllFilter): SearchAllResult {
    const fromMs = timeBoundMs(filter.from, 'start');
    const toMs = timeBoundMs(filter.to, 'end');
    const { type, status, device = null, limit } = filter;
    const [hitsOffset, screenOffset, upToId]: [number, number, number | undefined] = filter.cursor
      ? (filter.cursor.split(/[.~]/).map(Number) as [number, number, number])
      : [0, 0, undefined];
    const conversations = this.deps.repo.search(filter.q, { type, status, fromMs, toMs, device, limit, offset: hitsOffset });
    const screen = filter.screen
      ? searchScreenPage(this.deps.screenText.scoped(device), { q: filter.q, limit, fromMs, toMs, offset: screenOffset, upToId })
      : null;
    const hitsNext = hitsOffset + conversations.hits.length;
    const screenNext = screen?.nextOffset ?? screenOffset + (screen?.hits.length ?? 0);
    const snapshot = screen?.upToId ?? upToId ?? 0;
    const more = hitsNext < conversations.total || (screen !== null && screen.nextOffset !== null);
    return {
      hits: conversations.hits,
      screen: (screen?.hits ?? []).map(({ score: _score, monitor: _monitor, ...hit }) => hit),
      total: conversations.total,
      screenTotal: screen?.total ?? 0,
      screenTotalExact: screen?.totalExact ?? true,
      cursor: `${hitsOffset}.${screenOffset}~${snapshot}`,
      nextCursor: more ? `${hitsNext}.${screenNext}~${snapshot}` : null,
    };
  }

  export(id: string): SessionExport {
    const session = this.get(id);
    return exportSession(session, this.deps.repo.titleHistory(id), this.deps.repo.allTurns(id), this.deps.contextSets?.read(id));
  }

  import(files: { 'session.json': string; 'messages.jsonl': string }): Session {
    const { session, contextSets } = importSession(this.deps.repo, files);
    if (Object.keys(contextSets).length > 0) this.deps.contextSets?.restore(session.id, contextSets);
    return session;
  }

  /** Resolves when TOC lines and titles queued so far are written. */
  idle(): Promise<void> {
    return this.summarizer.idle();
  }
}
