import { z } from 'zod';
import { contextSetsPatchShape } from './context-sets';
import { defineOperation, defineOperations, intParam } from './define';
import { evidenceSchema } from './evidence';
import { searchPageShape, sightingsShape, timeBoundSchema } from './screen';
import { deviceFilterSchema, deviceRefSchema } from './sync';
import { safeNameInput } from './safe-name';

export const SESSION_TITLE_MAX = 60;
export const TURN_SUMMARY_MAX = 100;
export const TITLE_HISTORY_MAX = 20;
export const TURN_RANGE_MAX = 20;

export const sessionIdSchema = z
  .string()
  .regex(/^ses_[A-Za-z0-9_-]{4,60}$/, 'a session id looks like "ses_" followed by letters and digits');
/** A title as a client gives it: stored and shown as it reads, so nothing invisible may hide in it (cleaned, see safe-name.ts). */
const sessionTitleInput = safeNameInput('title', SESSION_TITLE_MAX);
export const sessionStatusSchema = z.enum(['active', 'paused', 'completed', 'interrupted']);
export type SessionStatus = z.infer<typeof sessionStatusSchema>;
export const sessionTypeSchema = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9-]{0,31}$/, 'a session type is a lowercase word such as chat, ticket, design or support');
export const turnStatusSchema = z.enum(['streaming', 'complete', 'failed', 'interrupted']);
export const turnEngineSchema = z.enum(['llm', 'offline', 'command']);

export const sessionSchema = z.object({
  id: sessionIdSchema,
  type: z.string(),
  title: z.string().max(SESSION_TITLE_MAX),
  /** The user chose the title: automatic titles leave it as it is until the user changes it again. */
  titleByUser: z.boolean(),
  status: sessionStatusSchema,
  createdAt: z.string(),
  lastActiveAt: z.string(),
  turnCount: z.number().int(),
  model: z.string().nullable(),
  tools: z.array(z.string()),
  systemPromptHash: z.string().nullable(),
  contextSummary: z.string(),
  tokenCount: z.number().int(),
  /** The user said something like "let's stop here": the next "yes" pauses the session. */
  pauseRequested: z.boolean(),
  pausedAt: z.string().nullable(),
  /** The device the conversation belongs to (when the profile holds more than one device's work); another device's is read-only here. */
  device: deviceRefSchema.optional(),
  /** The conversation of another device this one continues (resumed here). */
  continues: sessionIdSchema.optional(),
  /** Another device's conversation: read-only here; resuming it continues it in a conversation of this device. */
  elsewhere: z.literal(true).optional(),
});
export type Session = z.infer<typeof sessionSchema>;

export const turnSchema = z.object({
  sessionId: sessionIdSchema,
  number: z.number().int().min(1),
  prompt: z.string(),
  reply: z.string(),
  /** The active app and window when the prompt was sent. */
  app: z.string().nullable(),
  windowTitle: z.string().nullable(),
  promptTokens: z.number().int(),
  replyTokens: z.number().int(),
  summary: z.string().max(TURN_SUMMARY_MAX).nullable(),
  summarySource: z.enum(['llm', 'extractive']).nullable(),
  engine: turnEngineSchema,
  status: turnStatusSchema,
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** What the reply's claims rest on (time, app, window, snippet), for the evidence links under an answer. */
  evidence: z.array(evidenceSchema),
  /** With status `interrupted`: why the reply broke off (the model's stream ended early); the reply keeps what arrived. */
  interruptedReason: z.string().nullable(),
});
export type Turn = z.infer<typeof turnSchema>;

export const turnBriefSchema = z.object({ turn: z.number().int(), summary: z.string(), createdAt: z.string() });
export type TurnBrief = z.infer<typeof turnBriefSchema>;

export const tocEntrySchema = z.object({
  turn: z.number().int(),
  summary: z.string().max(TURN_SUMMARY_MAX).nullable(),
  summarySource: z.enum(['llm', 'extractive']).nullable(),
  created: z.string(),
  hasPrompt: z.boolean(),
  hasResponse: z.boolean(),
});
export const tocSchema = z.object({
  sessionId: sessionIdSchema,
  sessionTitle: z.string(),
  totalTurns: z.number().int(),
  /** Turns whose summary is still being generated. */
  pending: z.number().int(),
  entries: z.array(tocEntrySchema),
  /** A numbered list ready to show or hand to a model. */
  formatted: z.string(),
});
export type Toc = z.infer<typeof tocSchema>;

export const titleHistoryEntrySchema = z.object({
  title: z.string().max(SESSION_TITLE_MAX),
  changedAt: z.string(),
  turn: z.number().int().min(1),
  /** The user set it (else it was written automatically from the conversation). */
  byUser: z.boolean(),
});
export type TitleHistoryEntry = z.infer<typeof titleHistoryEntrySchema>;

export const searchHitSchema = z.object({
  sessionId: sessionIdSchema,
  sessionTitle: z.string(),
  sessionType: z.string(),
  sessionStatus: sessionStatusSchema,
  turn: z.number().int(),
  /** Matched words wrapped in `**` (Markdown bold), as in screen search. */
  snippet: z.string(),
  /** bm25 rank: lower is better. */
  rank: z.number(),
  createdAt: z.string(),
  /** The device of the conversation (when the profile holds more than one device's work). */
  device: deviceRefSchema.optional(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const screenHitSchema = z.object({
  /** The screen-text row: `getMoment` opens it. */
  id: z.number().int(),
  at: z.string(),
  app: z.string(),
  title: z.string(),
  snippet: z.string(),
  device: deviceRefSchema.optional(),
  ...sightingsShape,
});
export type ScreenHit = z.infer<typeof screenHitSchema>;

export const searchAllResultSchema = z.object({
  hits: z.array(searchHitSchema),
  screen: z.array(screenHitSchema),
  /** Conversation hits in all (exact). */
  total: z.number().int().min(0),
  /** Screen-text hits in all (with `screenTotalExact` false, at least this many); 0 without `screen`. */
  screenTotal: z.number().int().min(0),
  screenTotalExact: z.boolean(),
  cursor: searchPageShape.cursor,
  /** The next page of both lists (a list that is done answers none); null when both are done. */
  nextCursor: searchPageShape.nextCursor,
});
export type SearchAllResult = z.infer<typeof searchAllResultSchema>;

export const resumeSchema = z.object({
  session: sessionSchema,
  /** The `[RESUMED CONVERSATION]` block injected after the system prompt. */
  block: z.string(),
  /** What is sent to the model: a summary of older turns (when they do not fit) and the last turns whole. */
  history: z.array(z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() })),
  wholeTurns: z.number().int(),
  summarizedTurns: z.number().int(),
  changesSincePause: z.array(z.object({ app: z.string(), seconds: z.number() })),
  /** Set when the assistant's instructions changed since the session began. */
  warning: z.string().nullable(),
});
export type ResumeView = z.infer<typeof resumeSchema>;

export const sessionExportSchema = z.object({
  files: z.object({ 'session.json': z.string(), 'messages.jsonl': z.string(), 'transcript.md': z.string() }),
});
export type SessionExport = z.infer<typeof sessionExportSchema>;

const bySession = z.object({ id: sessionIdSchema }).strict();
const searchQuery = z.string().trim().min(1, 'give a search query').max(500);

/** PATCH body for a session; other features may extend it with their own fields. */
export const updateSessionInputSchema = z
  .object({
    id: sessionIdSchema,
    title: sessionTitleInput.optional(),
    type: sessionTypeSchema.optional(),
    status: z.enum(['active', 'paused', 'completed']).optional(),
    /** Context sets (context-sets.ts): `context` replaces all, `setContext` one set, `unionContext` merges into one. */
    ...contextSetsPatchShape,
  })
  .strict();

export const sendMessageInputSchema = z
  .object({
    id: sessionIdSchema,
    content: z.string().trim().min(1, 'the message is empty').max(100_000, 'the message is over 100,000 characters'),
  })
  .strict();

export const sessionOperations = defineOperations({
  listSessions: defineOperation({
    method: 'GET',
    path: '/sessions',
    summary: 'Recent sessions, last active first; q matches titles fuzzily (and types and summaries); device keeps one computer’s.',
    input: z
      .object({
        q: z.string().trim().max(200).optional(),
        type: sessionTypeSchema.optional(),
        status: sessionStatusSchema.optional(),
        device: deviceFilterSchema.optional(),
        limit: intParam(1, 500).default(20),
      })
      .strict(),
    output: z.object({ sessions: z.array(sessionSchema) }),
  }),
  createSession: defineOperation({
    method: 'POST',
    path: '/sessions',
    summary: 'Start a session (type chat unless given).',
    input: z
      .object({
        type: sessionTypeSchema.default('chat'),
        title: sessionTitleInput.optional(),
        tools: z.array(z.string().min(1).max(100)).max(100).default([]),
      })
      .strict(),
    output: sessionSchema,
  }),
  getSession: defineOperation({
    method: 'GET',
    path: '/sessions/{id}',
    summary: 'One session with its metadata.',
    input: bySession,
    output: sessionSchema,
  }),
  updateSession: defineOperation({
    method: 'PATCH',
    path: '/sessions/{id}',
    summary: 'Rename a session, change its type, or set its status (active, paused, completed).',
    input: updateSessionInputSchema,
    output: sessionSchema,
  }),
  deleteSession: defineOperation({
    method: 'DELETE',
    path: '/sessions/{id}',
    summary: 'Delete a session with its turns, title history, context sets and outputs (refused while it is replying).',
    input: bySession,
    output: z.object({ id: sessionIdSchema, title: z.string(), turns: z.number().int() }),
  }),
  sendMessage: defineOperation({
    method: 'POST',
    path: '/sessions/{id}/messages',
    summary: 'Send a message and get the reply as a new turn (SSE with Accept: text/event-stream).',
    input: sendMessageInputSchema,
    output: z.object({ turn: turnSchema, session: sessionSchema }),
  }),
  pauseSession: defineOperation({
    method: 'POST',
    path: '/sessions/{id}/pause',
    summary: 'Save and pause the session (the pause button; same as sending /stop without a turn).',
    input: bySession,
    output: sessionSchema,
  }),
  resumeSession: defineOperation({
    method: 'POST',
    path: '/sessions/{id}/resume',
    summary: 'Make the session active again and get the [RESUMED CONVERSATION] block and the history to send.',
    input: z.object({ id: sessionIdSchema, maxHistoryTokens: intParam(200, 1_000_000).optional() }).strict(),
    output: resumeSchema,
  }),
  previewResume: defineOperation({
    method: 'GET',
    path: '/sessions/{id}/resume-preview',
    summary: 'The [RESUMED CONVERSATION] block and history a resume would give, without resuming (the session keeps its status).',
    input: z.object({ id: sessionIdSchema, maxHistoryTokens: intParam(200, 1_000_000).optional() }).strict(),
    output: resumeSchema,
  }),
  sessionToc: defineOperation({
    method: 'GET',
    path: '/sessions/{id}/toc',
    summary: 'Table of contents: one line (≤100 characters) per turn.',
    input: bySession,
    output: tocSchema,
  }),
  getTurn: defineOperation({
    method: 'GET',
    path: '/sessions/{id}/turns/{n}',
    summary: 'One turn with the briefs of the turns before and after it.',
    input: z.object({ id: sessionIdSchema, n: intParam(1, Number.MAX_SAFE_INTEGER) }).strict(),
    output: z.object({ turn: turnSchema, previous: turnBriefSchema.nullable(), next: turnBriefSchema.nullable() }),
  }),
  getTurns: defineOperation({
    method: 'GET',
    path: '/sessions/{id}/turns',
    summary: `A range of turns, at most ${TURN_RANGE_MAX} (from and to inclusive).`,
    input: z
      .object({
        id: sessionIdSchema,
        from: intParam(1, Number.MAX_SAFE_INTEGER).default(1),
        to: intParam(1, Number.MAX_SAFE_INTEGER).optional(),
      })
      .strict()
      .refine((v) => v.to === undefined || v.to >= v.from, 'to must not be before from')
      .refine((v) => v.to === undefined || v.to - v.from < TURN_RANGE_MAX, `a range holds at most ${TURN_RANGE_MAX} turns`),
    output: z.object({ turns: z.array(turnSchema), totalTurns: z.number().int() }),
  }),
  titleHistory: defineOperation({
    method: 'GET',
    path: '/sessions/{id}/title-history',
    summary: `How the title changed, newest first (at most ${TITLE_HISTORY_MAX}).`,
    input: bySession,
    output: z.object({ sessionId: sessionIdSchema, title: z.string(), entries: z.array(titleHistoryEntrySchema) }),
  }),
  searchSession: defineOperation({
    method: 'GET',
    path: '/sessions/{id}/search',
    summary: 'Full-text search within one session, best first, with snippets and turn numbers.',
    input: z.object({ id: sessionIdSchema, q: searchQuery, limit: intParam(1, 200).default(20) }).strict(),
    output: z.object({ hits: z.array(searchHitSchema) }),
  }),
  exportSession: defineOperation({
    method: 'GET',
    path: '/sessions/{id}/export',
    summary: 'The session as session.json, messages.jsonl and transcript.md (file contents).',
    input: bySession,
    output: sessionExportSchema,
  }),
  importSession: defineOperation({
    method: 'POST',
    path: '/sessions/import',
    summary: 'Restore a session from the files of an export (same id; refused if it exists).',
    input: z.object({ files: sessionExportSchema.shape.files.partial({ 'transcript.md': true }) }).strict(),
    output: sessionSchema,
  }),
  searchAll: defineOperation({
    method: 'GET',
    path: '/search',
    summary: 'Search every session (and, with screen=true, text read from the screen), on every device or one.',
    input: z
      .object({
        q: searchQuery,
        type: sessionTypeSchema.optional(),
        status: sessionStatusSchema.optional(),
        from: timeBoundSchema.optional(),
        to: timeBoundSchema.optional(),
        screen: z
          .union([z.boolean(), z.enum(['true', 'false'])])
          .transform((v) => v === true || v === 'true')
          .default(true),
        device: deviceFilterSchema.optional(),
        limit: intParam(1, 200).default(20),
        cursor: z
          .string()
          .regex(/^\d{1,6}\.\d{1,6}~\d{1,15}$/, 'a cursor is the nextCursor of an earlier answer to the same search')
          .optional(),
      })
      .strict(),
    output: searchAllResultSchema,
  }),
});
