import type { SyncShareKind } from '../../shared/contract/sync';
import type { SyncTable } from '../store/repositories/sync-table';

/**
 * Every kind of row a device writes to the sync folder, parents first: a segment is applied in this
 * order, so a span always finds its work session. `share` is the setting that lets it go
 * (`null`: work sessions, which go whenever anything does); `redact` the text columns the privacy
 * rules run over again before the row leaves the database, `redactJson` the JSON columns whose every
 * string is (evidence, context sets, lists of names). A redaction that lengthens a text past its
 * column's limit is cut back to it (`outgoing-row.ts`).
 */
export interface SyncKind extends SyncTable {
  readonly share: SyncShareKind | null;
  readonly redact: readonly string[];
  readonly redactJson?: readonly string[];
}

const workSession = { column: 'work_session_id', kind: 'work_session' } as const;

export const SYNC_KINDS: readonly SyncKind[] = [
  {
    kind: 'work_session',
    table: 'work_sessions',
    key: 'id',
    textKey: false,
    owner: 'self',
    share: null,
    columns: ['started_at', 'ended_at', 'status', 'source', 'end_reason'],
    redact: [],
  },
  {
    kind: 'screen_text',
    table: 'screen_text_entries',
    key: 'id',
    textKey: false,
    owner: 'self',
    share: 'screenText',
    columns: ['at_ms', 'app', 'title', 'text', 'monitor'],
    redact: ['title', 'text'],
  },
  {
    kind: 'session',
    table: 'sessions',
    key: 'id',
    textKey: true,
    owner: 'self',
    share: 'conversations',
    columns: [
      'type',
      'title',
      'title_by_user',
      'status',
      'created_at',
      'last_active_at',
      'model',
      'tools',
      'system_prompt_hash',
      'context_summary',
      'token_count',
      'turn_count',
      'pause_requested',
      'paused_at',
      'continues',
    ],
    redact: ['title', 'context_summary'],
  },
  {
    kind: 'span',
    table: 'activity_spans',
    key: 'id',
    textKey: false,
    owner: 'self',
    share: 'activity',
    parent: workSession,
    columns: ['work_session_id', 'kind', 'app', 'title', 'private_reason', 'start_ms', 'end_ms', 'monitor'],
    redact: ['title'],
  },
  {
    kind: 'task',
    table: 'tasks',
    key: 'id',
    textKey: false,
    owner: 'self',
    share: 'memory',
    parent: workSession,
    columns: ['work_session_id', 'name', 'start_ms', 'end_ms', 'is_open', 'apps', 'titles', 'switches', 'brief'],
    redact: ['name', 'brief'],
    redactJson: ['apps', 'titles'],
  },
  {
    kind: 'summary',
    table: 'work_session_summaries',
    key: 'id',
    textKey: false,
    owner: 'self',
    share: 'memory',
    parent: workSession,
    columns: ['work_session_id', 'at_ms', 'kind', 'text', 'token_count', 'engine', 'fallback_reason', 'duration_ms', 'tasks', 'apps'],
    redact: ['text'],
    redactJson: ['tasks', 'apps'],
  },
  {
    kind: 'question',
    table: 'questions',
    key: 'id',
    textKey: false,
    owner: 'self',
    share: 'memory',
    parent: { ...workSession, optional: true },
    columns: [
      'work_session_id',
      'asked_at',
      'text',
      'normalized',
      'trigger',
      'subject',
      'status',
      'snoozed_until',
      'answer',
      'answered_at',
      'engine',
    ],
    redact: ['text', 'normalized', 'subject', 'answer'],
  },
  {
    kind: 'turn',
    table: 'turns',
    key: 'id',
    textKey: false,
    owner: 'parent',
    share: 'conversations',
    parent: { column: 'session_id', kind: 'session' },
    columns: [
      'session_id',
      'number',
      'prompt',
      'reply',
      'app',
      'window_title',
      'prompt_tokens',
      'reply_tokens',
      'summary',
      'summary_source',
      'engine',
      'status',
      'created_at',
      'completed_at',
      'evidence',
      'interrupted_reason',
    ],
    redact: ['prompt', 'reply', 'window_title', 'summary'],
    redactJson: ['evidence'],
  },
  {
    kind: 'session_context',
    table: 'session_context',
    key: 'session_id',
    textKey: true,
    owner: 'parent',
    share: 'conversations',
    parent: { column: 'session_id', kind: 'session' },
    columns: ['session_id', 'sets', 'updated_at'],
    redact: [],
    redactJson: ['sets'],
  },
];

export const SYNC_KIND_NAMES = SYNC_KINDS.map((k) => k.kind) as readonly string[];

export function syncKind(name: string): SyncKind | undefined {
  return SYNC_KINDS.find((k) => k.kind === name);
}

/** The kinds a device shares under `share`: work sessions whenever anything goes. */
export function sharedKinds(share: readonly SyncShareKind[]): SyncKind[] {
  if (share.length === 0) return [];
  return SYNC_KINDS.filter((k) => k.share === null || share.includes(k.share));
}
