import { z } from 'zod';
import { defineOperation, defineOperations, localDateSchema } from './define';
import { evidenceOpenSchema } from './evidence';

/**
 * Workflows across days (src/core/workflows/): a kind of work item (invoice, ticket, load…) and the
 * sequence of steps that repeats for it, found from the cases of the days asked about.
 */
export const workflowStepSchema = z.object({
  /** Stable for the same kind of window: the app, the site and the title without its items. */
  id: z.string(),
  /** The window's kind as its title reads without the items in it, and the state it left the item in ("Purchase Order …: matched"). */
  name: z.string(),
  /** The state the screen left the item in there ("matched", "resolved"); null when it showed none. */
  state: z.string().nullable(),
  /** The app the window belongs to. */
  app: z.string(),
  /** Where it happens: the web site in a browser ("NetSuite"), else the app. */
  where: z.string(),
  /** The state words the screen showed for the item there ("matched", "paid"), most common first. */
  actions: z.array(z.string()),
  /** Share of the workflow's cases that took this step (0–1). */
  share: z.number(),
  /** Active time in the step, median over the cases that took it (a stretch serving several cases counts a share for each). */
  medianSeconds: z.number(),
  /** The stretch's own active time, median (a payment run of nine invoices: the whole run). */
  stretchMedianSeconds: z.number(),
  /** A step in a mail or chat app: the work passed through someone else there. */
  handoff: z.boolean(),
  /** A moment of this step, to open (`getMoment`). */
  example: evidenceOpenSchema.extend({ item: z.string(), title: z.string() }),
});
export type WorkflowStep = z.infer<typeof workflowStepSchema>;

export const workflowTransitionSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Cases that went from one step straight to the other. */
  count: z.number().int(),
  /** Waiting time between the end of one and the start of the other, median. */
  medianWaitSeconds: z.number(),
});

export const workflowVariantSchema = z.object({
  id: z.string(),
  /** What sets it apart from the usual ("adds Missing PO for invoice … (Outlook)"); "usual" for the usual one. */
  name: z.string(),
  usual: z.boolean(),
  /** Its steps in order (step ids). */
  steps: z.array(z.string()),
  cases: z.number().int(),
  /** Of the finished cases (0–1). */
  share: z.number(),
  differences: z.array(z.string()),
  /** Up to five of its cases, by name. */
  examples: z.array(z.string()),
});
export type WorkflowVariant = z.infer<typeof workflowVariantSchema>;

export const workflowCaseSchema = z.object({
  /** The work item's key and name. */
  item: z.string(),
  name: z.string(),
  startedAt: z.string(),
  endedAt: z.string(),
  /** Active time in its steps. */
  seconds: z.number(),
  /** The variant it followed (null while in flight). */
  variant: z.string().nullable(),
  finished: z.boolean(),
  /** Its state when last seen. */
  state: z.string(),
  steps: z.array(z.object({ step: z.string(), at: z.string(), until: z.string(), seconds: z.number(), actions: z.array(z.string()) })),
});
export type WorkflowCase = z.infer<typeof workflowCaseSchema>;

export const workflowDeviationSchema = z.object({
  item: z.string(),
  name: z.string(),
  kind: z.enum(['skipped_step', 'new_step', 'slower']),
  /** The step it is about (the one skipped, new or slow). */
  step: z.string(),
  stepName: z.string(),
  /** One sentence, in the user's words. */
  text: z.string(),
  /** Where to see it. */
  at: z.string(),
  screenTextId: z.number().int().nullable(),
});
export type WorkflowDeviation = z.infer<typeof workflowDeviationSchema>;

export const workflowSchema = z.object({
  id: z.string(),
  /** Its kind and the apps of its usual steps ("Invoices: Outlook → NetSuite → Excel"). */
  name: z.string(),
  /** The kind of work item, as its identifiers' family reads (invoice, ticket, PLAT). */
  kind: z.string(),
  occurrences: z.object({
    /** Cases begun between `from` and `to`. */
    total: z.number().int(),
    perDay: z.array(z.object({ date: localDateSchema, count: z.number().int() })),
    /** Per week, by the Monday it begins. */
    perWeek: z.array(z.object({ week: localDateSchema, count: z.number().int() })),
  }),
  /** Active time per finished case. */
  duration: z.object({
    medianSeconds: z.number(),
    p25Seconds: z.number(),
    p75Seconds: z.number(),
    minSeconds: z.number(),
    maxSeconds: z.number(),
    /** From the first step's start to the last step's end, waiting included. */
    elapsedMedianSeconds: z.number(),
  }),
  /** The usual variant's steps first, in order, then the steps of the other variants. */
  steps: z.array(workflowStepSchema),
  transitions: z.array(workflowTransitionSchema),
  variants: z.array(workflowVariantSchema),
  /** Steps where the work passed through mail or chat. */
  handoffs: z.array(z.object({ step: z.string(), name: z.string(), where: z.string(), share: z.number() })),
  inFlight: z.array(z.object({ item: z.string(), name: z.string(), lastStep: z.string(), lastAt: z.string(), state: z.string() })),
  cases: z.array(workflowCaseSchema),
  /** How the last day asked about left the usual. */
  deviations: z.array(workflowDeviationSchema),
});
export type Workflow = z.infer<typeof workflowSchema>;

export const workflowListSchema = z.object({
  from: localDateSchema,
  to: localDateSchema,
  /** Workflows found, most occurrences first. */
  workflows: z.array(workflowSchema),
});
export type WorkflowList = z.infer<typeof workflowListSchema>;

/** At most this many days in one question: a quarter. */
export const WORKFLOW_DAYS_MAX = 92;

const rangeSchema = z
  .object({
    from: localDateSchema.optional().describe('First day (default: 6 days before `to`)'),
    to: localDateSchema.optional().describe('Last day, inclusive (default: today)'),
  })
  .strict();

export const eventLogFormatSchema = z.enum(['xes', 'ocel']);
export type EventLogFormat = z.infer<typeof eventLogFormatSchema>;

export const workflowOperations = defineOperations({
  listWorkflows: defineOperation({
    method: 'GET',
    path: '/workflows',
    summary:
      'Workflows across days: each kind of work item and the steps that repeat for it, with occurrences per day and week, typical duration, variants, hand-offs, items still in flight and how the last day differed.',
    input: rangeSchema,
    output: workflowListSchema,
  }),
  exportEventLog: defineOperation({
    method: 'GET',
    path: '/workflows/log',
    summary:
      'The cases of the days asked about as a standard event log for process-mining tools: XES (IEEE 1849, a trace per case) or OCEL 2.0 JSON (events tied to every work item they touched); private time never appears and text is redacted.',
    input: rangeSchema.extend({ format: eventLogFormatSchema }),
    output: z.object({
      format: eventLogFormatSchema,
      from: localDateSchema,
      to: localDateSchema,
      /** The log, as the file holds it (XML for XES, JSON for OCEL). */
      content: z.string(),
      cases: z.number().int(),
      events: z.number().int(),
    }),
  }),
  workflowGuide: defineOperation({
    method: 'GET',
    path: '/workflows/guide',
    summary: 'Each workflow as a procedure in Markdown: numbered steps with their apps, typical time and variants.',
    input: rangeSchema,
    output: z.object({ markdown: z.string(), from: localDateSchema, to: localDateSchema }),
  }),
});
