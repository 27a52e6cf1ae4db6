import { z } from 'zod';

/**
 * A recorded day on disk: `manifest.json`, `events.jsonl` (one event a line, in time order) and
 * `images/` (screenshots, each stored once and referenced by any number of frame events).
 */
export const recordedDayManifestSchema = z.object({
  format: z.literal('workflow-shadow-day'),
  version: z.literal(1),
  startedAt: z.string().datetime(),
  endedAt: z.string().datetime(),
  description: z.string().optional(),
});
export type RecordedDayManifest = z.infer<typeof recordedDayManifestSchema>;

export const recordedEventSchema = z.discriminatedUnion('kind', [
  /** The focused window changed. */
  z.object({
    kind: z.literal('window'),
    at: z.string().datetime(),
    app: z.string(),
    title: z.string(),
    /** An excluded window: its name and title were not recorded. */
    private: z.boolean().optional(),
  }),
  /** The user typed or moved the mouse at this moment (recorded at most every few seconds). */
  z.object({ kind: z.literal('input'), at: z.string().datetime() }),
  /** A screenshot, relative to the day's folder. */
  z.object({ kind: z.literal('frame'), at: z.string().datetime(), image: z.string().regex(/^images\/[\w.-]+$/) }),
]);
export type RecordedEvent = z.infer<typeof recordedEventSchema>;

export const DAY_FILES = { manifest: 'manifest.json', events: 'events.jsonl', images: 'images' } as const;

/**
 * A folder of recorded days (a week): each sub-folder that holds a `manifest.json` is one day, played
 * in time order on the same virtual clock; the days may not overlap. A day's frame looks for its image
 * in its own `images/` first, then in the folder's shared `images/`, so screens seen on several days are
 * stored once. The folder may hold the onboarding answers the replay seeds (`interview.json`).
 */
export const DAYS_FILES = { interview: 'interview.json', images: 'images' } as const;
