import { DiskBudget } from './disk-budget/disk-budget';
import { join } from 'node:path';
import { systemClock, type Clock } from './clock';
import { resolveProfilePaths, type ProfilePaths } from './config/paths';
import { loadSettings, settingsSchema, type Settings } from './config/settings';
import { EventBus } from './events';
import { createLlmClient } from './llm/create-llm-client';
import { resolveLlmConfig } from './llm/llm-config';
import { createOfflineLlmClient } from './llm/offline-llm-client';
import { LLM_OFF, type LlmClient } from './llm/llm-client';
import { createMemory, type Memory } from './memory/create-memory';
import { createOcrService } from './ocr/create-ocr-service';
import type { OcrService } from './ocr/ocr-service';
import type { TextRecognizer } from './ocr/text-recognizer';
import { followInterviewExclusions } from './observe/interview-exclusions';
import { Observer } from './observe/observer';
import type { CaptureSource } from './observe/sources/capture-source';
import type { IdleProbe } from './observe/sources/desktop-source';
import { observedSource } from './observe/sources/observed-source';
import { interviewSeedOf } from './observe/sources/replay-source';
import { isPlainDatabaseFile, openDatabase, type Db } from './store/database';
import { createPrivacy, type Privacy } from './privacy/create-privacy';
import { finishFrameEncryption } from './privacy/encrypt-store';
import { resolveStoreKey, type StoreKey } from './privacy/store-key';
import { ActivityRepository } from './store/repositories/activity-repository';
import { ScreenTextRepository } from './store/repositories/screen-text-repository';
import { DeviceRepository, LOCAL_DEVICE } from './store/repositories/device-repository';
import type { SessionService } from './sessions/session-service';
import { createSessions } from './sessions/create-sessions';
import { RecallEngine } from './recall/recall-engine';
import { createUnderstanding, type Understanding } from './understanding/create-understanding';
import { StoreCaseSource } from './workflows/store-case-source';
import { WorkflowService } from './workflows/workflow-service';
import { WorkflowAnswers } from './workflows/workflow-answers';
import { AppletStore } from './applets/applet-store';
import { ContextSetService } from './context-sets/context-set-service';
import { OutputStore } from './outputs/output-store';
import { FileAccess } from './file-access/file-access';
import { ContextSetRepository } from './store/repositories/context-set-repository';
import { OutputRepository } from './store/repositories/output-repository';
import { CoverageRepository } from './store/repositories/coverage-repository';
import { WritabilityMonitor } from './store/writability-monitor';
import type { EngineHealth } from './health/engine-health';
import { createHealth } from './health/create-health';
import { DEVICE_KEY_FILE, loadDeviceKey } from './sync/device-key';
import { SyncService } from './sync/sync-service';
import { resetReplayedWindow, type ReplayReset } from './replay-reset';
import type { TimeWindow } from './store/repositories/activity-repository';

export interface CoreOptions {
  readonly paths?: ProfilePaths;
  /** Overrides on top of the profile's settings file (CLI flags, tests). */
  readonly settings?: Partial<Settings>;
  /** A recorded day to observe instead of the desktop. */
  readonly replayDir?: string;
  readonly source?: CaptureSource;
  readonly clock?: Clock;
  readonly idleProbe?: IdleProbe;
  /** The LLM to use instead of the one the settings and environment configure (tests). */
  readonly llm?: LlmClient;
  /** Environment for the LLM configuration (OPENAI_API_KEY, OPENAI_BASE_URL) and the store key (SHADOW_DB_KEY…); defaults to process.env. */
  readonly env?: NodeJS.ProcessEnv;
  /** The store key when the caller holds it (Electron's keychain); otherwise it comes from the environment or settings. */
  readonly storeKey?: StoreKey | null;
  /** The OCR engine to use instead of Tesseract (tests that watch what is OCR'd). */
  readonly ocrRecognizer?: TextRecognizer;
  /**
   * `reader`: the core of a process that opens the profile beside the observing app (the CLI's
   * commands, `shadow mcp`). It starts nothing: no memory processing, no OCR, no model calls (replies
   * and summaries are the offline engine's), and its observer is never started, so it never captures.
   * Default `observer`, for the app (`startEngine`), which also runs crash recovery and retention.
   */
  readonly role?: 'observer' | 'reader';
}

/** Everything the surfaces use, wired once. Plain Node: never imports electron. */
export interface ShadowCore {
  readonly paths: ProfilePaths;
  readonly settings: Settings;
  readonly events: EventBus;
  readonly clock: Clock;
  readonly source: CaptureSource;
  readonly activity: ActivityRepository;
  readonly observer: Observer;
  readonly screenText: ScreenTextRepository;
  /** OCR of kept frames into `screenText` (idle when `ocrEnabled` is off). */
  readonly ocr: OcrService;
  readonly llm: LlmClient;
  /** Tasks, theory, summaries, questions, interview, guide and the LLM context of each call (docs/architecture.md, Memory). */
  readonly memory: Memory;
  /** Conversations with the assistant (chat, TOC, titles, search, resume, export). */
  readonly sessions: SessionService;
  /** Questions about the observed day: understanding, retrieval, answers with evidence (src/core/recall/). */
  readonly recall: RecallEngine;
  /** Work items read from titles and screen text, and the work threads they join tasks into (src/core/understanding/). */
  readonly understanding: Understanding;
  /** Workflows across days: discovery, how today differed, the event logs (src/core/workflows/). */
  readonly workflows: WorkflowService;
  /** Context sets of each session (files, tickets, applet, endpoints, ports). */
  readonly contextSets: ContextSetService;
  /** Outputs shown in sessions, referenced from turns by [output:<id>] markers. */
  readonly outputs: OutputStore;
  readonly applets: AppletStore;
  /** The file API: reads inside the allowed roots, writes under the data directory. */
  readonly files: FileAccess;
  /** Redaction, the privacy report, the LLM gate (local-only) and kept frames (docs/privacy.md). */
  readonly privacy: Privacy;
  /** When observation really ran, and why not in the gaps. */
  readonly coverage: CoverageRepository;
  /** Whether the profile can be written (a failing write pauses capture until it can). */
  readonly writability: WritabilityMonitor;
  /** Status and reasons derived from what succeeded (`addProvider` for other features' state). */
  readonly health: EngineHealth;
  /** The size cap and its meter; the observing app runs its pruning (`scheduleDiskBudget`). */
  readonly diskBudget: DiskBudget;
  /** One memory across the user's devices through a synced folder (docs/sync.md); the observing app schedules it. */
  readonly sync: SyncService;
  /** Makes a replay of `window` count once: removes what an earlier replay of it stored (replay-reset.ts). */
  resetReplayedWindow(window: TimeWindow): ReplayReset;
  close(): void;
}

const databases = new WeakMap<ShadowCore, Db>();

/**
 * The database behind a core, for tests and benchmarks that check rows no operation shows. It is not
 * part of the core's face: the surfaces reach the store through the modules above.
 */
export function databaseOf(core: ShadowCore): Db {
  const db = databases.get(core);
  if (!db) throw new Error('databaseOf: this core was not made by createShadowCore');
  return db;
}

export function createShadowCore(options: CoreOptions = {}): ShadowCore {
  const paths = options.paths ?? resolveProfilePaths();
  const settings = settingsSchema.parse({ ...loadSettings(paths.settings), ...options.settings });
  const { source, clock, userClock: conversationClock } = observedSource(options);

  const env = options.env ?? process.env;
  const storeKey = options.storeKey !== undefined ? options.storeKey : resolveStoreKey(env, settings.storeKeyFile);
  const db = openDatabase(paths.database, { key: storeKey?.key ?? null });
  const events = new EventBus();
  const reader = options.role === 'reader';
  const activity = new ActivityRepository(db);
  const privacy = createPrivacy({
    db,
    settings,
    settingsFile: paths.settings,
    databaseFile: paths.database,
    framesDir: join(paths.data, 'frames'),
    storeKey,
    storeEncrypted: storeKey !== null && !isPlainDatabaseFile(paths.database),
    clock,
    llm: options.llm ?? (reader ? createOfflineLlmClient() : createLlmClient(settings, env)),
    llmConfig: options.llm ? null : resolveLlmConfig(settings, env),
    // The privacy report is about what this computer kept out: its own private time only.
    activity: activity.scoped(LOCAL_DEVICE),
  });
  const llm = privacy.llm;
  // Kept screenshots an interrupted `shadow encrypt` left in the clear beside the encrypted store.
  if (!reader) finishFrameEncryption(privacy.frames);
  const screenText = new ScreenTextRepository(db);
  const coverage = new CoverageRepository(db);
  const writability = new WritabilityMonitor({ clock: systemClock, probeWrite: (at) => coverage.probeWrite(at) });
  const observer = new Observer({
    settings,
    source,
    clock,
    activity,
    events,
    keptFrames: privacy.frames,
    privacy: privacy.observer,
    coverage: coverage.sink(source.kind),
    writability,
    // Every reader of frame images; with none on, a screenshot that passes dedup is not encoded.
    imageWanted: () => settings.ocrEnabled || settings.keepScreenshots || settings.mcpAllowImages || llm.visionEnabled,
  });
  followInterviewExclusions({ events, settingsFile: paths.settings, settings, applyExclusions: (rules) => observer.setExclusions(rules) });
  // Memory asks about days that left their usual workflows; the workflows read work items made further down.
  let workflowsOnceMade: WorkflowService | null = null;
  // The summaries tell work threads from the work items, which are read further down.
  let itemsOnceMade: { understanding: Understanding; ocr: { whenIdle(): Promise<void> } } | null = null;
  const memory = createMemory({
    db,
    settings,
    events,
    clock,
    llm,
    activity,
    screenText,
    observer,
    // A demo profile (`profiles/<demo>/day`, or a folder of days) brings its onboarding interview with it.
    interviewSeedFile: options.replayDir ? interviewSeedOf(options.replayDir) : null,
    userClock: conversationClock,
    workflowDeviations: () => workflowsOnceMade?.deviationsToday().deviations ?? [],
    procedures: () => workflowsOnceMade?.procedures() ?? null,
    workItems: {
      refresh: () => itemsOnceMade?.understanding.refresh(),
      settled: async () => {
        await itemsOnceMade?.ocr.whenIdle();
        itemsOnceMade?.understanding.refresh();
      },
    },
  });
  if (!reader) memory.pipeline.start();
  const ocr = createOcrService({
    // createOcrService starts OCR when it is enabled; a reader never does.
    settings: reader ? { ...settings, ocrEnabled: false } : settings,
    repository: screenText,
    events,
    clock,
    sourceKind: source.kind,
    recognizer: options.ocrRecognizer,
    privacy: privacy.ocr,
  });
  const contextSets = new ContextSetService({ repository: new ContextSetRepository(db), events, clock });
  const outputs = new OutputStore({
    repository: new OutputRepository(db),
    clock,
    retentionDays: settings.outputRetentionDays,
    sessionExists: (id) => contextSets.sessionExists(id),
  });
  const applets = new AppletStore(join(paths.data, 'applets'), clock);
  const files = new FileAccess({
    dataDir: paths.data,
    allowedRoots: settings.allowedRoots,
    reservedDirs: ['applets', 'frames'],
  });
  const devices = new DeviceRepository(db);
  const understanding = createUnderstanding({ db, events, activity, screenText, now: () => clock.now(), reader });
  itemsOnceMade = { understanding, ocr };
  const workflows = new WorkflowService({
    cases: new StoreCaseSource({ activity, items: understanding.items, refresh: () => understanding.refresh() }),
    clock,
    redactor: () => privacy.redactor,
    exclusions: () => settings.exclusions,
  });
  workflowsOnceMade = workflows;
  const recall = new RecallEngine({
    store: {
      activity,
      screenText,
      tasks: memory.repositories.tasks,
      summaries: memory.repositories.summaries,
      questions: memory.repositories.questions,
      items: understanding.items,
      interviewAnswers: () => memory.repositories.interview.entries(),
    },
    refresh: () => understanding.refresh(),
    ocrEnabled: settings.ocrEnabled,
    llmStatus: () => llm.status?.() ?? LLM_OFF,
    devices: () => devices.all().map((d) => ({ key: d.key, id: d.id, name: d.name })),
    workflows: new WorkflowAnswers(workflows),
  });
  const sessions = createSessions({
    db,
    activity,
    screenText,
    recall,
    llm,
    clock: conversationClock,
    observedClock: clock,
    events,
    memory,
    observer,
    writability,
    contextSets,
  });

  const diskBudget = new DiskBudget({
    db,
    databaseFile: paths.database,
    dataDir: paths.data,
    framesDir: join(paths.data, 'frames'),
    screenText,
    settings,
    clock,
  });
  const sync = new SyncService({
    db,
    settings,
    settingsFile: paths.settings,
    profileDir: paths.dir,
    clock: systemClock,
    events,
    redactor: () => privacy.redactor,
    // Encrypted with the store key whenever the store is (docs/sync.md, "Devices prove who they are").
    deviceKey: () =>
      loadDeviceKey(join(paths.dir, DEVICE_KEY_FILE), storeKey !== null && !isPlainDatabaseFile(paths.database) ? storeKey.key : null),
  });
  const health = createHealth({ clock, settings, events, observer, writability, ocr, llm, source, diskBudget, sync });

  const core: ShadowCore = {
    paths,
    settings,
    events,
    clock,
    source,
    activity,
    observer,
    llm,
    memory,
    screenText,
    ocr,
    sessions,
    recall,
    understanding,
    workflows,
    contextSets,
    outputs,
    applets,
    files,
    privacy,
    coverage,
    writability,
    health,
    diskBudget,
    sync,
    resetReplayedWindow: (window) =>
      resetReplayedWindow({ db, activity, coverage, screenText, memory: memory.repositories, privacy }, window),
    close() {
      writability.stop();
      observer.stop();
      memory.pipeline.stop();
      understanding.close();
      sessions.close();
      void ocr.close();
      void source.close?.();
      db.close();
    },
  };
  databases.set(core, db);
  return core;
}
