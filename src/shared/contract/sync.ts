import { z } from 'zod';
import { isAbsolutePath } from '../absolute-path';
import { defineOperation, defineOperations } from './define';
import { safeNameInput } from './safe-name';

/**
 * What a device may write to the sync folder (settings `sync.share`): `activity` its work sessions and
 * app spans (app time, the day chart), `memory` tasks, summaries and the answers to clarifying
 * questions, `screenText` the text read on screen (search), `conversations` the chats with the
 * assistant. Work sessions themselves (start, end, status) go whenever anything does: every other row
 * hangs from one.
 */
export const SYNC_SHARE_KINDS = ['activity', 'memory', 'screenText', 'conversations'] as const;
export const syncShareKindSchema = z.enum(SYNC_SHARE_KINDS);
export type SyncShareKind = z.infer<typeof syncShareKindSchema>;

/** A device id: 16 lowercase hexadecimal characters, drawn once per profile. */
export const deviceIdSchema = z.string().regex(/^[0-9a-f]{16}$/, 'a device id is 16 hexadecimal characters');
export const deviceNameSchema = safeNameInput('device name', 64);

/** Which device a fact came from; present on facts whenever the profile holds more than one device's work. */
export const deviceRefSchema = z.object({ id: z.string(), name: z.string() });
export type DeviceRef = z.infer<typeof deviceRefSchema>;

/** The `device` filter of the views (`?device=`, `--device`): a device's id or name; absent, every device. */
export const deviceFilterSchema = z.string().trim().min(1).max(64).describe('Only this device (its id or name); default every device');

const syncProblemSchema = z.object({
  /** `corrupt`: the segment is damaged or incomplete and was skipped; `waiting`: it needs a segment not applied yet. */
  kind: z.enum(['corrupt', 'waiting', 'folder', 'export']),
  device: deviceRefSchema.nullable(),
  seq: z.number().int().nullable(),
  message: z.string(),
  at: z.string(),
});
export type SyncProblem = z.infer<typeof syncProblemSchema>;

export const syncDeviceSchema = deviceRefSchema.extend({
  local: z.boolean(),
  /** Other devices: the newest segment their manifest lists, and how many of theirs are applied. */
  latestSeq: z.number().int(),
  appliedSegments: z.number().int(),
  lastImportAt: z.string().nullable(),
  /** Work sessions of this device in the profile. */
  workSessions: z.number().int(),
});
export type SyncDevice = z.infer<typeof syncDeviceSchema>;

export const syncStatusSchema = z.object({
  /** The folder the sync tool replicates; null: sync is off. */
  folder: z.string().nullable(),
  device: deviceRefSchema,
  share: z.array(syncShareKindSchema),
  intervalSec: z.number().int(),
  outbox: z.object({
    /** Rows changed here and not yet written to the folder. */
    pendingChanges: z.number().int(),
    /** Segments this device has written (its newest sequence number). */
    segments: z.number().int(),
    lastExportAt: z.string().nullable(),
  }),
  devices: z.array(syncDeviceSchema),
  lastImportAt: z.string().nullable(),
  problems: z.array(syncProblemSchema),
});
export type SyncStatus = z.infer<typeof syncStatusSchema>;

export const syncRunSchema = z.object({
  exported: z.object({ segments: z.number().int(), records: z.number().int(), bytes: z.number().int() }),
  imported: z.object({ segments: z.number().int(), records: z.number().int() }),
  /** Set when this process did not run the exchange (another one of this profile is running it). */
  skipped: z.string().nullable(),
  status: syncStatusSchema,
});
export type SyncRun = z.infer<typeof syncRunSchema>;

const absolutePath = z.string().trim().min(1).max(4096).refine(isAbsolutePath, 'the sync folder is an absolute path');

export const syncSettingsInputSchema = z
  .object({
    /** The folder to write to and read from; null turns sync off. */
    folder: absolutePath.nullable().optional(),
    deviceName: deviceNameSchema.optional(),
    share: z.array(syncShareKindSchema).max(SYNC_SHARE_KINDS.length).optional(),
  })
  .strict();
export type SyncSettingsInput = z.infer<typeof syncSettingsInputSchema>;

export const syncOperations = defineOperations({
  syncStatus: defineOperation({
    method: 'GET',
    path: '/sync',
    summary: 'Sync across devices: the folder, this device, what it shares, the devices known, the last import and any problem.',
    input: z.object({}).strict(),
    output: syncStatusSchema,
  }),
  setSync: defineOperation({
    method: 'PUT',
    path: '/sync',
    summary: 'Sets the sync folder (null: off), this device’s name and what it shares; saved in settings.json.',
    input: syncSettingsInputSchema,
    output: syncStatusSchema,
  }),
  runSync: defineOperation({
    method: 'POST',
    path: '/sync/run',
    summary: 'Writes this device’s changes to the sync folder and imports the other devices’ now (the app does it every interval).',
    input: z.object({}).strict(),
    output: syncRunSchema,
  }),
});
