import { z } from 'zod';
import { defineOperation, defineOperations, intParam, localDateSchema } from './define';
import { diskMeterSchema } from './disk-budget';
import { deviceFilterSchema, deviceRefSchema } from './sync';

/**
 * `unavailable`: the app wants to observe but cannot (no display, the focused window cannot be read,
 * nothing can be saved); it goes back to observing by itself when that is over.
 */
export const captureStateSchema = z.enum(['observing', 'paused', 'private', 'idle', 'locked', 'unavailable', 'stopped']);
export type CaptureState = z.infer<typeof captureStateSchema>;

/** `ok`: everything works; `degraded`: observing, but something is missing; `failing`: nothing is being recorded. */
export const healthStatusSchema = z.enum(['ok', 'degraded', 'failing']);
export type HealthStatus = z.infer<typeof healthStatusSchema>;

export const healthReasonSchema = z.object({
  /** Stable, for programs: `no_display`, `storage_unavailable`, `screenshots_failing`, … (docs/api.md lists them). */
  code: z.string(),
  severity: healthStatusSchema.exclude(['ok']),
  /** What is wrong, in words a person understands. */
  message: z.string(),
  /** What to do about it. */
  action: z.string(),
  /** Since when (ISO), when known. */
  since: z.string().nullable(),
});
export type HealthReason = z.infer<typeof healthReasonSchema>;

/** Whether chat and summaries use a language model, which one, and why not (docs/llm.md). */
export const llmStatusSchema = z.object({
  /** `off`: no endpoint configured (offline engine); `checking`: asking the server for its model; `unavailable`: configured but cannot be used. */
  state: z.enum(['off', 'checking', 'ready', 'unavailable']),
  model: z.string().nullable(),
  /** The host calls go to (`127.0.0.1:1234`, `api.openai.com`); null when off. */
  endpointHost: z.string().nullable(),
  /** Why the model cannot be used, or why its last call fell back to the offline engine. */
  lastError: z.string().nullable(),
});
export type LlmStatus = z.infer<typeof llmStatusSchema>;

const probeSchema = z.object({
  lastOkAt: z.string().nullable(),
  lastFailedAt: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  lastError: z.string().nullable(),
});

export const healthSchema = z.object({
  status: healthStatusSchema,
  /** Why the status is not `ok`, worst first; empty when it is. */
  reasons: z.array(healthReasonSchema),
  /** One line for a person: what the app is doing now (the start banner, the window's pill and the tray say it). */
  summary: z.string(),
  version: z.string(),
  profile: z.string(),
  source: z.enum(['desktop', 'replay']),
  capture: z.object({
    state: captureStateSchema,
    /** Why it is not observing (paused, locked, unavailable, stopped); null while it observes. */
    pausedReason: z.string().nullable(),
    workSessionId: z.number().int().nullable(),
    polls: z.number().int(),
    framesCaptured: z.number().int(),
    framesSkipped: z.number().int(),
    /**
     * Of `framesSkipped`, the screenshots not taken at all: the X server or the compositor said too
     * little was drawn since the last one for it to be kept (dedup would drop it).
     */
    screenshotsLeftOut: z.number().int(),
    failures: z.number().int(),
    lastCaptureAt: z.string().nullable(),
    /** The last poll that read the focused window. */
    lastPollAt: z.string().nullable(),
    lastError: z.object({ at: z.string(), message: z.string() }).nullable(),
    /** What each probe did lately: health is derived from these, not from what the loop intends. */
    probes: z.object({ window: probeSchema, idle: probeSchema, screenshot: probeSchema }),
    /**
     * How screenshots are taken: on X11 in-process (`native`; `x11-getimage` over the app's own
     * connection once the display came back after a loss) or by ImageMagick's `import`; on wlroots
     * compositors by the screencopy helper or `grim`; on GNOME and KDE by the compositor (`gnome-shell`,
     * `kwin`). `fallbackReason` says why a fallback is used; null before the first.
     */
    screenshots: z
      .object({
        grabber: z.enum(['native', 'import', 'x11-getimage', 'wlr-screencopy', 'grim', 'gnome-shell', 'kwin']),
        fallbackReason: z.string().nullable(),
      })
      .nullable()
      .optional(),
    /**
     * The desktop observed: the session (`x11`, `wayland`…), the compositor on Wayland (`sway`,
     * `gnome`, `kde`, `other`) and the pieces that cannot be read there (each has a `desktop_*` reason with its fix).
     */
    desktop: z
      .object({
        session: z.enum(['x11', 'wayland', 'none', 'macos', 'windows']),
        compositor: z.enum(['sway', 'gnome', 'kde', 'other']).nullable(),
        missing: z.array(z.enum(['window', 'screenshots', 'idle'])),
      })
      .optional(),
  }),
  llm: llmStatusSchema,
  /** Whether the store is encrypted at rest and where data may go, in plain words (docs/privacy.md). */
  privacy: z.object({
    storeEncrypted: z.boolean(),
    localOnly: z.boolean(),
    dataMayGoTo: z.string(),
    /** Set when something is not protected, e.g. "The store is not encrypted: …". */
    warning: z.string().nullable(),
  }),
  /** The disk meter: what the profile occupies against its size cap (the same as `GET /disk`). */
  disk: diskMeterSchema,
  /** Deprecated: the disk meter under its former name; read `disk`. */
  storage: diskMeterSchema.describe('Deprecated: the same as `disk`.'),
});
export type Health = z.infer<typeof healthSchema>;

export const frameSummarySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  app: z.string(),
  title: z.string(),
  hash: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** The monitor the frame shows (null where the source cannot tell, as in a replay). */
  monitor: z.string().nullable().optional(),
});
export type FrameSummary = z.infer<typeof frameSummarySchema>;

/**
 * What the user is doing now, or was last seen doing, from one record: the latest span of this
 * computer's latest work session and the task it belongs to (`text` says it in one sentence).
 */
export const currentActivitySchema = z.object({
  /** Observation is going on now (else this is what was last seen, and `text` says when it stopped). */
  live: z.boolean(),
  kind: z.enum(['app', 'idle', 'private']).nullable(),
  app: z.string().nullable(),
  title: z.string().nullable(),
  /** The span's start and its last observation (ISO). */
  since: z.string().nullable(),
  lastSeen: z.string().nullable(),
  task: z.object({ name: z.string(), start: z.string(), seconds: z.number() }).nullable(),
  text: z.string(),
});
export type CurrentActivity = z.infer<typeof currentActivitySchema>;

export const immediateContextSchema = z.object({
  currentApp: z.string().nullable(),
  currentWindowTitle: z.string().nullable(),
  state: captureStateSchema,
  lastAppSwitch: z.string().nullable(),
  lastSignificantChange: z
    .object({ at: z.string(), kind: z.enum(['app-switch', 'title-change', 'visual-change']), description: z.string() })
    .nullable(),
  recentFrames: z.array(frameSummarySchema),
  /** The one record "right now" is read from (GET /observation/now; absent in the live event, which is the observer's alone). */
  current: currentActivitySchema.optional(),
});
export type ImmediateContextView = z.infer<typeof immediateContextSchema>;

const secondsRowSchema = z.object({ seconds: z.number() });
export const appTimeSchema = z.object({
  date: z.string().nullable(),
  workSessionId: z.number().int().nullable(),
  totalActiveSeconds: z.number(),
  idleSeconds: z.number(),
  privateSeconds: z.number(),
  apps: z.array(
    secondsRowSchema.extend({
      app: z.string(),
      titles: z.array(secondsRowSchema.extend({ title: z.string() })),
      /** The devices this app's time was spent on (when the profile holds more than one device's work). */
      devices: z.array(deviceRefSchema).optional(),
    }),
  ),
  /** Active time per device, when the profile holds more than one device's work. */
  devices: z.array(deviceRefSchema.extend({ activeSeconds: z.number() })).optional(),
  /** Active time per monitor the focused window was on, when frames said which (several monitors). */
  monitors: z.array(secondsRowSchema.extend({ monitor: z.string() })).optional(),
});
export type AppTime = z.infer<typeof appTimeSchema>;

export const workSessionStatusSchema = z.enum(['active', 'completed', 'interrupted']);
export const workSessionSchema = z.object({
  id: z.number().int(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  status: workSessionStatusSchema,
  source: z.enum(['desktop', 'replay']),
  endReason: z.string().nullable(),
  activeSeconds: z.number(),
  idleSeconds: z.number(),
  privateSeconds: z.number(),
  /** The device it was observed on (when the profile holds more than one device's work). */
  device: deviceRefSchema.optional(),
});
export type WorkSession = z.infer<typeof workSessionSchema>;

const emptyInput = z.object({}).strict();

export const observationOperations = defineOperations({
  health: defineOperation({
    method: 'GET',
    path: '/health',
    summary: 'Capture state, counters and the last capture error.',
    input: emptyInput,
    output: healthSchema,
  }),
  dayInView: defineOperation({
    method: 'GET',
    path: '/day-in-view',
    summary:
      'The local day every surface shows when none is asked for: today, or the replayed day while the latest observation is a replayed recording (`replayed`).',
    input: emptyInput,
    output: z.object({ date: z.string(), replayed: z.boolean() }),
  }),
  observationNow: defineOperation({
    method: 'GET',
    path: '/observation/now',
    summary: 'The immediate context: current app and window, recent frames, last change.',
    input: emptyInput,
    output: immediateContextSchema,
  }),
  appTime: defineOperation({
    method: 'GET',
    path: '/observation/app-time',
    summary: 'App time per app and window title for a local day (default today) or one work session.',
    input: z
      .object({
        date: localDateSchema.optional(),
        workSessionId: intParam(1, Number.MAX_SAFE_INTEGER).optional(),
        device: deviceFilterSchema.optional(),
      })
      .strict()
      .refine((v) => !(v.date && v.workSessionId), 'give either date or workSessionId, not both'),
    output: appTimeSchema,
  }),
  listWorkSessions: defineOperation({
    method: 'GET',
    path: '/work-sessions',
    summary: 'Work sessions, newest first.',
    input: z
      .object({
        limit: intParam(1, 500).default(50),
        date: localDateSchema.optional(),
        device: deviceFilterSchema.optional(),
      })
      .strict(),
    output: z.object({ workSessions: z.array(workSessionSchema) }),
  }),
  pauseCapture: defineOperation({
    method: 'POST',
    path: '/capture/pause',
    summary: 'Pause observation (ends the current work session).',
    input: z.object({ reason: z.string().max(200).optional() }).strict(),
    output: healthSchema.shape.capture,
  }),
  resumeCapture: defineOperation({
    method: 'POST',
    path: '/capture/resume',
    summary: 'Resume observation (starts a new work session).',
    input: emptyInput,
    output: healthSchema.shape.capture,
  }),
});
