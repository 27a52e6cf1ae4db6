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
  /**
   * `corrupt`: the segment is damaged or incomplete and was skipped; `waiting`: it needs a segment not
   * applied yet; `refused`: a file of the folder was refused as hostile input (a symbolic link, not a
   * plain file, over its limits); `paused`: the device used its budget of the exchange and the rest is
   * read at the next one; `conflict`: a conversation of that device has the id of another device's (or
   * this one's) and is kept here under an id of its own; `folder`, `export`: the folder cannot be used,
   * writing to it failed.
   */
  kind: z.enum(['corrupt', 'waiting', 'refused', 'paused', 'conflict', 'folder', 'export']),
  device: deviceRefSchema.nullable(),
  seq: z.number().int().nullable(),
  message: z.string(),
  at: z.string(),
});
export type SyncProblem = z.infer<typeof syncProblemSchema>;

/**
 * Whether a device's work is imported: `trusted` (the person confirmed its key, or it is this one),
 * `pending` (seen in the folder, waiting for the person to compare its fingerprint and trust or refuse
 * it: nothing of it is imported meanwhile), `refused` (never read; what it had brought was deleted).
 */
export const syncTrustSchema = z.enum(['trusted', 'pending', 'refused']);
export type SyncTrust = z.infer<typeof syncTrustSchema>;

/** A key fingerprint as shown on each device's screen: eight groups of four hexadecimal digits. */
export const fingerprintSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .describe(
    'The key fingerprint shown on that device (e.g. 3F9C-0A7E-52B1-4D68-A1B2-C3D4-E5F6-0718; case, dashes and spaces do not matter)',
  );

export const syncDeviceSchema = deviceRefSchema.extend({
  local: z.boolean(),
  trust: syncTrustSchema,
  /** The fingerprint of its signing key (for this one, of this device's own); null while none was seen. */
  fingerprint: z.string().nullable(),
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
  /** This device's key fingerprint, which the other devices show the person to compare; null while sync is off. */
  fingerprint: z.string().nullable(),
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
  /** What came in: segments applied, their records, and the bytes read from the folder for it (applied or not). */
  imported: z.object({ segments: z.number().int(), records: z.number().int(), bytes: z.number().int() }),
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

const deviceArgument = z.string().trim().min(1).max(64).describe('The device: its id, or its name when no other device has it');

export const trustSyncDeviceInputSchema = z.object({ device: deviceArgument, fingerprint: fingerprintSchema }).strict();
export const refuseSyncDeviceInputSchema = z.object({ device: deviceArgument }).strict();

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
  trustSyncDevice: defineOperation({
    method: 'POST',
    path: '/sync/devices/{device}/trust',
    summary:
      'Trusts another device once the person has compared its key fingerprint with the one its own screen shows: its manifest and segments are imported from then on. Refused when the fingerprint is not the one its folder presents.',
    input: trustSyncDeviceInputSchema,
    output: syncStatusSchema,
  }),
  refuseSyncDevice: defineOperation({
    method: 'POST',
    path: '/sync/devices/{device}/refuse',
    summary:
      'Refuses another device (or stops trusting it): its folder is never read again and everything imported from it is deleted here. Trusting it again re-imports it.',
    input: refuseSyncDeviceInputSchema,
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
