import { z } from 'zod';
import { defineOperation, defineOperations, intParam } from './define';
import { deviceFilterSchema, deviceRefSchema } from './sync';

const isoMomentSchema = z
  .string()
  .trim()
  .refine((s) => /^\d{4}-\d{2}-\d{2}T.+/.test(s) && !Number.isNaN(Date.parse(s)), 'expected an ISO date-time such as 2026-03-10T09:12:00Z');

/** A neighbouring moment: where "previous" and "next" lead. */
export const momentRefSchema = z.object({
  at: z.string(),
  screenTextId: z.number().int().nullable(),
  app: z.string().nullable(),
  windowTitle: z.string().nullable(),
});
export type MomentRef = z.infer<typeof momentRefSchema>;

export const momentSchema = z.object({
  /** The moment shown (ISO): the screen-text row's time when one was asked for, else the time asked. */
  at: z.string(),
  /** What the observer recorded then: an app's window, idle time, a private (excluded) window, or nothing. */
  kind: z.enum(['app', 'idle', 'private', 'unobserved']),
  /** Null unless `kind` is `app`: private windows are never named. */
  app: z.string().nullable(),
  windowTitle: z.string().nullable(),
  /** The stretch of that window, idle or private time around the moment. */
  span: z.object({ from: z.string(), to: z.string() }).nullable(),
  /** The text read on screen at that moment (the frame's OCR), when there is some. */
  screenText: z.object({ id: z.number().int(), at: z.string(), text: z.string() }).nullable(),
  /** The screenshot kept of that moment, only when the user keeps screenshots. */
  frame: z.object({
    kept: z.boolean(),
    at: z.string().nullable(),
    /** The file, readable through `storageReadFile` (it lies under the profile's data directory). */
    path: z.string().nullable(),
    /** The image as a data URL, with `image=true`. */
    dataUrl: z.string().nullable(),
    /** Why there is no frame, in a sentence; null when there is one. */
    note: z.string().nullable(),
  }),
  previous: momentRefSchema.nullable(),
  next: momentRefSchema.nullable(),
  /** The computer the moment was observed on, when the profile holds more than one device's work. */
  device: deviceRefSchema.optional(),
});
export type Moment = z.infer<typeof momentSchema>;

export const momentInputSchema = z
  .object({
    at: isoMomentSchema,
    screenTextId: intParam(1, Number.MAX_SAFE_INTEGER).optional(),
    image: z
      .union([z.boolean(), z.enum(['true', 'false'])])
      .transform((v) => v === true || v === 'true')
      .default(false),
    device: deviceFilterSchema.optional(),
  })
  .strict();

export const momentOperations = defineOperations({
  getMoment: defineOperation({
    method: 'GET',
    path: '/moments',
    summary:
      'What was on screen at a moment: app, window, the text read then, the kept screenshot (when screenshots are kept), and the previous and next moments, all of one device (the screen text’s, the one asked for, or this one first).',
    input: momentInputSchema,
    output: momentSchema,
  }),
});
