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

export const settingsOperations = defineOperations({
  getSettings: defineOperation({
    method: 'GET',
    path: '/settings',
    summary:
      'The effective settings (settings.json over the defaults; the LLM key stays in the environment) and what the profile occupies on disk.',
    input: z.object({}).strict(),
    output: z.object({ file: z.string(), settings: z.record(z.string(), z.unknown()), usage: diskUsageSchema }),
  }),
});
