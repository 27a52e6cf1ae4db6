import { createHandlers, type Handlers } from '../core/api/handlers';
import { loadOrCreateApiToken } from '../core/config/api-token';
import { acquireInstanceLock } from '../core/config/instance-lock';
import { resolveProfilePaths } from '../core/config/paths';
import { ManualClock } from '../core/clock';
import { runReplay, startCaptureLoop } from '../core/observe/capture-loop';
import type { ReplaySource } from '../core/observe/sources/replay-source';
import { scheduleRetention } from '../core/retention';
import { scheduleDiskBudget } from '../core/disk-budget/disk-budget';
import { createShadowCore, type CoreOptions, type ShadowCore } from '../core/shadow-core';
import { accessSync, chmodSync, constants, mkdirSync } from 'node:fs';
import { removeRuntimeInfo, writeRuntimeInfo } from '../core/config/runtime-info';
import { startHttpServer, type RunningHttpServer } from './http/http-server';
import { storageProblemMessage, storageProblemOf } from '../core/store/storage-failure';
import { scheduleSync } from '../core/sync/sync-scheduler';
import { messageOf } from '../core/util/message-of';

export interface EngineOptions extends Omit<CoreOptions, 'paths'> {
  readonly port: number;
  /** Replay speed: 0 = as fast as possible, N = N times real time. */
  readonly replaySpeed?: number;
  readonly onReplayFinished?: () => void;
}

export interface RunningEngine {
  readonly core: ShadowCore;
  readonly handlers: Handlers;
  readonly http: RunningHttpServer;
  readonly token: string;
  readonly tokenFile: string;
  /** Resolves when a replay has played to its end (never for the desktop). */
  readonly replayDone: Promise<void>;
  stop(): Promise<void>;
}

/** Starts the core, the capture loop (or a replay) and the HTTP API: used by `shadow start` and Electron. */
export async function startEngine(options: EngineOptions): Promise<RunningEngine> {
  const paths = resolveProfilePaths();
  mkdirSync(paths.dir, { recursive: true, mode: 0o700 });
  keepFolderPrivate(paths.dir);
  const releaseLock = acquireInstanceLock(paths.dir);
  let core: ShadowCore | undefined;
  try {
    core = openCore(options, paths);
    const running = core;
    // The app tries failed writes again by itself; while the profile cannot be written it still starts,
    // serves what it has and says in health why nothing is saved.
    running.writability.startProbing();
    const writing = (write: () => unknown): void => {
      try {
        write();
      } catch (error) {
        if (!running.writability.failed(error)) throw error;
      }
    };
    if (running.source.kind === 'replay') {
      // A day replayed again replaces what its earlier replay stored, so it counts once.
      const replay = running.source as ReplaySource;
      writing(() => running.resetReplayedWindow({ startMs: replay.startMs, endMs: replay.endMs }));
    }
    // Crash recovery belongs to the observing app only: read-only processes (`shadow mcp`, the CLI) open
    // the same database while the app runs and must not touch its live rows.
    writing(() => running.activity.closeInterruptedWorkSessions());
    writing(() => running.sessions.recoverInterrupted());
    const stopRetention = scheduleRetention(running);
    const stopDiskBudget = scheduleDiskBudget(running.diskBudget);
    // Exchanges with the sync folder (docs/sync.md): the observing app only, like retention.
    const stopSync = scheduleSync(running.sync);
    const handlers = createHandlers(running);
    const token = loadOrCreateApiToken(paths.apiToken);
    const http = await startHttpServer({ core: running, handlers, token, port: options.port });
    writing(() => writeRuntimeInfo(paths, { pid: process.pid, port: http.port, startedAt: new Date().toISOString() }));
    running.observer.start();
    // With an endpoint and no model, ask the server for its model now, so health and the banner say it.
    void running.llm.prepare?.();

    const abort = new AbortController();
    let stopLoop = (): void => abort.abort();
    let replayDone: Promise<void> = new Promise(() => {});
    if (running.source.kind === 'replay') {
      replayDone = runReplay(running.observer, running.source as ReplaySource, running.clock as ManualClock, {
        pollIntervalMs: running.settings.pollIntervalMs,
        speed: options.replaySpeed ?? 0,
        signal: abort.signal,
      }).then(() => {
        if (abort.signal.aborted) return;
        running.observer.stop('the recorded day ended');
        options.onReplayFinished?.();
      });
    } else {
      // The first poll is awaited so the engine starts saying what it really does (a missing display shows at once).
      await running.observer.tick();
      stopLoop = startCaptureLoop(running.observer, running.settings.pollIntervalMs);
    }

    let stopped = false;
    return {
      core: running,
      handlers,
      http,
      token,
      tokenFile: paths.apiToken,
      replayDone,
      async stop() {
        if (stopped) return;
        stopped = true;
        stopLoop();
        stopRetention();
        stopDiskBudget();
        await http.close();
        writing(() => running.sessions.pauseOpenSessions());
        // The work session ends before the last exchange, so the other devices get its end too.
        running.observer.stop();
        await stopSync();
        running.close();
        writing(() => removeRuntimeInfo(paths));
        releaseLock();
      },
    };
  } catch (error) {
    core?.close();
    releaseLock();
    throw error;
  }
}

/** The core, or an error that says in words why the profile's database cannot be opened. */
function openCore(options: EngineOptions, paths: ReturnType<typeof resolveProfilePaths>): ShadowCore {
  try {
    return createShadowCore({ ...options, paths });
  } catch (error) {
    const found = storageProblemOf(error);
    if (!found) throw error;
    // SQLite says only "unable to open": a folder that cannot be written is the usual cause, and says so.
    const problem = found === 'io_error' && !isWritable(paths.dir) ? 'read_only' : found;
    throw new Error(`Cannot open the database in ${paths.dir}: ${storageProblemMessage(problem)} (${messageOf(error)})`);
  }
}

function isWritable(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** The profile folder is the user's only (0700), also when an older build made it readable to others. */
function keepFolderPrivate(dir: string): void {
  try {
    chmodSync(dir, 0o700);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EROFS') throw error;
  }
}
