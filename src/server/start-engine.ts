import { createHandlers, type Handlers } from '../core/api/handlers';
import { loadOrCreateApiToken } from '../core/config/api-token';
import { acquireInstanceLock } from '../core/config/instance-lock';
import { resolveProfilePaths } from '../core/config/paths';
import { ManualClock } from '../core/clock';
import { runReplay, startCaptureLoop } from '../core/observe/capture-loop';
import type { ReplaySource } from '../core/observe/sources/replay-source';
import { scheduleRetention } from '../core/retention';
import { scheduleStorageBudget } from '../core/storage-budget/storage-budget';
import { createShadowCore, type CoreOptions, type ShadowCore } from '../core/shadow-core';
import { mkdirSync } from 'node:fs';
import { removeRuntimeInfo, writeRuntimeInfo } from '../core/config/runtime-info';
import { startHttpServer, type RunningHttpServer } from './http/http-server';

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
  const releaseLock = acquireInstanceLock(paths.dir);
  let core: ShadowCore | undefined;
  try {
    core = createShadowCore({ ...options, paths });
    // Crash recovery belongs to the observing app only: read-only processes (`shadow mcp`, the CLI) open
    // the same database while the app runs and must not touch its live rows.
    core.activity.closeInterruptedWorkSessions();
    core.sessions.recoverInterrupted();
    const stopRetention = scheduleRetention(core);
    const stopStorageBudget = scheduleStorageBudget(core.storage);
    const handlers = createHandlers(core);
    const token = loadOrCreateApiToken(paths.apiToken);
    const http = await startHttpServer({ core, handlers, token, port: options.port });
    writeRuntimeInfo(paths, { pid: process.pid, port: http.port, startedAt: new Date().toISOString() });
    const running = core;
    running.observer.start();

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
        stopStorageBudget();
        await http.close();
        running.sessions.pauseOpenSessions();
        running.close();
        removeRuntimeInfo(paths);
        releaseLock();
      },
    };
  } catch (error) {
    core?.close();
    releaseLock();
    throw error;
  }
}
