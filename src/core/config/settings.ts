import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import { SYNC_SHARE_KINDS, deviceNameSchema, syncShareKindSchema } from '../../shared/contract/sync';
import { isAbsolutePath } from '../../shared/absolute-path';
import { redactionSettingsSchema } from './redaction-settings';
import { messageOf } from '../util/message-of';

export const exclusionRuleSchema = z.object({
  /** Case-insensitive regular expression matched against the app name. */
  app: z.string().optional(),
  /** Case-insensitive regular expression matched against the window title. */
  title: z.string().optional(),
  reason: z.string().optional(),
});
export type ExclusionRule = z.infer<typeof exclusionRuleSchema>;

/** Defaults cover password managers and private/incognito browser windows. */
export const defaultExclusionRules: ExclusionRule[] = [
  { app: '1password|bitwarden|keepass(xc)?|lastpass|dashlane|enpass|keychain access|seahorse|proton pass', reason: 'password manager' },
  { title: 'incognito|private browsing|inprivate|\\(private\\)', reason: 'private window' },
];

export const settingsSchema = z.object({
  captureIntervalSec: z.number().min(1).max(3600).default(10),
  pollIntervalMs: z.number().int().min(50).max(10_000).default(1000),
  idleAfterSec: z.number().min(1).max(86_400).default(180),
  frameBufferSize: z.number().int().min(3).max(6).default(6),
  /** Share of the downscaled screen that must change for a frame of the same window to be kept. */
  dedupMinChange: z.number().min(0).max(1).default(0.01),
  exclusions: z.array(exclusionRuleSchema).default(defaultExclusionRules),
  keepScreenshots: z.boolean().default(false),
  /** Which monitors a capture takes: the one holding the focused window, or each as a frame of its own. */
  captureMonitors: z.enum(['focused', 'all']).default('focused'),
  /** OCR of kept frames into the screen-text search index. */
  ocrEnabled: z.boolean().default(true),
  /** Whether MCP clients may receive screenshots of the recent frames when they ask (`current_activity`). */
  mcpAllowImages: z.boolean().default(false),
  retentionDays: z.number().int().min(1).max(3650).default(90),
  /** Size cap of the profile (database and data folder); the oldest screen text and kept frames go first when over it. */
  storageCapMb: z.number().int().min(10).max(10_000_000).default(2048),
  /** Days kept frames are kept (default `retentionDays`). */
  framesRetentionDays: z.number().int().min(1).max(3650).optional(),
  /** Days screen text is kept (default `retentionDays`). Summaries, tasks and answers are kept forever. */
  screenTextRetentionDays: z.number().int().min(1).max(3650).optional(),
  outputRetentionDays: z.number().int().min(1).max(3650).default(30),
  /** Folders (absolute paths) the file API may read besides the profile's data directory. */
  allowedRoots: z.array(z.string().refine(isAbsolutePath, 'an allowed root is an absolute path')).default([]),
  /** At most one clarifying question per this many minutes. */
  questionMinIntervalMin: z
    .number()
    .min(1)
    .max(24 * 60)
    .default(20),
  /** Secrets replaced before storage and before any LLM call (docs/privacy.md). */
  redaction: redactionSettingsSchema,
  /** Refuse every LLM endpoint that is not on this machine. Unset: on exactly when no LLM is configured. */
  localOnly: z.boolean().optional(),
  /** The key file of the encrypted store (absolute path; `shadow encrypt --key-file` sets it). */
  storeKeyFile: z.string().refine(isAbsolutePath, 'the key file is an absolute path').optional(),
  llm: z
    .object({
      baseUrl: z.string().url().optional(),
      textModel: z.string().optional(),
      visionModel: z.string().optional(),
      timeoutMs: z.number().int().min(100).max(600_000).default(30_000),
    })
    .default({ timeoutMs: 30_000 }),
  /** One memory across the user's computers, carried by a folder a sync tool replicates (docs/sync.md). */
  sync: z
    .object({
      /** The folder (absolute path) Syncthing or another tool replicates; unset: sync is off. */
      folder: z.string().refine(isAbsolutePath, 'the sync folder is an absolute path').optional(),
      /** This computer's name as the other devices show it; default its host name. */
      deviceName: deviceNameSchema.optional(),
      /** What this device writes to the folder; screen text can stay on this computer. */
      share: z.array(syncShareKindSchema).default([...SYNC_SHARE_KINDS]),
      /** Seconds between exchanges with the folder while the app runs. */
      intervalSec: z.number().int().min(10).max(86_400).default(120),
    })
    .prefault({}),
});
export type Settings = z.infer<typeof settingsSchema>;

/** Loads settings; a missing file gives the defaults, a corrupt one a clear error (the file is left alone). */
export function loadSettings(file: string): Settings {
  if (!existsSync(file)) return settingsSchema.parse({});
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`Settings file ${file} is not valid JSON (${messageOf(error)}). Fix or delete it.`);
  }
  const parsed = settingsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Settings file ${file}: ${issue?.path.join('.') || '(root)'}: ${issue?.message}. Fix or delete it.`);
  }
  return parsed.data;
}

export function saveSettings(file: string, settings: Settings): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.tmp`;
  try {
    writeFileSync(tmp, `${JSON.stringify(settingsSchema.parse(settings), null, 2)}\n`, { mode: 0o600 });
    renameSync(tmp, file);
  } catch (error) {
    rmSync(tmp, { force: true });
    throw error;
  }
}
