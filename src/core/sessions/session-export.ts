import { z } from 'zod';
import { contextSetsSchema, type ContextSets } from '../../shared/contract/context-sets';
import {
  sessionSchema,
  titleHistoryEntrySchema,
  turnSchema,
  type Session,
  type SessionExport,
  type TitleHistoryEntry,
  type Turn,
} from '../../shared/contract/sessions';
import { formatDateTime } from '../../shared/format-date';
import { safeName } from '../../shared/safe-text';
import { DomainError } from '../errors';
import { ContextSetError, replaceContextSets } from '../context-sets/context-sets';
import type { SessionRepository } from '../store/repositories/session-repository';
import type { SessionRow, TurnRow } from '../store/repositories/session-rows';
import { LOCAL_DEVICE } from '../store/repositories/device-repository';
import { messageOf } from '../util/message-of';

export const EXPORT_FORMAT = 'workflow-shadow-session';

const sessionFileSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal('1.0'),
  // Exports made before titles could be the user's say nothing of it: they were automatic.
  session: sessionSchema.extend({ titleByUser: z.boolean().default(false) }),
  titleHistory: z.array(titleHistoryEntrySchema.extend({ byUser: z.boolean().default(false) })),
  /** The session's context sets (files, tickets, applet, …), so an imported session resumes with them. */
  context: contextSetsSchema.optional(),
});

const userLineSchema = z.object({
  role: z.literal('user'),
  turn: z.number().int().min(1),
  content: z.string(),
  timestamp: z.string(),
  app: z.string().nullable(),
  windowTitle: z.string().nullable(),
  tokens: z.number().int(),
});
const assistantLineSchema = z.object({
  role: z.literal('assistant'),
  turn: z.number().int().min(1),
  content: z.string(),
  timestamp: z.string().nullable(),
  tokens: z.number().int(),
  summary: turnSchema.shape.summary,
  summarySource: turnSchema.shape.summarySource,
  engine: turnSchema.shape.engine,
  status: turnSchema.shape.status,
  /** Absent in exports made before replies kept their evidence. */
  evidence: turnSchema.shape.evidence.optional(),
  /** Absent in exports made before interrupted replies kept their reason. */
  interruptedReason: turnSchema.shape.interruptedReason.optional(),
});
const messageLineSchema = z.discriminatedUnion('role', [userLineSchema, assistantLineSchema]);

/** session.json (metadata and context sets), messages.jsonl (one message a line) and transcript.md (for people). */
export function exportSession(
  session: Session,
  titleHistory: readonly TitleHistoryEntry[],
  turns: readonly Turn[],
  contextSets: ContextSets = {},
): SessionExport {
  const withContext = Object.keys(contextSets).length > 0 ? { context: contextSets } : {};
  const sessionJson = `${JSON.stringify({ format: EXPORT_FORMAT, version: '1.0', session, titleHistory, ...withContext }, null, 2)}\n`;
  const lines = turns.flatMap((t) => [
    JSON.stringify({
      role: 'user',
      turn: t.number,
      content: t.prompt,
      timestamp: t.createdAt,
      app: t.app,
      windowTitle: t.windowTitle,
      tokens: t.promptTokens,
    }),
    JSON.stringify({
      role: 'assistant',
      turn: t.number,
      content: t.reply,
      timestamp: t.completedAt,
      tokens: t.replyTokens,
      summary: t.summary,
      summarySource: t.summarySource,
      engine: t.engine,
      status: t.status,
      evidence: t.evidence,
      interruptedReason: t.interruptedReason,
    }),
  ]);
  return {
    files: {
      'session.json': sessionJson,
      'messages.jsonl': lines.map((l) => `${l}\n`).join(''),
      'transcript.md': transcript(session, turns),
    },
  };
}

/** The transcript is read by people, so its times are in the user's time zone, which it names. */
function transcript(session: Session, turns: readonly Turn[]): string {
  const when = (at: string): string => formatDateTime(at, { timeZoneName: true });
  const parts = [
    `# ${session.title || '(untitled session)'}`,
    '',
    `_${session.type} · ${session.status} · ${session.turnCount} turns · started ${when(session.createdAt)} · last active ${when(session.lastActiveAt)}_`,
    '',
  ];
  for (const t of turns) {
    const where = t.app ? ` in ${t.app}${t.windowTitle ? ` — ${t.windowTitle}` : ''}` : '';
    parts.push(`## Turn ${t.number}${t.summary ? `: ${t.summary}` : ''}`, '', `**You** (${when(t.createdAt)}${where}):`, '', t.prompt, '');
    parts.push(`**Assistant**${t.status === 'complete' ? '' : ` (${t.status})`}:`, '', t.reply || '_(no reply)_', '');
    // The evidence the reply rests on, once: the reply itself never repeats it.
    if (t.evidence.length > 0)
      parts.push(
        `_Evidence (${t.evidence.length}):_`,
        '',
        ...t.evidence.map((e) => `- ${when(e.at)}${e.app ? `, ${e.app}` : ''}${e.windowTitle ? `, “${e.windowTitle}”` : ''}: ${e.snippet}`),
        '',
      );
  }
  return `${parts.join('\n')}\n`;
}

const bad = (what: string): DomainError =>
  new DomainError('invalid', 'invalid_export', `${what}; is this a folder written by \`shadow export\`?`);

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw bad(`${file} is not valid JSON (${messageOf(error)})`);
  }
}

/**
 * Validates an export and writes the session back as it was; refuses an id that already exists. The
 * context sets come back validated, for the caller to store with the session.
 */
export function importSession(
  repo: SessionRepository,
  files: { 'session.json': string; 'messages.jsonl': string },
): { session: Session; contextSets: ContextSets } {
  const meta = sessionFileSchema.safeParse(parseJson(files['session.json'], 'session.json'));
  if (!meta.success)
    throw bad(`session.json does not match the export format: ${meta.error.issues[0]?.path.join('.')}: ${meta.error.issues[0]?.message}`);
  const { session, titleHistory, context: contextSets = {} } = meta.data;
  try {
    replaceContextSets({}, contextSets);
  } catch (error) {
    if (error instanceof ContextSetError) throw bad(`session.json context: ${error.message}`);
    throw error;
  }
  const users = new Map<number, z.infer<typeof userLineSchema>>();
  const assistants = new Map<number, z.infer<typeof assistantLineSchema>>();
  files['messages.jsonl'].split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    const parsed = messageLineSchema.safeParse(parseJson(line, `messages.jsonl line ${i + 1}`));
    if (!parsed.success)
      throw bad(`messages.jsonl line ${i + 1}: ${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}`);
    const target = parsed.data.role === 'user' ? users : assistants;
    if (target.has(parsed.data.turn)) throw bad(`messages.jsonl has two ${parsed.data.role} messages for turn ${parsed.data.turn}`);
    (target as Map<number, typeof parsed.data>).set(parsed.data.turn, parsed.data);
  });
  if (users.size !== session.turnCount) throw bad(`session.json says ${session.turnCount} turns but messages.jsonl has ${users.size}`);
  const turns: Omit<TurnRow, 'id'>[] = [];
  for (let n = 1; n <= session.turnCount; n++) {
    const user = users.get(n);
    const reply = assistants.get(n);
    if (!user || !reply) throw bad(`messages.jsonl is missing the ${user ? 'assistant' : 'user'} message of turn ${n}`);
    turns.push({
      session_id: session.id,
      number: n,
      prompt: user.content,
      reply: reply.content,
      // Names and titles from a file are cleaned like any stored name (safe-text.ts).
      app: user.app === null ? null : safeName(user.app),
      window_title: user.windowTitle === null ? null : safeName(user.windowTitle),
      prompt_tokens: user.tokens,
      reply_tokens: reply.tokens,
      summary: reply.summary === null ? null : safeName(reply.summary),
      summary_source: reply.summarySource,
      engine: reply.engine,
      status: reply.status,
      created_at: Date.parse(user.timestamp),
      completed_at: reply.timestamp === null ? null : Date.parse(reply.timestamp),
      evidence: JSON.stringify(reply.evidence ?? []),
      interrupted_reason: reply.interruptedReason ?? null,
    });
  }
  if (repo.getSession(session.id)) {
    throw new DomainError(
      'conflict',
      'session_exists',
      `Session ${session.id} already exists; delete it first (shadow sessions delete ${session.id}, or Delete in the window) or import into another profile.`,
    );
  }
  const row: SessionRow = {
    id: session.id,
    type: session.type,
    title: safeName(session.title).trim(),
    title_by_user: session.titleByUser ? 1 : 0,
    status: session.status,
    created_at: Date.parse(session.createdAt),
    last_active_at: Date.parse(session.lastActiveAt),
    model: session.model,
    tools: JSON.stringify(session.tools),
    system_prompt_hash: session.systemPromptHash,
    context_summary: session.contextSummary,
    token_count: session.tokenCount,
    turn_count: session.turnCount,
    pause_requested: session.pauseRequested ? 1 : 0,
    paused_at: session.pausedAt === null ? null : Date.parse(session.pausedAt),
    // A session restored from its files is this device's own, whichever device it was exported on.
    device: LOCAL_DEVICE,
    continues: null,
  };
  repo.insertImported(
    row,
    turns,
    titleHistory.map((t) => ({
      title: safeName(t.title).trim(),
      changed_at: Date.parse(t.changedAt),
      turn: t.turn,
      by_user: t.byUser ? 1 : 0,
    })),
  );
  return { session: repo.getSession(session.id)!, contextSets };
}
