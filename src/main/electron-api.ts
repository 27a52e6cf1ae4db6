import type {
  BrowserWindowConstructorOptions,
  HeadersReceivedResponse,
  MenuItemConstructorOptions,
  MessageBoxOptions,
  NotificationConstructorOptions,
  OnHeadersReceivedListenerDetails,
} from 'electron';
import type { SenderFrame } from './policy/ipc-sender';

/**
 * The part of Electron the main process uses, as an interface: `index.ts` hands in the real module,
 * tests a fake, so every main module runs in plain Node without the Electron binary. Only types are
 * imported here; each member is what the code calls, shaped so Electron's own objects fit it.
 */

/** Something that can cancel what an Electron event is about to do. */
export interface Preventable {
  preventDefault(): void;
}

export interface WindowContents {
  on(event: 'will-navigate', listener: (event: Preventable, url: string) => void): void;
  on(event: 'will-attach-webview', listener: (event: Preventable) => void): void;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
  isDestroyed(): boolean;
  send(channel: string, message: unknown): void;
}

export interface AppWindow {
  readonly webContents: WindowContents;
  on(event: 'close', listener: (event: Preventable) => void): void;
  once(event: 'ready-to-show', listener: () => void): void;
  show(): void;
  hide(): void;
  focus(): void;
  restore(): void;
  isMinimized(): boolean;
  isDestroyed(): boolean;
  loadURL(url: string): Promise<void>;
  loadFile(path: string): Promise<void>;
}

export interface DesktopAppModule {
  readonly isPackaged: boolean;
  requestSingleInstanceLock(): boolean;
  whenReady(): Promise<void>;
  on(event: 'second-instance' | 'window-all-closed' | 'activate', listener: () => void): void;
  on(event: 'before-quit', listener: (event: Preventable) => void): void;
  quit(): void;
  exit(code?: number): void;
  getAppPath(): string;
  getLoginItemSettings(): { openAtLogin: boolean };
  setLoginItemSettings(settings: { openAtLogin: boolean; args?: string[] }): void;
}

export type PowerEvent = 'lock-screen' | 'unlock-screen' | 'suspend' | 'resume' | 'on-battery' | 'on-ac';

export interface PowerMonitorModule {
  isOnBatteryPower(): boolean;
  getSystemIdleTime(): number;
  on(event: PowerEvent, listener: () => void): void;
  on(event: 'speed-limit-change', listener: (details: { limit: number }) => void): void;
  on(event: 'thermal-state-change', listener: (details: { state: 'unknown' | 'nominal' | 'fair' | 'serious' | 'critical' }) => void): void;
}

export interface SafeStorageModule {
  isEncryptionAvailable(): boolean;
  getSelectedStorageBackend(): string;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

export interface DialogModule {
  showErrorBox(title: string, content: string): void;
  showMessageBox(options: MessageBoxOptions): Promise<{ response: number }>;
}

/** An icon image: Electron's NativeImage (or a fake's). */
export interface TrayImage {
  resize(options: { width: number; height: number }): this;
}

export interface TrayIcon<Image extends TrayImage = TrayImage> {
  on(event: 'click', listener: () => void): void;
  setContextMenu(menu: unknown): void;
  setToolTip(toolTip: string): void;
  setImage(image: Image): void;
  destroy(): void;
}

export interface DesktopNotification {
  on(event: 'click', listener: () => void): void;
  show(): void;
}

/** An IPC call as main sees it: who sent it (the frame it checks before running anything). */
export interface IpcCall {
  readonly senderFrame: SenderFrame | null;
}

export interface IpcMainModule {
  handle(channel: string, listener: (event: IpcCall, input: unknown) => unknown): void;
  removeHandler(channel: string): void;
}

/** `Image` is the image type the tray takes (Electron's NativeImage), so a fake can bring its own. */
export interface MainElectron<Image extends TrayImage = TrayImage> {
  readonly app: DesktopAppModule;
  readonly BrowserWindow: new (options: BrowserWindowConstructorOptions) => AppWindow;
  readonly session: {
    readonly defaultSession: {
      readonly webRequest: {
        onHeadersReceived(
          listener: (
            details: Pick<OnHeadersReceivedListenerDetails, 'responseHeaders'>,
            callback: (response: HeadersReceivedResponse) => void,
          ) => void,
        ): void;
      };
    };
  };
  readonly shell: { openExternal(url: string): Promise<void> };
  readonly dialog: DialogModule;
  readonly powerMonitor: PowerMonitorModule;
  readonly safeStorage: SafeStorageModule;
  readonly Tray: new (image: Image) => TrayIcon<Image>;
  readonly Menu: { buildFromTemplate(template: MenuItemConstructorOptions[]): unknown };
  readonly nativeImage: { createFromPath(path: string): Image };
  readonly Notification: { new (options: NotificationConstructorOptions): DesktopNotification; isSupported(): boolean };
  readonly ipcMain: IpcMainModule;
}

export type { BrowserWindowConstructorOptions, MenuItemConstructorOptions, MessageBoxOptions };
