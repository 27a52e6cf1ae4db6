import { z } from 'zod';
import { defineOperation, defineOperations } from './define';

export const diskUsageSchema = z.object({
  /** The SQLite database with its write-ahead log. */
  databaseBytes: z.number().int(),
  /** Kept screenshots, applets and files written through the file API. */
  dataBytes: z.number().int(),
  screenTextRows: z.number().int(),
  retentionDays: z.number().int(),
  outputRetentionDays: z.number().int(),
});
export type DiskUsage = z.infer<typeof diskUsageSchema>;

const settingsView = z.object({ file: z.string(), settings: z.record(z.string(), z.unknown()), usage: diskUsageSchema });

/** The settings a surface may change while the app runs (each takes effect from the next poll or capture). */
export const settingsChangeSchema = z
  .object({
    /** `focused`: the monitor holding the focused window; `all`: every monitor, each a frame of its own. */
    captureMonitors: z.enum(['focused', 'all']).optional(),
  })
  .strict();

export const settingsOperations = defineOperations({
  getSettings: defineOperation({
    method: 'GET',
    path: '/settings',
    summary:
      'The effective settings (settings.json over the defaults; the LLM key stays in the environment) and what the profile occupies on disk.',
    input: z.object({}).strict(),
    output: settingsView,
  }),
  updateSettings: defineOperation({
    method: 'PUT',
    path: '/settings',
    summary: 'Changes settings while the app runs (saved in settings.json): `captureMonitors` (`focused` or `all`).',
    input: settingsChangeSchema,
    output: settingsView,
  }),
});
