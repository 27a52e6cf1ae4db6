import { TURN_EVIDENCE_MAX, type Evidence } from '../../../shared/contract/evidence';
import type { SearchHit, Session, SessionStatus, TitleHistoryEntry, Turn } from '../../../shared/contract/sessions';
import { TITLE_HISTORY_MAX } from '../../../shared/contract/sessions';
import { iso } from '../../clock';
import type { Db } from '../database';
import { DeviceRepository, deviceOf, LOCAL_DEVICE, type DeviceScope } from './device-repository';
import { toSession, toTurn, type SessionRow, type TocRow, type TurnRow } from './session-rows';

export interface NewSession {
  readonly id: string;
  readonly type: string;
  readonly title: string;
  readonly at: number;
  readonly model: string | null;
  readonly tools: readonly string[];
  readonly systemPromptHash: string | null;
}

export interface SearchFilter {
  readonly sessionId?: string;
  readonly type?: string;
  readonly status?: SessionStatus;
  readonly fromMs?: number;
  readonly toMs?: number;
  /** One device's conversations (a key from `DeviceRepository.resolve`), or every device's. */
  readonly device?: DeviceScope;
  readonly limit: number;
  /** Hits to skip, best first (a page after the first). */
  readonly offset?: number;
}

/**
 * Turns a free-text query into an FTS5 expression: each word quoted (so punctuation and FTS
 * operators in user text are plain words), all words required, the last one as a prefix.
 */
export function ftsQuery(text: string): string | null {
  const words = text.match(/[\p{L}\p{N}_]+/gu) ?? [];
  if (words.length === 0) return null;
  return words.map((w, i) => `"${w.replace(/"/g, '')}"${i === words.length - 1 ? '*' : ''}`).join(' ');
}

/** Sessions, turns and title history: the store side of conversations. */
export class SessionRepository {
  private readonly stmts;
  private readonly devices: DeviceRepository;

  constructor(private readonly db: Db) {
    this.devices = new DeviceRepository(db);
    this.stmts = {
      insertSession: db.prepare(
        `INSERT INTO sessions (id, type, title, status, created_at, last_active_at, model, tools, system_prompt_hash)
         VALUES (@id, @type, @title, 'active', @at, @at, @model, @tools, @hash)`,
      ),
      getSession: db.prepare(`SELECT * FROM sessions WHERE id = ?`),
      listSessions: db.prepare(
        `SELECT * FROM sessions WHERE (@type IS NULL OR type = @type) AND (@status IS NULL OR status = @status)
           AND (@device IS NULL OR device = @device)
         ORDER BY last_active_at DESC, id LIMIT @limit`,
      ),
      insertTurn: db.prepare(
        `INSERT INTO turns (session_id, number, prompt, app, window_title, prompt_tokens, engine, status, created_at)
         VALUES (@sessionId, @number, @prompt, @app, @windowTitle, @promptTokens, @engine, 'streaming', @at)
         RETURNING *`,
      ),
      bumpSession: db.prepare(
        `UPDATE sessions SET turn_count = MAX(turn_count, ?), last_active_at = ?, status = 'active', paused_at = NULL WHERE id = ?`,
      ),
      saveReply: db.prepare(`UPDATE turns SET reply = ? WHERE session_id = ? AND number = ?`),
      completeTurn: db.prepare(
        `UPDATE turns SET reply = @reply, reply_tokens = @replyTokens, engine = @engine, status = @status, completed_at = @at,
           evidence = @evidence, interrupted_reason = @interruptedReason
         WHERE session_id = @sessionId AND number = @number`,
      ),
      addTokens: db.prepare(
        `UPDATE sessions SET token_count = token_count + ?, last_active_at = ?, model = COALESCE(?, model) WHERE id = ?`,
      ),
      getTurn: db.prepare(`SELECT * FROM turns WHERE session_id = ? AND number = ?`),
      turnRange: db.prepare(`SELECT * FROM turns WHERE session_id = ? AND number BETWEEN ? AND ? ORDER BY number`),
      lastTurns: db.prepare(`SELECT * FROM turns WHERE session_id = ? ORDER BY number DESC LIMIT ?`),
      toc: db.prepare(
        `SELECT number, summary, summary_source, created_at, length(prompt) > 0 AS has_prompt, length(reply) > 0 AS has_reply
         FROM turns WHERE session_id = ? ORDER BY number`,
      ),
      setSummary: db.prepare(`UPDATE turns SET summary = ?, summary_source = ? WHERE session_id = ? AND number = ?`),
      setTitle: db.prepare(`UPDATE sessions SET title = ?, title_by_user = ? WHERE id = ?`),
      insertTitle: db.prepare(`INSERT INTO session_title_history (session_id, title, changed_at, turn, by_user) VALUES (?, ?, ?, ?, ?)`),
      trimTitles: db.prepare(
        `DELETE FROM session_title_history WHERE session_id = ? AND id NOT IN
         (SELECT id FROM session_title_history WHERE session_id = ? ORDER BY id DESC LIMIT ${TITLE_HISTORY_MAX})`,
      ),
      titleHistory: db.prepare(`SELECT title, changed_at, turn, by_user FROM session_title_history WHERE session_id = ? ORDER BY id DESC`),
      openSessions: db.prepare(`SELECT * FROM sessions WHERE status = 'active' AND device = ${LOCAL_DEVICE}`),
      interruptTurns: db.prepare(
        `UPDATE turns SET status = 'interrupted', completed_at = created_at WHERE session_id = ? AND status = 'streaming'`,
      ),
      tokenCounts: db.prepare(
        `SELECT number, prompt_tokens AS promptTokens, reply_tokens AS replyTokens FROM turns WHERE session_id = ? ORDER BY number`,
      ),
      turnIdRange: db.prepare(`SELECT MIN(id) AS lo, MAX(id) AS hi FROM turns WHERE session_id = ?`),
    };
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  createSession(input: NewSession): Session {
    this.stmts.insertSession.run({
      id: input.id,
      type: input.type,
      title: input.title,
      at: input.at,
      model: input.model,
      tools: JSON.stringify(input.tools),
      hash: input.systemPromptHash,
    });
    return this.getSession(input.id)!;
  }

  getSession(id: string): Session | null {
    const row = this.stmts.getSession.get(id) as SessionRow | undefined;
    return row ? toSession(row, this.devices.labels()) : null;
  }

  listSessions(filter: { type?: string; status?: SessionStatus; device?: DeviceScope; limit: number }): Session[] {
    const rows = this.stmts.listSessions.all({
      type: filter.type ?? null,
      status: filter.status ?? null,
      device: filter.device ?? null,
      limit: filter.limit,
    }) as SessionRow[];
    const labels = this.devices.labels();
    return rows.map((row) => toSession(row, labels));
  }

  updateSession(
    id: string,
    patch: {
      type?: string;
      status?: SessionStatus;
      pauseRequested?: boolean;
      pausedAt?: number | null;
      contextSummary?: string;
      lastActiveAt?: number;
    },
  ): void {
    const sets: string[] = [];
    const values: Record<string, unknown> = { id };
    const column = {
      type: 'type',
      status: 'status',
      pauseRequested: 'pause_requested',
      pausedAt: 'paused_at',
      contextSummary: 'context_summary',
      lastActiveAt: 'last_active_at',
    } as const;
    for (const [key, col] of Object.entries(column)) {
      const value = patch[key as keyof typeof patch];
      if (value === undefined) continue;
      sets.push(`${col} = @${key}`);
      values[key] = typeof value === 'boolean' ? Number(value) : value;
    }
    if (sets.length) this.db.prepare(`UPDATE sessions SET ${sets.join(', ')} WHERE id = @id`).run(values);
  }

  /** Records the prompt as turn N (status `streaming`) before the reply starts, so a crash keeps it. */
  startTurn(input: {
    sessionId: string;
    prompt: string;
    app: string | null;
    windowTitle: string | null;
    promptTokens: number;
    engine: Turn['engine'];
    at: number;
  }): Turn {
    return this.transaction(() => {
      const session = this.stmts.getSession.get(input.sessionId) as SessionRow;
      const number = session.turn_count + 1;
      const row = this.stmts.insertTurn.get({ ...input, number }) as TurnRow;
      this.stmts.bumpSession.run(number, input.at, input.sessionId);
      return toTurn(row);
    });
  }

  /** Keeps the reply so far, so a crash mid-reply loses at most the last few words. */
  saveReplySoFar(sessionId: string, number: number, reply: string): void {
    this.stmts.saveReply.run(reply, sessionId, number);
  }

  completeTurn(input: {
    sessionId: string;
    number: number;
    reply: string;
    replyTokens: number;
    promptTokens: number;
    engine: Turn['engine'];
    status: 'complete' | 'failed' | 'interrupted';
    model: string | null;
    at: number;
    evidence?: readonly Evidence[];
    /** With status `interrupted`: why the reply broke off. */
    interruptedReason?: string | null;
  }): Turn {
    return this.transaction(() => {
      const { evidence = [], interruptedReason = null, ...turn } = input;
      this.stmts.completeTurn.run({ ...turn, interruptedReason, evidence: JSON.stringify(evidence.slice(0, TURN_EVIDENCE_MAX)) });
      this.stmts.addTokens.run(input.promptTokens + input.replyTokens, input.at, input.model, input.sessionId);
      return this.getTurn(input.sessionId, input.number)!;
    });
  }

  getTurn(sessionId: string, number: number): Turn | null {
    const row = this.stmts.getTurn.get(sessionId, number) as TurnRow | undefined;
    return row ? toTurn(row) : null;
  }

  turnRange(sessionId: string, from: number, to: number): Turn[] {
    return (this.stmts.turnRange.all(sessionId, from, to) as TurnRow[]).map(toTurn);
  }

  /** The newest `count` turns, oldest first. */
  lastTurns(sessionId: string, count: number): Turn[] {
    return (this.stmts.lastTurns.all(sessionId, count) as TurnRow[]).reverse().map(toTurn);
  }

  /** Per turn, oldest first: the number and token counts (cheap; no text). */
  turnTokenCounts(sessionId: string): { number: number; promptTokens: number; replyTokens: number }[] {
    return this.stmts.tokenCounts.all(sessionId) as { number: number; promptTokens: number; replyTokens: number }[];
  }

  allTurns(sessionId: string): Turn[] {
    return this.turnRange(sessionId, 1, Number.MAX_SAFE_INTEGER);
  }

  tocRows(sessionId: string): TocRow[] {
    return this.stmts.toc.all(sessionId) as TocRow[];
  }

  setSummary(sessionId: string, number: number, summary: string, source: 'llm' | 'extractive'): void {
    this.stmts.setSummary.run(summary, source, sessionId, number);
  }

  /** Turns of this device's sessions still without a TOC line (their summary job died with the process). */
  allUnsummarizedTurns(): Turn[] {
    return (
      this.db
        .prepare(
          `SELECT * FROM turns WHERE summary IS NULL AND session_id IN (SELECT id FROM sessions WHERE device = ${LOCAL_DEVICE}) ORDER BY id`,
        )
        .all() as TurnRow[]
    ).map(toTurn);
  }

  /** One reply that failed while streaming (the store failed under it): it is interrupted, never left `streaming`. */
  interruptTurn(sessionId: string, number: number): void {
    this.db
      .prepare(
        `UPDATE turns SET status = 'interrupted', completed_at = created_at WHERE session_id = ? AND number = ? AND status = 'streaming'`,
      )
      .run(sessionId, number);
  }

  /** This device's replies still marked streaming belong to a process that is gone (another device's are its own to settle). */
  interruptStreamingTurns(): number {
    return this.db
      .prepare(
        `UPDATE turns SET status = 'interrupted', completed_at = created_at
         WHERE status = 'streaming' AND session_id IN (SELECT id FROM sessions WHERE device = ${LOCAL_DEVICE})`,
      )
      .run().changes;
  }

  /**
   * Sets the title and prepends it to the history (capped), in one transaction. `byUser`: the user chose
   * it, and automatic titles leave the conversation alone until the user changes it again.
   */
  changeTitle(sessionId: string, title: string, turn: number, at: number, byUser: boolean): void {
    this.transaction(() => {
      this.stmts.setTitle.run(title, byUser ? 1 : 0, sessionId);
      this.stmts.insertTitle.run(sessionId, title, at, turn, byUser ? 1 : 0);
      this.stmts.trimTitles.run(sessionId, sessionId);
    });
  }

  titleHistory(sessionId: string): TitleHistoryEntry[] {
    const rows = this.stmts.titleHistory.all(sessionId) as { title: string; changed_at: number; turn: number; by_user: number }[];
    return rows.map((r) => ({ title: r.title, changedAt: iso(r.changed_at), turn: r.turn, byUser: r.by_user === 1 }));
  }

  /** Sessions still `active` (at start-up these were left open by a crash). */
  openSessions(): Session[] {
    return (this.stmts.openSessions.all() as SessionRow[]).map((row) => toSession(row));
  }

  /**
   * Deletes a session; its turns (and their search index rows), title history, context sets and
   * outputs go with it (ON DELETE CASCADE). Returns how many turns it had, or null when there was none.
   */
  deleteSession(sessionId: string): { turns: number } | null {
    const session = this.getSession(sessionId);
    if (!session) return null;
    this.db.prepare(`DELETE FROM sessions WHERE id = ?`).run(sessionId);
    return { turns: session.turnCount };
  }

  /** Marks the session interrupted and any reply that was streaming as interrupted. */
  markInterrupted(sessionId: string, contextSummary: string): void {
    this.transaction(() => {
      this.stmts.interruptTurns.run(sessionId);
      this.updateSession(sessionId, { status: 'interrupted', contextSummary, pauseRequested: false });
    });
  }

  /** FTS5 search over prompts, replies and summaries, ranked by bm25, with snippets; `total` counts every hit. */
  search(query: string, filter: SearchFilter): { hits: SearchHit[]; total: number } {
    const match = ftsQuery(query);
    if (!match) return { hits: [], total: 0 };
    // Within one session, the FTS index is read only over the rowid range of its turns.
    const range = filter.sessionId
      ? (this.stmts.turnIdRange.get(filter.sessionId) as { lo: number | null; hi: number | null })
      : { lo: null, hi: null };
    if (filter.sessionId && range.lo === null) return { hits: [], total: 0 };
    const from = `FROM turns_fts JOIN turns t ON t.id = turns_fts.rowid JOIN sessions s ON s.id = t.session_id
         WHERE turns_fts MATCH @match
           AND turns_fts.rowid BETWEEN @lo AND @hi
           AND (@sessionId IS NULL OR t.session_id = @sessionId)
           AND (@type IS NULL OR s.type = @type)
           AND (@status IS NULL OR s.status = @status)
           AND (@fromMs IS NULL OR t.created_at >= @fromMs)
           AND (@toMs IS NULL OR t.created_at < @toMs)
           AND (@device IS NULL OR s.device = @device)`;
    const params = {
      match,
      lo: range.lo ?? 0,
      hi: range.hi ?? Number.MAX_SAFE_INTEGER,
      sessionId: filter.sessionId ?? null,
      type: filter.type ?? null,
      status: filter.status ?? null,
      fromMs: filter.fromMs ?? null,
      toMs: filter.toMs ?? null,
      device: filter.device ?? null,
    };
    const rows = this.db
      .prepare(
        `SELECT t.session_id, t.number, t.created_at, s.title, s.type, s.status, s.device,
                snippet(turns_fts, -1, '**', '**', '…', 12) AS snippet, bm25(turns_fts) AS rank
         ${from}
         ORDER BY rank LIMIT @limit OFFSET @offset`,
      )
      .all({ ...params, limit: filter.limit, offset: filter.offset ?? 0 }) as {
      session_id: string;
      number: number;
      created_at: number;
      title: string;
      type: string;
      status: SessionStatus;
      device: number;
      snippet: string;
      rank: number;
    }[];
    const total = (this.db.prepare(`SELECT COUNT(*) AS n ${from}`).get(params) as { n: number }).n;
    const labels = this.devices.labels();
    const hits = rows.map((r) => ({
      sessionId: r.session_id,
      sessionTitle: r.title,
      sessionType: r.type,
      sessionStatus: r.status,
      turn: r.number,
      snippet: r.snippet,
      rank: r.rank,
      createdAt: iso(r.created_at),
      ...deviceOf(labels, r.device),
    }));
    return { hits, total };
  }

  /** Writes an exported session back exactly as it was (ids, numbers, timestamps, summaries, history). */
  insertImported(
    session: SessionRow,
    turns: readonly Omit<TurnRow, 'id'>[],
    titles: readonly { title: string; changed_at: number; turn: number; by_user: number }[],
  ): void {
    this.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO sessions (id, type, title, title_by_user, status, created_at, last_active_at, model, tools, system_prompt_hash,
             context_summary, token_count, turn_count, pause_requested, paused_at)
           VALUES (@id, @type, @title, @title_by_user, @status, @created_at, @last_active_at, @model, @tools, @system_prompt_hash,
             @context_summary, @token_count, @turn_count, @pause_requested, @paused_at)`,
        )
        .run(session);
      const insertTurn = this.db.prepare(
        `INSERT INTO turns (session_id, number, prompt, reply, app, window_title, prompt_tokens, reply_tokens, summary,
           summary_source, engine, status, created_at, completed_at, evidence, interrupted_reason)
         VALUES (@session_id, @number, @prompt, @reply, @app, @window_title, @prompt_tokens, @reply_tokens, @summary,
           @summary_source, @engine, @status, @created_at, @completed_at, @evidence, @interrupted_reason)`,
      );
      for (const turn of turns) insertTurn.run(turn);
      // Oldest first so that ids (the history order) come out newest first on read.
      for (const t of [...titles].reverse()) this.stmts.insertTitle.run(session.id, t.title, t.changed_at, t.turn, t.by_user);
    });
  }
}
