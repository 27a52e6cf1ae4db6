import { app, dialog, Notification, powerMonitor, type BrowserWindow } from 'electron';
import { mkdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { resolveProfilePaths } from '../core/config/paths';
import { eventNames } from '../shared/contract/index';
import { startEngine, type RunningEngine } from '../server/start-engine';
import { engineOptionsFrom } from '../server/start-options';
import trayIconPath from '../../build/tray-icon.png?asset';
import trayIconPausedPath from '../../build/tray-icon-paused.png?asset';
import { registerOperationHandlers, sendEvent } from './ipc';
import { parseLaunchOptions, type LaunchOptions } from './launch-options';
import { isLaunchAtLogin, setLaunchAtLogin } from './login-item';
import { createMainWindow, installCspHeader } from './main-window';
import { isTrustedSender } from './policy/ipc-sender';
import type { RendererLocation } from './policy/renderer-location';
import type { TrayAction } from './policy/tray-menu';
import { watchPower } from './power';
import { desktopStoreKey } from './store-key';
import { TrayController } from './tray';

const rendererFile = fileURLToPath(new URL('../renderer/index.html', import.meta.url));
const preloadPath = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
const location: RendererLocation = {
  fileUrl: pathToFileURL(rendererFile).href,
  ...(!app.isPackaged && process.env.ELECTRON_RENDERER_URL && { devServerUrl: process.env.ELECTRON_RENDERER_URL }),
};

let engine: RunningEngine | null = null;
let window: BrowserWindow | null = null;
let tray: TrayController | null = null;
let quitting = false;

function showWindow(): void {
  if (!window || window.isDestroyed()) {
    window = createMainWindow({ location, preloadPath, rendererFile, show: true });
    // A tray app keeps running with its window closed; only Quit ends it.
    window.on('close', (event) => {
      if (quitting) return;
      event.preventDefault();
      window?.hide();
    });
    return;
  }
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}

async function start(options: LaunchOptions): Promise<void> {
  installCspHeader(location);
  const paths = resolveProfilePaths();
  mkdirSync(paths.dir, { recursive: true, mode: 0o700 });
  engine = await startEngine({
    ...engineOptionsFrom(options),
    idleProbe: () => Promise.resolve(powerMonitor.getSystemIdleTime()),
    storeKey: await desktopStoreKey(paths),
  });
  const { core, handlers } = engine;
  registerOperationHandlers(handlers, (event) => isTrustedSender(event.senderFrame, location));

  const autoPause = watchPower(core.observer, () => tray?.refresh());
  tray = new TrayController(
    { active: trayIconPath, paused: trayIconPausedPath },
    () => {
      const { capture, reasons } = core.health.report();
      const [question] = core.memory.questions.list('pending', 1);
      const [worst] = reasons;
      return {
        state: capture.state,
        pausedReason: capture.pausedReason,
        problem: worst ? { message: worst.message, action: worst.action } : null,
        autoPaused: autoPause.isAutoPaused,
        launchAtLogin: isLaunchAtLogin(),
        pendingQuestion: question ? { id: question.id, text: question.text } : null,
      };
    },
    (action: TrayAction) => runTrayAction(action),
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
  if (!options.hidden) showWindow();
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
        setLaunchAtLogin(!isLaunchAtLogin());
      } catch (error) {
        dialog.showErrorBox('Launch at login could not be changed', (error as Error).message);
      }
      break;
    case 'quit':
      app.quit();
      break;
  }
  tray?.refresh();
}

function fail(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  dialog.showErrorBox('Workflow Shadow could not start', message);
  quitting = true;
  app.exit(1);
}

if (!app.requestSingleInstanceLock()) {
  // Another copy is running: it shows its window (see 'second-instance') and this one leaves.
  app.quit();
} else {
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
  app
    .whenReady()
    .then(() => start(parseLaunchOptions(process.argv.slice(app.isPackaged ? 1 : 2))))
    .catch(fail);
}
