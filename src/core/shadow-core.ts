import { join } from 'node:path';
import { AppletStore } from './applets/applet-store';
import type { Clock } from './clock';
import { resolveProfilePaths, type ProfilePaths } from './config/paths';
import { loadSettings, settingsSchema, type Settings } from './config/settings';
import { createContextSets } from './context-sets/create-context-sets';
import type { ContextSetService } from './context-sets/context-set-service';
import { createDiskBudget } from './disk-budget/create-disk-budget';
import type { DiskBudget } from './disk-budget/disk-budget';
import { EventBus } from './events';
import { createFileAccess } from './file-access/create-file-access';
import type { FileAccess } from './file-access/file-access';
import { createHealth } from './health/create-health';
import type { EngineHealth } from './health/engine-health';
import { chooseLlm } from './llm/choose-llm';
import type { LlmClient } from './llm/llm-client';
import { createMemory, type Memory } from './memory/create-memory';
import { createOcrService } from './ocr/create-ocr-service';
import type { OcrService } from './ocr/ocr-service';
import type { TextRecognizer } from './ocr/text-recognizer';
import { createObservation } from './observe/create-observation';
import type { Observer } from './observe/observer';
import type { CaptureSource } from './observe/sources/capture-source';
import type { IdleProbe } from './observe/sources/desktop-source';
import { observedSource } from './observe/sources/observed-source';
import { interviewSeedOf } from './observe/sources/replay-source';
import { createOutputs } from './outputs/create-outputs';
import type { OutputStore } from './outputs/output-store';
import { createPrivacy, type Privacy } from './privacy/create-privacy';
import { finishFrameEncryption } from './privacy/encrypt-store';
import { openStore } from './privacy/open-store';
import type { StoreKey } from './privacy/store-key';
import { createRecall } from './recall/create-recall';
import type { RecallEngine } from './recall/recall-engine';
import { resetReplayedWindow, type ReplayReset } from './replay-reset';
import { createSessions } from './sessions/create-sessions';
import type { SessionService } from './sessions/session-service';
import type { Db } from './store/database';
import { ActivityRepository, type TimeWindow } from './store/repositories/activity-repository';
import type { CoverageRepository } from './store/repositories/coverage-repository';
import { ScreenTextRepository } from './store/repositories/screen-text-repository';
import type { WritabilityMonitor } from './store/writability-monitor';
import { createSync } from './sync/create-sync';
import type { SyncService } from './sync/sync-service';
import { createUnderstanding, type Understanding } from './understanding/create-understanding';
import { createWorkflows } from './workflows/create-workflows';
import type { WorkflowService } from './workflows/workflow-service';

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
  const { source, clock, userClock } = observedSource(options);
  const env = options.env ?? process.env;
  const reader = options.role === 'reader';
  const store = openStore(paths.database, { key: options.storeKey, env, keyFile: settings.storeKeyFile });
  const db = store.db;
  const events = new EventBus();
  const activity = new ActivityRepository(db);
  const model = chooseLlm({ override: options.llm, reader, settings, env });
  // Every call of the core goes through the privacy layer's gate around the chosen model.
  const privacy = createPrivacy({ store, paths, settings, clock, activity, ...model });
  const llm = privacy.llm;
  // Kept screenshots an interrupted `shadow encrypt` left in the clear beside the encrypted store.
  if (!reader) finishFrameEncryption(privacy.frames);
  const screenText = new ScreenTextRepository(db);
  // What most areas are built from: each factory takes those its deps name.
  const shared = { db, settings, events, clock, llm, activity, screenText };
  const observation = createObservation({ ...shared, paths, source, privacy });
  const { observer, coverage, writability } = observation;
  // Memory asks about days that left their usual workflows, and its summaries tell work threads from the
  // work items (the final one once the screens still being read are in): all three are made further down.
  let later: { understanding: Understanding; ocr: OcrService; workflows: WorkflowService } | null = null;
  const memory = createMemory({
    ...shared,
    observer,
    // A demo profile (`profiles/<demo>/day`, or a folder of days) brings its onboarding interview with it.
    interviewSeedFile: options.replayDir ? interviewSeedOf(options.replayDir) : null,
    userClock,
    workflowDeviations: () => later?.workflows.deviationsToday().deviations ?? [],
    procedures: () => later?.workflows.procedures() ?? null,
    workItems: {
      refresh: () => later?.understanding.refresh(),
      settled: async () => {
        await later?.ocr.whenIdle();
        later?.understanding.refresh();
      },
    },
  });
  if (!reader) memory.pipeline.start();
  const ocr = createOcrService({
    ...shared,
    repository: screenText,
    sourceKind: source.kind,
    recognizer: options.ocrRecognizer,
    privacy: privacy.ocr,
    reader,
  });
  const contextSets = createContextSets(shared);
  const outputs = createOutputs({ ...shared, sessionExists: (id) => contextSets.sessionExists(id) });
  const applets = new AppletStore(join(paths.data, 'applets'), clock);
  const files = createFileAccess(paths, settings);
  const understanding = createUnderstanding({ ...shared, now: () => clock.now(), reader });
  const workflows = createWorkflows({ ...shared, understanding, privacy });
  later = { understanding, ocr, workflows };
  const recall = createRecall({ ...shared, memory, understanding, workflows });
  // Conversations happen in the user's time; what they ask about, in the observed day's (a replay's).
  const sessions = createSessions({ ...shared, ...observation, recall, memory, contextSets, clock: userClock, observedClock: clock });
  const diskBudget = createDiskBudget({ ...shared, paths });
  const sync = createSync({ store, settings, paths, events, privacy });
  const health = createHealth({ ...shared, ...observation, ocr, source, diskBudget, sync });

  const core: ShadowCore = {
    paths,
    settings,
    events,
    clock,
    source,
    activity,
    ...observation,
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
