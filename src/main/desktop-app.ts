import { mkdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { resolveProfilePaths } from '../core/config/paths';
import { eventNames } from '../shared/contract/index';
import { startEngine, type RunningEngine } from '../server/start-engine';
import { engineOptionsFrom } from '../server/start-options';
import type { AppWindow, MainElectron, TrayImage } from './electron-api';
import { registerOperationHandlers, sendEvent } from './ipc';
import { parseLaunchOptions, type LaunchOptions } from './launch-options';
import { loginItem } from './login-item';
import { createMainWindow, installCspHeader } from './main-window';
import { isTrustedSender } from './policy/ipc-sender';
import type { RendererLocation } from './policy/renderer-location';
import type { TrayAction } from './policy/tray-menu';
import { watchPower } from './power';
import { desktopStoreKey } from './store-key';
import { TrayController, type TrayIcons } from './tray';
import { messageOf } from '../core/util/message-of';

export interface DesktopAppOptions {
  /** `out/renderer/index.html` and `out/preload/index.cjs`, where the build put them. */
  readonly rendererFile: string;
  readonly preloadPath: string;
  readonly trayIcons: TrayIcons;
  /** Electron's argv: the flags `shadow start` passed on follow the app (and, unpackaged, its path). */
  readonly argv: readonly string[];
  /** The system it runs on (tray icon size, launch at login, keychain backend); tests name one. */
  readonly platform?: NodeJS.Platform;
}

export interface DesktopApp {
  /**
   * The running engine once the window and the tray are up; null when another copy was running (this
   * one quits) or starting failed (the user was told, and the app exits).
   */
  readonly started: Promise<RunningEngine | null>;
}

/**
 * The desktop app: a tray app over the engine, with one window. Everything Electron is reached
 * through `electron` (the real module in index.ts, a fake in tests).
 */
export function runDesktopApp<Image extends TrayImage>(electron: MainElectron<Image>, options: DesktopAppOptions): DesktopApp {
  const { app, dialog, Notification } = electron;
  // The engine finds its profile in process.env (SHADOW_HOME, SHADOW_PROFILE): the app reads the same.
  const env = process.env;
  const platform = options.platform ?? process.platform;
  const location: RendererLocation = {
    fileUrl: pathToFileURL(options.rendererFile).href,
    ...(!app.isPackaged && env.ELECTRON_RENDERER_URL && { devServerUrl: env.ELECTRON_RENDERER_URL }),
  };
  const launchAtLogin = loginItem({ app, platform, env });

  let engine: RunningEngine | null = null;
  let window: AppWindow | null = null;
  let tray: TrayController<Image> | null = null;
  let quitting = false;

  function showWindow(): void {
    if (!window || window.isDestroyed()) {
      const created = createMainWindow(electron, {
        location,
        preloadPath: options.preloadPath,
        rendererFile: options.rendererFile,
        show: true,
      });
      // A tray app keeps running with its window closed; only Quit ends it.
      created.on('close', (event) => {
        if (quitting) return;
        event.preventDefault();
        created.hide();
      });
      window = created;
      return;
    }
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  }

  /** A desktop notification for a new question; clicking it opens the window where it can be answered. */
  function announceQuestion(text: string): void {
    if (!Notification.isSupported()) return;
    const notification = new Notification({ title: 'Workflow Shadow has a question', body: text, silent: true });
    notification.on('click', () => showWindow());
    notification.show();
  }

  function runTrayAction(action: TrayAction): void {
    const core = engine?.core;
    const observer = core?.observer;
    switch (action) {
      case 'pause':
        observer?.pause('paused from the tray');
        break;
      case 'resume':
        observer?.resume();
        break;
      case 'open-window':
        showWindow();
        break;
      case 'snooze-question': {
        const [question] = core?.memory.questions.list('pending', 1) ?? [];
        if (question) core?.memory.questions.snooze(question.id, 60);
        break;
      }
      case 'toggle-launch-at-login':
        try {
          launchAtLogin.setEnabled(!launchAtLogin.isEnabled());
        } catch (error) {
          dialog.showErrorBox('Launch at login could not be changed', messageOf(error));
        }
        break;
      case 'quit':
        app.quit();
        break;
    }
    tray?.refresh();
  }

  async function start(launch: LaunchOptions): Promise<RunningEngine> {
    installCspHeader(electron.session, location);
    const paths = resolveProfilePaths(env);
    mkdirSync(paths.dir, { recursive: true, mode: 0o700 });
    const running = await startEngine({
      ...engineOptionsFrom(launch),
      idleProbe: () => Promise.resolve(electron.powerMonitor.getSystemIdleTime()),
      storeKey: await desktopStoreKey({ safeStorage: electron.safeStorage, dialog, platform, env }, paths),
    });
    engine = running;
    const { core, handlers } = running;
    registerOperationHandlers(electron.ipcMain, handlers, (event) => isTrustedSender(event.senderFrame, location));

    const autoPause = watchPower(electron.powerMonitor, core.observer, () => tray?.refresh());
    tray = new TrayController(
      electron,
      options.trayIcons,
      () => {
        const { capture, reasons } = core.health.report();
        const [question] = core.memory.questions.list('pending', 1);
        const [worst] = reasons;
        return {
          state: capture.state,
          pausedReason: capture.pausedReason,
          problem: worst ? { message: worst.message, action: worst.action } : null,
          autoPaused: autoPause.isAutoPaused,
          launchAtLogin: launchAtLogin.isEnabled(),
          pendingQuestion: question ? { id: question.id, text: question.text } : null,
        };
      },
      runTrayAction,
      platform,
    );
    core.events.on('capture:state-changed', () => tray?.refresh());
    core.events.on('capture:error', () => tray?.refresh());
    core.events.on('context:session-updated', () => tray?.refresh());
    core.events.on('question:asked', (question) => {
      tray?.refresh();
      announceQuestion(question.text);
    });
    for (const name of eventNames) {
      core.events.on(name, (payload) => {
        if (window && !window.isDestroyed()) sendEvent(window.webContents, name, payload);
      });
    }
    if (!launch.hidden) showWindow();
    return running;
  }

  function fail(error: unknown): null {
    const message = messageOf(error);
    dialog.showErrorBox('Workflow Shadow could not start', message);
    quitting = true;
    app.exit(1);
    return null;
  }

  if (!app.requestSingleInstanceLock()) {
    // Another copy is running: it shows its window (see 'second-instance') and this one leaves.
    app.quit();
    return { started: Promise.resolve(null) };
  }
  app.on('second-instance', () => showWindow());
  app.on('window-all-closed', () => {
    // Stay in the tray.
  });
  app.on('activate', () => showWindow());
  app.on('before-quit', (event) => {
    quitting = true;
    if (!engine) return;
    event.preventDefault();
    const stopping = engine;
    engine = null;
    tray?.destroy();
    void stopping.stop().finally(() => app.quit());
  });
  const started = app
    .whenReady()
    .then(() => start(parseLaunchOptions(options.argv.slice(app.isPackaged ? 1 : 2))))
    .catch(fail);
  return { started };
}
