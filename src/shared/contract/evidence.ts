import { z } from 'zod';
import { deviceRefSchema } from './sync';

/**
 * Where a piece of evidence comes from: text read on the screen (OCR), a window the user had open,
 * a task memory cut from the day, a work-session summary, or the user's own answer to a question.
 */
export const evidenceSourceSchema = z.enum(['screen_text', 'window', 'task', 'summary', 'answer']);
export type EvidenceSource = z.infer<typeof evidenceSourceSchema>;

/** How to open the moment a piece of evidence points at (the `getMoment` operation takes both). */
export const evidenceOpenSchema = z.object({
  /** The moment (ISO): the frame's time, else the start of the window or task. */
  at: z.string(),
  /** The screen-text row of that moment, when the evidence is text read on screen. */
  screenTextId: z.number().int().nullable(),
});

/** What backs one claim of an answer: when and where it was seen, and the words it came from. */
export const evidenceSchema = z.object({
  /** The claim of the answer this supports, in the answer's words ("the supplier sent invoice 5102"). */
  claim: z.string(),
  /** When it was seen (ISO). */
  at: z.string(),
  /** The end of the stretch it covers (a window's or task's last moment); null for one frame. */
  until: z.string().nullable(),
  app: z.string().nullable(),
  windowTitle: z.string().nullable(),
  /** The passage it came from; matched words wrapped in `**` where a search found them. */
  snippet: z.string(),
  source: evidenceSourceSchema,
  open: evidenceOpenSchema,
  /** The device it was seen on (when the profile holds more than one device's work). */
  device: deviceRefSchema.optional(),
});
export type Evidence = z.infer<typeof evidenceSchema>;

/** A stored turn keeps at most this many pieces of evidence. */
export const TURN_EVIDENCE_MAX = 20;
