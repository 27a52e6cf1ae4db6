import { z } from 'zod';
import { defineOperation, defineOperations, intParam, isCalendarDate } from './define';
import { deviceFilterSchema, deviceRefSchema } from './sync';

/**
 * A moment given as an ISO date-time (`2026-03-02T14:30:00Z`) or as a local day (`2026-03-02`):
 * as `from` a day means its start, as `to` its end (the day is included).
 */
export const timeBoundSchema = z
  .string()
  .trim()
  .refine(
    (s) =>
      /^\d{4}-\d{2}-\d{2}(T.+)?$/.test(s) &&
      isCalendarDate(s.slice(0, 10)) &&
      !Number.isNaN(Date.parse(s.length === 10 ? `${s}T00:00:00` : s)),
    'expected a local day YYYY-MM-DD or an ISO date-time such as 2026-03-02T14:30:00Z',
  );

/**
 * One hit stands for every time the same text was seen in the same window within minutes of the
 * last time (other windows may come between): `at` and `id` are its best-matching frame.
 */
export const sightingsShape = {
  /** How many frames showed this text in this window, in this stretch of time. */
  timesSeen: z.number().int().min(1),
  /** The first and the last of those frames (ISO); equal when it was seen once. */
  firstAt: z.string(),
  lastAt: z.string(),
};

/** How a page of search hits stands in the whole answer. */
export const searchPageShape = {
  /** Every hit of the search, not only this page's; with `totalExact` false, at least this many. */
  total: z.number().int().min(0),
  /** False when only the newest matches were counted (a word seen on thousands of frames). */
  totalExact: z.boolean(),
  /** This page's own cursor (asked again, it brings the same page): a client that shows fewer hits counts on from it. */
  cursor: z.string(),
  /** Pass it as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
};

export const screenSearchInputSchema = z
  .object({
    q: z.string().trim().min(1, 'give the words to search for').max(500, 'a search is at most 500 characters'),
    app: z.string().trim().min(1).max(200).optional(),
    from: timeBoundSchema.optional(),
    to: timeBoundSchema.optional(),
    limit: intParam(1, 200).default(20),
    device: deviceFilterSchema.optional(),
    cursor: z
      .string()
      .regex(/^\d{1,6}~\d{1,15}$/, 'a cursor is the nextCursor of an earlier answer to the same search')
      .optional(),
  })
  .strict();
export type ScreenSearchInput = z.input<typeof screenSearchInputSchema>;

export const screenSearchHitSchema = z.object({
  id: z.number().int(),
  /** When the frame was taken (ISO). */
  at: z.string(),
  app: z.string(),
  title: z.string(),
  /** The best-matching passage of the frame's text (or title), matched words wrapped in `**`. */
  snippet: z.string(),
  /** Relevance (bm25, higher is better); hits come best first. */
  score: z.number(),
  /** The monitor the text was read from, when the frame came from one of several. */
  monitor: z.string().optional(),
  /** The device it was read on (when the profile holds more than one device's work). */
  device: deviceRefSchema.optional(),
  ...sightingsShape,
});
export type ScreenSearchHit = z.infer<typeof screenSearchHitSchema>;

export const screenSearchResultSchema = z.object({
  query: z.string(),
  hits: z.array(screenSearchHitSchema),
  ...searchPageShape,
});
export type ScreenSearchResult = z.infer<typeof screenSearchResultSchema>;

export const ocrStatusSchema = z.object({
  enabled: z.boolean(),
  running: z.boolean(),
  queued: z.number().int(),
  queueCapacity: z.number().int(),
  recognized: z.number().int(),
  fromCache: z.number().int(),
  stored: z.number().int(),
  unchanged: z.number().int(),
  /** Frames of which only the changed part was read (the rest kept from the frame before). */
  partial: z.number().int(),
  empty: z.number().int(),
  dropped: z.number().int(),
  failed: z.number().int(),
  averageMs: z.number().nullable(),
  /** Peak memory of the OCR process (it runs apart from the core), null before its first frame. */
  processPeakRssBytes: z.number().int().nullable(),
  lastError: z.object({ at: z.string(), message: z.string() }).nullable(),
  /** Rows of screen text in the store (after retention). */
  storedRows: z.number().int(),
});
export type OcrStatusView = z.infer<typeof ocrStatusSchema>;

export const screenOperations = defineOperations({
  searchScreen: defineOperation({
    method: 'GET',
    path: '/search/screen',
    summary: 'Full-text search over the OCR text of kept frames, best match first, filtered by app and time.',
    input: screenSearchInputSchema,
    output: screenSearchResultSchema,
  }),
  ocrStatus: defineOperation({
    method: 'GET',
    path: '/screen/ocr',
    summary: 'OCR of kept frames: queue, counters (recognized, stored, dropped, failed), mean cost, last error.',
    input: z.object({}).strict(),
    output: ocrStatusSchema,
  }),
});
