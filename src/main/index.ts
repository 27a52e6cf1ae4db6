import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  nativeImage,
  Notification,
  powerMonitor,
  safeStorage,
  session,
  shell,
  Tray,
  type NativeImage,
} from 'electron';
import { fileURLToPath } from 'node:url';
import trayIconPath from '../../build/tray-icon.png?asset';
import trayIconPausedPath from '../../build/tray-icon-paused.png?asset';
import { runDesktopApp } from './desktop-app';

/**
 * The Electron entry: the one module of main that imports Electron's values. Everything else takes
 * them through the MainElectron interface (electron-api.ts), so it runs in tests without the binary.
 */
runDesktopApp<NativeImage>(
  { app, BrowserWindow, dialog, ipcMain, Menu, nativeImage, Notification, powerMonitor, safeStorage, session, shell, Tray },
  {
    rendererFile: fileURLToPath(new URL('../renderer/index.html', import.meta.url)),
    preloadPath: fileURLToPath(new URL('../preload/index.cjs', import.meta.url)),
    trayIcons: { active: trayIconPath, paused: trayIconPausedPath },
    argv: process.argv,
  },
);
