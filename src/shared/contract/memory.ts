import { z } from 'zod';
import { defineOperation, defineOperations, intParam, localDateSchema } from './define';
import { appTimeSchema, frameSummarySchema, workSessionSchema } from './observation';
import { deviceFilterSchema, deviceRefSchema } from './sync';

const engineSchema = z.enum(['llm', 'offline']);
const idParam = intParam(1, Number.MAX_SAFE_INTEGER);

export const taskSchema = z.object({
  id: z.number().int(),
  workSessionId: z.number().int(),
  name: z.string(),
  startedAt: z.string(),
  /** Null while the task is still going on. */
  endedAt: z.string().nullable(),
  durationSeconds: z.number(),
  apps: z.array(z.string()),
  titles: z.array(z.string()),
  switches: z.number().int(),
  brief: z.string(),
  device: deviceRefSchema.optional(),
});
export type Task = z.infer<typeof taskSchema>;

/**
 * A work thread: tasks joined by the work item they share, across apps and hours (a ticket worked in the
 * browser, the terminal and a chat), or one task of its own when it names none.
 */
export const workThreadSchema = z.object({
  /** Stable for the same work: its item's kind and key, else the window its task was in. */
  id: z.string(),
  /** What it was: its item as written ("ENG-142", "Invoice 5102"), else its task's name. */
  name: z.string(),
  /** The kind of record in everyday words ("ticket", "invoice", "document"); null for a task of its own. */
  kind: z.string().nullable(),
  /** The window it was mostly in. */
  subject: z.string(),
  startedAt: z.string(),
  endedAt: z.string(),
  /** Active time in its tasks, in all. */
  seconds: z.number(),
  /** Most time first. */
  apps: z.array(z.string()),
  /** Its item's state when last seen: the word as shown and where it leaves the work. */
  state: z
    .object({
      text: z.string(),
      status: z.enum(['open', 'waiting', 'scheduled', 'done', 'declined']).nullable(),
      at: z.string(),
    })
    .nullable(),
  /** Its tasks (the day's `tasks`), by id. */
  taskIds: z.array(z.number().int()),
  /** Other records its screens tied to it ("#884" that fixes the ticket). */
  records: z.array(z.string()),
});
export type WorkThreadView = z.infer<typeof workThreadSchema>;

export const summaryKindSchema = z.enum(['rolling', 'final']);
export const workSessionSummarySchema = z.object({
  id: z.number().int(),
  workSessionId: z.number().int(),
  at: z.string(),
  kind: summaryKindSchema,
  text: z.string(),
  tokenCount: z.number().int().max(500),
  engine: engineSchema,
  fallbackReason: z.string().nullable(),
  durationSeconds: z.number(),
  tasks: z.array(z.string()),
  apps: z.array(z.string()),
  device: deviceRefSchema.optional(),
});
export type WorkSessionSummary = z.infer<typeof workSessionSummarySchema>;

export const taskTheorySchema = z.object({
  at: z.string(),
  text: z.string(),
  engine: engineSchema,
  fallbackReason: z.string().nullable(),
});
export type TaskTheory = z.infer<typeof taskTheorySchema>;

export const questionStatusSchema = z.enum(['pending', 'answered', 'dismissed', 'snoozed']);
export const questionSchema = z.object({
  id: z.number().int(),
  workSessionId: z.number().int().nullable(),
  askedAt: z.string(),
  text: z.string(),
  /** What prompted it: `switching`, `export`, `new-app`. */
  trigger: z.string(),
  /** The windows or app it is about. */
  subject: z.string(),
  status: questionStatusSchema,
  snoozedUntil: z.string().nullable(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  engine: engineSchema,
  device: deviceRefSchema.optional(),
});
export type Question = z.infer<typeof questionSchema>;

export const workSessionDetailSchema = workSessionSchema.extend({
  tasks: z.array(taskSchema),
  /** Its tasks joined into work threads by the work item they share, by start. */
  threads: z.array(workThreadSchema),
  appTime: appTimeSchema,
  questions: z.array(questionSchema),
  theory: taskTheorySchema.nullable(),
  summaries: z.array(workSessionSummarySchema),
});
export type WorkSessionDetail = z.infer<typeof workSessionDetailSchema>;

/**
 * The parts of what a call is given: memory's four tiers, the `evidence` retrieved for a chat question
 * (with the day's app time), and the `conversation` a call is about (earlier turns, the exchange a TOC
 * line sums up, the TOC lines a title is chosen from, the interview's answers).
 */
export const contextTierSchema = z.enum(['immediate', 'session', 'history', 'baseline', 'evidence', 'conversation']);
export const tierTokensSchema = z.object({
  immediate: z.number().int(),
  session: z.number().int(),
  history: z.number().int(),
  baseline: z.number().int(),
  evidence: z.number().int(),
  conversation: z.number().int(),
  total: z.number().int(),
});
export const receiptItemSchema = z.object({ tier: contextTierSchema, label: z.string(), tokens: z.number().int() });
export const contextReceiptSchema = z.object({
  /** Null for a preview that no call used. */
  id: z.number().int().nullable(),
  at: z.string(),
  purpose: z.string(),
  workSessionId: z.number().int().nullable(),
  engine: engineSchema.nullable(),
  fallbackReason: z.string().nullable(),
  tokens: tierTokensSchema,
  imageCount: z.number().int(),
  /** Bytes of the images the call sent, as sent (downscaled); 0 when none went. */
  imageBytes: z.number().int(),
  included: z.array(receiptItemSchema),
  dropped: z.array(receiptItemSchema.extend({ reason: z.string() })),
});
export type ContextReceipt = z.infer<typeof contextReceiptSchema>;

export const tokenBudgetsSchema = z.object({
  session: z.number().int(),
  history: z.number().int(),
  baseline: z.number().int(),
  totalText: z.number().int(),
});

export const llmContextViewSchema = z.object({
  immediate: z.object({ currentState: z.string(), frames: z.array(frameSummarySchema), imagesAttached: z.boolean() }),
  session: z.string(),
  history: z.string(),
  baseline: z.string(),
  /** The text every LLM call is given, tiers in order. */
  text: z.string(),
  budgets: tokenBudgetsSchema,
  receipt: contextReceiptSchema,
});
export type LlmContextView = z.infer<typeof llmContextViewSchema>;

/** The baseline (the interview's summary) every assistant call is given, at most this many tokens. */
export const BASELINE_TOKENS = 500;

export const interviewQuestionSchema = z.object({ id: z.string(), prompt: z.string(), hint: z.string() });
export const interviewSummarySchema = z.object({
  text: z.string(),
  tokenCount: z.number().int().max(BASELINE_TOKENS),
  edited: z.boolean(),
  engine: z.enum(['llm', 'offline', 'user']),
  updatedAt: z.string(),
});
export const interviewSchema = z.object({
  questions: z.array(interviewQuestionSchema),
  answers: z.record(z.string(), z.string()),
  summary: interviewSummarySchema.nullable(),
});
export type Interview = z.infer<typeof interviewSchema>;

const questionIdInput = z.object({ id: idParam }).strict();

/** A local day at a glance (`shadow today`): app time, the tasks begun that day and its latest summary. */
export const dayOverviewSchema = appTimeSchema.extend({
  tasks: z.array(taskSchema),
  /** The day's tasks joined into work threads, by start (every task is in exactly one). */
  threads: z.array(workThreadSchema),
  latestSummary: workSessionSummarySchema.nullable(),
});
export type DayOverview = z.infer<typeof dayOverviewSchema>;

export const memoryOperations = defineOperations({
  dayOverview: defineOperation({
    method: 'GET',
    path: '/day',
    summary:
      'A local day (default today): app time per app and title, the tasks of the day, the work threads they join into (with each one’s state when last seen) and its latest summary.',
    input: z.object({ date: localDateSchema.optional(), device: deviceFilterSchema.optional() }).strict(),
    output: dayOverviewSchema,
  }),
  getWorkSession: defineOperation({
    method: 'GET',
    path: '/work-sessions/{id}',
    summary: 'One work session with its tasks, the work threads they join into, app time, questions, current task theory and summaries.',
    input: z.object({ id: idParam }).strict(),
    output: workSessionDetailSchema,
  }),
  assembledContext: defineOperation({
    method: 'GET',
    path: '/context/assembled',
    summary: 'What the next LLM call would be given (every tier within its token budget) and its receipt.',
    input: z.object({ purpose: z.string().min(1).max(40).default('chat') }).strict(),
    output: llmContextViewSchema,
  }),
  listContextReceipts: defineOperation({
    method: 'GET',
    path: '/context/receipts',
    summary: 'Context receipts of past LLM calls, newest first: what each included and dropped, tokens per tier.',
    input: z.object({ limit: intParam(1, 500).default(50), workSessionId: idParam.optional() }).strict(),
    output: z.object({ receipts: z.array(contextReceiptSchema) }),
  }),
  listQuestions: defineOperation({
    method: 'GET',
    path: '/questions',
    summary: 'Clarifying questions, newest first; `pending` also brings back snoozed ones whose time has come.',
    input: z
      .object({
        status: z.enum(['pending', 'answered', 'dismissed', 'snoozed', 'all']).default('pending'),
        limit: intParam(1, 500).default(50),
      })
      .strict(),
    output: z.object({ questions: z.array(questionSchema) }),
  }),
  answerQuestion: defineOperation({
    method: 'POST',
    path: '/questions/{id}/answer',
    summary: 'Answer a question; the answer becomes history.',
    input: z.object({ id: idParam, answer: z.string().trim().min(1, 'the answer is empty').max(4000) }).strict(),
    output: questionSchema,
  }),
  dismissQuestion: defineOperation({
    method: 'POST',
    path: '/questions/{id}/dismiss',
    summary: 'Dismiss a question without answering (it is never asked again).',
    input: questionIdInput,
    output: questionSchema,
  }),
  snoozeQuestion: defineOperation({
    method: 'POST',
    path: '/questions/{id}/snooze',
    summary: 'Ask again later ("ask me later"): the question comes back after `minutes`.',
    input: z
      .object({
        id: idParam,
        minutes: z
          .number()
          .int()
          .min(1)
          .max(7 * 24 * 60)
          .default(60),
      })
      .strict(),
    output: questionSchema,
  }),
  getInterview: defineOperation({
    method: 'GET',
    path: '/interview',
    summary: 'The onboarding interview: its questions, the answers so far and the interview summary (baseline).',
    input: z.object({}).strict(),
    output: interviewSchema,
  }),
  putInterviewAnswers: defineOperation({
    method: 'PUT',
    path: '/interview/answers',
    summary: 'Save interview answers (merged by question id; an empty answer removes one); the summary is rebuilt unless edited.',
    input: z.object({ answers: z.record(z.string().min(1).max(60), z.string().max(4000)) }).strict(),
    output: interviewSchema,
  }),
  putInterviewSummary: defineOperation({
    method: 'PUT',
    path: '/interview/summary',
    summary: 'Replace the interview summary with your own text (at most 500 tokens); an empty text reverts to the generated one.',
    input: z.object({ text: z.string().max(8000) }).strict(),
    output: interviewSchema,
  }),
  getGuide: defineOperation({
    method: 'GET',
    path: '/guide',
    summary: 'The workflow guide as Markdown: role, systems, recurring tasks with typical duration and steps, answered questions.',
    input: z.object({}).strict(),
    output: z.object({ markdown: z.string(), generatedAt: z.string() }),
  }),
});
