import type { Db } from '../database';

export type LlmCallOutcome = 'answered' | 'fell-back' | 'refused';

/** One call meant for an LLM endpoint: where it went and its size, never its content. */
export interface LlmCallRecord {
  readonly atMs: number;
  readonly purpose: string;
  readonly endpoint: string;
  readonly model: string | null;
  readonly outcome: LlmCallOutcome;
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly imagesSent: number;
  readonly imagesWithheld: number;
  /** Bytes of the images sent, as sent (downscaled). */
  readonly imageBytes: number;
  readonly redactions: number;
  readonly fallbackReason: string | null;
}

export interface LlmTrafficRow {
  readonly endpoint: string;
  readonly outcome: LlmCallOutcome;
  readonly calls: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly imagesSent: number;
  readonly imagesWithheld: number;
  readonly imageBytes: number;
}

/** One MCP tool answer an agent read (migration 011): never its content. */
export interface AgentReadRecord {
  readonly atMs: number;
  readonly agent: string;
  readonly transport: 'stdio' | 'http' | 'in-memory';
  readonly tool: string;
  readonly tokens: number;
  readonly bytes: number;
  /** The answer was a page of more, or cut to the budget. */
  readonly paged: boolean;
}

export interface AgentReadRow {
  readonly agent: string;
  readonly transport: AgentReadRecord['transport'];
  readonly tool: string;
  readonly calls: number;
  readonly tokens: number;
  readonly bytes: number;
  readonly largestTokens: number;
  readonly paged: number;
}

/** The privacy report's tables (migrations 006, 011): daily counters, the record of LLM calls and of agents' reads. */
export class PrivacyRepository {
  private readonly stmts;

  constructor(db: Db) {
    this.stmts = {
      add: db.prepare(
        `INSERT INTO privacy_counts (day, metric, count) VALUES (?, ?, ?)
         ON CONFLICT (day, metric) DO UPDATE SET count = count + excluded.count`,
      ),
      countsOn: db.prepare(`SELECT metric, count FROM privacy_counts WHERE day = ?`),
      insertCall: db.prepare(
        `INSERT INTO llm_calls (at_ms, purpose, endpoint, model, outcome, prompt_tokens, completion_tokens, images_sent,
           images_withheld, image_bytes, redactions, fallback_reason)
         VALUES (@atMs, @purpose, @endpoint, @model, @outcome, @promptTokens, @completionTokens, @imagesSent, @imagesWithheld,
           @imageBytes, @redactions, @fallbackReason)`,
      ),
      traffic: db.prepare(
        `SELECT endpoint, outcome, COUNT(*) AS calls, SUM(prompt_tokens) AS promptTokens, SUM(completion_tokens) AS completionTokens,
           SUM(images_sent) AS imagesSent, SUM(images_withheld) AS imagesWithheld, SUM(image_bytes) AS imageBytes
         FROM llm_calls WHERE at_ms >= ? AND at_ms < ? GROUP BY endpoint, outcome ORDER BY endpoint, outcome`,
      ),
      insertRead: db.prepare(
        `INSERT INTO agent_reads (at_ms, agent, transport, tool, tokens, bytes, paged) VALUES (@atMs, @agent, @transport, @tool, @tokens, @bytes, @paged)`,
      ),
      reads: db.prepare(
        `SELECT agent, transport, tool, COUNT(*) AS calls, SUM(tokens) AS tokens, SUM(bytes) AS bytes, MAX(tokens) AS largestTokens,
           SUM(paged) AS paged
         FROM agent_reads WHERE at_ms >= ? AND at_ms < ? GROUP BY agent, transport, tool ORDER BY tokens DESC, agent, tool`,
      ),
      pruneReads: db.prepare(`DELETE FROM agent_reads WHERE at_ms < ?`),
      pruneCounts: db.prepare(`DELETE FROM privacy_counts WHERE day < ?`),
      pruneCalls: db.prepare(`DELETE FROM llm_calls WHERE at_ms < ?`),
      deleteCountsOn: db.prepare(`DELETE FROM privacy_counts WHERE day = ?`),
      deleteCallsBetween: db.prepare(`DELETE FROM llm_calls WHERE at_ms >= ? AND at_ms < ?`),
    };
  }

  /** Adds `n` to a day's counter (`redacted:screen-text:card`, `frames-dropped:focus-moved`, …). */
  add(day: string, metric: string, n = 1): void {
    if (n > 0) this.stmts.add.run(day, metric, n);
  }

  countsOn(day: string): Map<string, number> {
    const rows = this.stmts.countsOn.all(day) as { metric: string; count: number }[];
    return new Map(rows.map((r) => [r.metric, r.count]));
  }

  recordLlmCall(call: LlmCallRecord): void {
    this.stmts.insertCall.run(call);
  }

  /** LLM calls between two moments, summed per endpoint and outcome. */
  llmTraffic(fromMs: number, toMs: number): LlmTrafficRow[] {
    return this.stmts.traffic.all(fromMs, toMs) as LlmTrafficRow[];
  }

  recordAgentRead(read: AgentReadRecord): void {
    this.stmts.insertRead.run({ ...read, paged: read.paged ? 1 : 0 });
  }

  /** What agents read between two moments, summed per agent, transport and tool, most tokens first. */
  agentReads(fromMs: number, toMs: number): AgentReadRow[] {
    return this.stmts.reads.all(fromMs, toMs) as AgentReadRow[];
  }

  /** Retention: counters of days before `day`, call and read records before `beforeMs`. */
  prune(day: string, beforeMs: number): number {
    return (
      this.stmts.pruneCounts.run(day).changes + this.stmts.pruneCalls.run(beforeMs).changes + this.stmts.pruneReads.run(beforeMs).changes
    );
  }

  /** A replayed day played again: its counters (days only that replay observed) and the calls made inside it. */
  forgetReplayed(days: readonly string[], fromMs: number, toMs: number): number {
    let rows = this.stmts.deleteCallsBetween.run(fromMs, toMs).changes;
    for (const day of days) rows += this.stmts.deleteCountsOn.run(day).changes;
    return rows;
  }
}
