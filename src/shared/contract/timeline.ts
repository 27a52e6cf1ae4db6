import { z } from 'zod';
import { defineOperation, defineOperations, intParam, localDateSchema } from './define';
import { taskSchema, workSessionSummarySchema, workThreadSchema } from './memory';
import { deviceFilterSchema, deviceRefSchema } from './sync';

export const TIMELINE_DAYS_MAX = 7;

/** A stretch of one window, of idle time or of a private (excluded) window, clipped to its day. */
export const timelineSpanSchema = z.object({
  kind: z.enum(['app', 'idle', 'private']),
  /** Null for idle and private time: private windows are never named. */
  app: z.string().nullable(),
  title: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  /** The device it was observed on (when the profile holds more than one device's work). */
  device: deviceRefSchema.optional(),
});
export type TimelineSpan = z.infer<typeof timelineSpanSchema>;

/** A stretch inside the observed part of a day when nothing was observed, and why. */
export const timelineGapSchema = z.object({
  /** `paused`: by the user or the system (lock, sleep); `not-observed`: the app was not running or stopped. */
  kind: z.enum(['paused', 'not-observed']),
  from: z.string(),
  to: z.string(),
  /** In the user's words: "paused by the user", "the screen was locked", "the app quit". */
  reason: z.string(),
});
export type TimelineGap = z.infer<typeof timelineGapSchema>;

export const dayTimelineSchema = z.object({
  /** The local day, `YYYY-MM-DD`, and its bounds (ISO). */
  date: z.string(),
  from: z.string(),
  to: z.string(),
  /** From the first to the last observed moment of the day (now, while it goes on); null when nothing was. */
  observed: z.object({ from: z.string(), to: z.string() }).nullable(),
  spans: z.array(timelineSpanSchema),
  gaps: z.array(timelineGapSchema),
  /** Tasks begun or going on that day; an open task runs until `now`. */
  tasks: z.array(taskSchema),
  /** The day's tasks joined into work threads by the work item they share, by start. */
  threads: z.array(workThreadSchema),
  latestSummary: workSessionSummarySchema.nullable(),
  activeSeconds: z.number(),
  idleSeconds: z.number(),
  privateSeconds: z.number(),
});
export type DayTimeline = z.infer<typeof dayTimelineSchema>;

export const timelineSchema = z.object({
  /** Now on the engine's clock (a replayed day's virtual time): where the day's open task and stretch end. */
  now: z.string(),
  days: z.array(dayTimelineSchema),
});
export type Timeline = z.infer<typeof timelineSchema>;

export const timelineOperations = defineOperations({
  timeline: defineOperation({
    method: 'GET',
    path: '/timeline',
    summary: `The day (default today) as the day chart draws it: window, idle and private spans, paused and unobserved gaps with their reasons, tasks and the work threads they join into; \`days\` (at most ${TIMELINE_DAYS_MAX}) for a week.`,
    input: z
      .object({
        date: localDateSchema.optional(),
        days: intParam(1, TIMELINE_DAYS_MAX).default(1),
        device: deviceFilterSchema.optional(),
      })
      .strict(),
    output: timelineSchema,
  }),
});
