// The rows of the sessions and turns tables as SQLite returns them, and their mapping to the contract's shapes.
import type { Evidence } from '../../../shared/contract/evidence';
import type { Session, SessionStatus, Turn } from '../../../shared/contract/sessions';
import { iso } from '../../clock';
import { deviceOf, LOCAL_DEVICE, type DeviceLabels } from './device-repository';

export interface SessionRow {
  id: string;
  type: string;
  title: string;
  /** The user chose the title (migration 017). */
  title_by_user: number;
  status: SessionStatus;
  created_at: number;
  last_active_at: number;
  model: string | null;
  tools: string;
  system_prompt_hash: string | null;
  context_summary: string;
  token_count: number;
  turn_count: number;
  pause_requested: number;
  paused_at: number | null;
  /** The device it belongs to (migration 012): 1 here, another key for a conversation imported read-only. */
  device: number;
  /** The conversation of another device this one continues. */
  continues: string | null;
}

export interface TurnRow {
  id: number;
  session_id: string;
  number: number;
  prompt: string;
  reply: string;
  app: string | null;
  window_title: string | null;
  prompt_tokens: number;
  reply_tokens: number;
  summary: string | null;
  summary_source: 'llm' | 'extractive' | null;
  engine: Turn['engine'];
  status: Turn['status'];
  created_at: number;
  completed_at: number | null;
  /** JSON array of the reply's evidence (migration 007). */
  evidence: string;
  /** Why the reply broke off (migration 009). */
  interrupted_reason: string | null;
}

/** One turn's line of the table of contents, without its text. */
export interface TocRow {
  number: number;
  summary: string | null;
  summary_source: 'llm' | 'extractive' | null;
  created_at: number;
  has_prompt: number;
  has_reply: number;
}

export function toSession(row: SessionRow, labels: DeviceLabels = () => undefined): Session {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    titleByUser: row.title_by_user === 1,
    status: row.status,
    createdAt: iso(row.created_at),
    lastActiveAt: iso(row.last_active_at),
    turnCount: row.turn_count,
    model: row.model,
    tools: JSON.parse(row.tools) as string[],
    systemPromptHash: row.system_prompt_hash,
    contextSummary: row.context_summary,
    tokenCount: row.token_count,
    pauseRequested: row.pause_requested === 1,
    pausedAt: row.paused_at === null ? null : iso(row.paused_at),
    ...deviceOf(labels, row.device),
    ...(row.continues !== null && { continues: row.continues }),
    ...(row.device !== LOCAL_DEVICE && { elsewhere: true as const }),
  };
}

export function toTurn(row: TurnRow): Turn {
  return {
    sessionId: row.session_id,
    number: row.number,
    prompt: row.prompt,
    reply: row.reply,
    app: row.app,
    windowTitle: row.window_title,
    promptTokens: row.prompt_tokens,
    replyTokens: row.reply_tokens,
    summary: row.summary,
    summarySource: row.summary_source,
    engine: row.engine,
    status: row.status,
    createdAt: iso(row.created_at),
    completedAt: row.completed_at === null ? null : iso(row.completed_at),
    evidence: JSON.parse(row.evidence) as Evidence[],
    interruptedReason: row.interrupted_reason,
  };
}
