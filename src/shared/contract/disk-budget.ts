import { z } from 'zod';
import { defineOperation, defineOperations } from './define';

/** What the profile occupies against its size cap, and what the budget and retention keep. */
export const diskMeterSchema = z.object({
  capBytes: z.number().int(),
  /** Database pages in use (and its WAL), kept frames and the rest of the data folder. */
  usedBytes: z.number().int(),
  databaseBytes: z.number().int(),
  framesBytes: z.number().int(),
  otherDataBytes: z.number().int(),
  /** usedBytes / capBytes. */
  share: z.number(),
  overBudget: z.boolean(),
  /** The oldest local day still holding screen text, kept frames (null: none). */
  oldestScreenTextDay: z.string().nullable(),
  oldestFrameDay: z.string().nullable(),
  /** Days each kind is kept; null: forever. */
  retention: z.object({ framesDays: z.number().int(), screenTextDays: z.number().int(), summariesDays: z.null() }),
  /** A pass of the budget is deleting now. */
  pruning: z.boolean(),
  /** The last pass of the budget: when, and how many frames and rows of screen text it deleted. */
  lastPrune: z.object({ at: z.string(), frames: z.number().int(), screenTextRows: z.number().int() }).nullable(),
});
export type DiskMeter = z.infer<typeof diskMeterSchema>;

export const diskBudgetOperations = defineOperations({
  diskMeter: defineOperation({
    method: 'GET',
    path: '/disk',
    summary: 'The disk meter: what the profile occupies against its size cap, the oldest day kept per kind, the last prune.',
    input: z.object({}).strict(),
    output: diskMeterSchema,
  }),
});
