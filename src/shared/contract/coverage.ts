import { z } from 'zod';
import { defineOperation, defineOperations, localDateSchema } from './define';

/**
 * Why a stretch of the day was or was not observed. `observing` and `idle` (observed, no input) are
 * observed; every other reason is a gap: time the app could not, or was told not to, see.
 */
export const coverageReasonSchema = z.enum([
  'observing',
  'idle',
  'private',
  'paused',
  'locked',
  'no_display',
  'display_lost',
  'capture_error',
  'storage_error',
  'suspended',
  'clock_changed',
  'not_running',
]);
export type CoverageReasonCode = z.infer<typeof coverageReasonSchema>;

/** Each reason in words, the same on every surface (the day chart, `shadow today`, MCP). */
export const COVERAGE_LABELS: Readonly<Record<CoverageReasonCode, string>> = {
  observing: 'Observed',
  idle: 'Observed: idle (no keyboard or mouse input)',
  private: 'Not recorded: a private window had the focus',
  paused: 'Not observed: paused',
  locked: 'Not observed: paused automatically (screen locked, asleep or low power)',
  no_display: 'Not observed: the screen could not be seen (no display)',
  display_lost: 'Not observed: the display went away',
  capture_error: 'Not observed: reading the screen failed',
  storage_error: 'Not observed: nothing could be saved (disk full or read-only)',
  suspended: 'Not observed: the computer slept or Workflow Shadow was stopped',
  clock_changed: "Not observed: the computer's clock was changed",
  not_running: 'Not observed: Workflow Shadow was not running',
};

export const coverageStretchSchema = z.object({
  /** ISO date-times; stretches are in time order, never overlap, and together cover the day up to now. */
  start: z.string(),
  end: z.string(),
  observed: z.boolean(),
  reason: coverageReasonSchema,
  label: z.string(),
  /** More about this stretch when known: the pause reason, the error seen. */
  detail: z.string().nullable(),
  seconds: z.number(),
});
export type CoverageStretchView = z.infer<typeof coverageStretchSchema>;

export const coverageSchema = z.object({
  date: z.string(),
  /** The part of the day the stretches cover: its start until the end of the day, or until now today. */
  from: z.string(),
  to: z.string(),
  observedSeconds: z.number(),
  notObservedSeconds: z.number(),
  stretches: z.array(coverageStretchSchema),
});
export type Coverage = z.infer<typeof coverageSchema>;

export const coverageOperations = defineOperations({
  observationCoverage: defineOperation({
    method: 'GET',
    path: '/observation/coverage',
    summary:
      'When observation ran on a local day (default today) and why not in the gaps: paused, locked, no display, errors, private, not running.',
    input: z.object({ date: localDateSchema.optional() }).strict(),
    output: coverageSchema,
  }),
});
