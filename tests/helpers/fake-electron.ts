import type {
  AppWindow,
  BrowserWindowConstructorOptions,
  IpcCall,
  MainElectron,
  MenuItemConstructorOptions,
  MessageBoxOptions,
  PowerEvent,
  Preventable,
  TrayIcon,
  TrayImage,
  WindowContents,
} from '../../src/main/electron-api';

/**
 * A fake of the part of Electron the main process uses (src/main/electron-api.ts): it records what main
 * asks of Electron (windows, menus, dialogs, notifications, IPC handlers) and lets a test play the
 * user and the system (a click, a navigation, the screen locking). Plain Node, no Electron binary.
 */

type Listener = (...args: any[]) => unknown;

class Listeners {
  private readonly byEvent = new Map<string, Listener[]>();
  on(event: string, listener: Listener): void {
    this.byEvent.set(event, [...(this.byEvent.get(event) ?? []), listener]);
  }
  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.byEvent.get(event) ?? []) listener(...args);
  }
  count(event: string): number {
    return this.byEvent.get(event)?.length ?? 0;
  }
}

/** An event whose default a listener may prevent, as Electron passes one. */
export function preventable(): Preventable & { prevented: boolean } {
  const event = {
    prevented: false,
    preventDefault: () => {
      event.prevented = true;
    },
  };
  return event;
}

export class FakeContents extends Listeners implements WindowContents {
  readonly sent: { channel: string; message: unknown }[] = [];
  openHandler: ((details: { url: string }) => { action: 'deny' }) | null = null;
  destroyed = false;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void {
    this.openHandler = handler;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  send(channel: string, message: unknown): void {
    this.sent.push({ channel, message });
  }
  /** A navigation the page starts; true when main let it happen. */
  navigate(url: string): boolean {
    const event = preventable();
    this.emit('will-navigate', event, url);
    return !event.prevented;
  }
}

export class FakeWindow extends Listeners implements AppWindow {
  readonly webContents = new FakeContents();
  visible = false;
  minimized = false;
  destroyed = false;
  loaded: { url?: string; file?: string } = {};
  constructor(readonly options: BrowserWindowConstructorOptions) {
    super();
  }
  once(event: string, listener: Listener): void {
    this.on(event, listener);
  }
  show(): void {
    this.visible = true;
    this.minimized = false;
  }
  hide(): void {
    this.visible = false;
  }
  focus(): void {}
  restore(): void {
    this.minimized = false;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  loadURL(url: string): Promise<void> {
    this.loaded = { url };
    return this.rendered();
  }
  loadFile(file: string): Promise<void> {
    this.loaded = { file };
    return this.rendered();
  }
  /** The page painted its first frame, after the load call returned (as Electron reports it). */
  private rendered(): Promise<void> {
    return Promise.resolve().then(() => this.emit('ready-to-show'));
  }
  /** The user closes the window; true when it really closed. */
  close(): boolean {
    const event = preventable();
    this.emit('close', event);
    if (!event.prevented) this.destroyed = true;
    return !event.prevented;
  }
}

export class FakeImage implements TrayImage {
  size: { width: number; height: number } | null = null;
  constructor(readonly path: string) {}
  resize(options: { width: number; height: number }): this {
    this.size = options;
    return this;
  }
}

export class FakeTray implements TrayIcon<FakeImage> {
  menu: MenuItemConstructorOptions[] = [];
  toolTip = '';
  destroyed = false;
  private readonly clicks: (() => void)[] = [];
  constructor(public image: FakeImage) {}
  on(_event: 'click', listener: () => void): void {
    this.clicks.push(listener);
  }
  setContextMenu(menu: unknown): void {
    this.menu = menu as MenuItemConstructorOptions[];
  }
  setToolTip(toolTip: string): void {
    this.toolTip = toolTip;
  }
  setImage(image: FakeImage): void {
    this.image = image;
  }
  destroy(): void {
    this.destroyed = true;
  }
  clickIcon(): void {
    for (const click of this.clicks) click();
  }
  labels(): string[] {
    return this.menu.map((item) => item.label ?? `(${item.type})`);
  }
  /** Chooses the menu item with this label, as the user does. */
  choose(label: string): void {
    const item = this.menu.find((entry) => entry.label === label);
    if (!item?.click) throw new Error(`No menu item "${label}"; the menu has ${this.labels().join(', ')}`);
    if (item.enabled === false) throw new Error(`Menu item "${label}" is disabled`);
    (item.click as () => void)();
  }
}

export interface FakeElectronOptions {
  /** False when another copy already runs. */
  readonly singleInstance?: boolean;
  readonly isPackaged?: boolean;
  /** safeStorage: whether encryption is available, and the backend it names (Linux). */
  readonly keychain?: { available: boolean; backend?: string };
  /** The buttons the user presses in message boxes, in order (index into the box's buttons). */
  readonly answers?: number[];
}

/** The fake: `electron` goes to runDesktopApp (or one module), `record` is what the test reads and drives. */
export function fakeElectron(options: FakeElectronOptions = {}) {
  const appEvents = new Listeners();
  const powerEvents = new Listeners();
  const record = {
    windows: [] as FakeWindow[],
    trays: [] as FakeTray[],
    notifications: [] as { options: { title?: string; body?: string }; shown: boolean; click(): void }[],
    errorBoxes: [] as { title: string; content: string }[],
    messageBoxes: [] as MessageBoxOptions[],
    externalUrls: [] as string[],
    ipcHandlers: new Map<string, (event: IpcCall, input: unknown) => unknown>(),
    headerListeners: [] as ((details: { responseHeaders?: Record<string, string[]> }, callback: (response: object) => void) => void)[],
    quits: 0,
    exitCode: null as number | null,
    loginItem: { openAtLogin: false, args: [] as string[] },
    answers: [...(options.answers ?? [])],
    appEvents,
    powerEvents,
    /** Emits a power event as the system does. */
    power(event: PowerEvent): void {
      powerEvents.emit(event);
    },
    /** Runs an IPC call as a renderer frame at `url` would. */
    invoke(channel: string, input: unknown, frame: { url: string; parent: unknown } | null): unknown {
      const handler = record.ipcHandlers.get(channel);
      if (!handler) throw new Error(`No handler registered for '${channel}'`);
      return handler({ senderFrame: frame }, structuredClone(input));
    },
  };

  const electron: MainElectron<FakeImage> = {
    app: {
      isPackaged: options.isPackaged ?? false,
      requestSingleInstanceLock: () => options.singleInstance ?? true,
      whenReady: () => Promise.resolve(),
      on: (event: string, listener: Listener) => appEvents.on(event, listener),
      quit: () => {
        record.quits++;
        const event = preventable();
        appEvents.emit('before-quit', event);
      },
      exit: (code = 0) => {
        record.exitCode = code;
      },
      getAppPath: () => '/opt/workflow-shadow/app',
      getLoginItemSettings: () => ({ openAtLogin: record.loginItem.openAtLogin }),
      setLoginItemSettings: (settings) => {
        record.loginItem = { openAtLogin: settings.openAtLogin, args: settings.args ?? [] };
      },
    },
    BrowserWindow: class extends FakeWindow {
      constructor(windowOptions: BrowserWindowConstructorOptions) {
        super(windowOptions);
        record.windows.push(this);
      }
    },
    session: { defaultSession: { webRequest: { onHeadersReceived: (listener) => record.headerListeners.push(listener) } } },
    shell: {
      openExternal: (url) => {
        record.externalUrls.push(url);
        return Promise.resolve();
      },
    },
    dialog: {
      showErrorBox: (title, content) => void record.errorBoxes.push({ title, content }),
      showMessageBox: (box) => {
        record.messageBoxes.push(box);
        const response = record.answers.shift();
        if (response === undefined) throw new Error(`The test gave no answer to the dialog "${box.message}"`);
        return Promise.resolve({ response });
      },
    },
    powerMonitor: {
      isOnBatteryPower: () => false,
      getSystemIdleTime: () => 0,
      on: (event: string, listener: Listener) => powerEvents.on(event, listener),
    },
    safeStorage: {
      isEncryptionAvailable: () => options.keychain?.available ?? true,
      getSelectedStorageBackend: () => options.keychain?.backend ?? 'gnome_libsecret',
      // Reversible but not the plain text, so a test sees that what lies on disk is what the keychain sealed.
      encryptString: (text) => Buffer.from(`sealed:${Buffer.from(text).toString('base64')}`),
      decryptString: (sealed) => {
        const text = sealed.toString();
        if (!text.startsWith('sealed:')) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
        return Buffer.from(text.slice('sealed:'.length), 'base64').toString();
      },
    },
    Tray: class extends FakeTray {
      constructor(image: FakeImage) {
        super(image);
        record.trays.push(this);
      }
    },
    Menu: { buildFromTemplate: (template) => template },
    nativeImage: { createFromPath: (path) => new FakeImage(path) },
    Notification: Object.assign(
      class {
        private readonly clicks: (() => void)[] = [];
        private readonly entry;
        constructor(notificationOptions: { title?: string; body?: string }) {
          this.entry = { options: notificationOptions, shown: false, click: () => this.clicks.forEach((click) => click()) };
          record.notifications.push(this.entry);
        }
        on(_event: 'click', listener: () => void): void {
          this.clicks.push(listener);
        }
        show(): void {
          this.entry.shown = true;
        }
      },
      { isSupported: () => true },
    ),
    ipcMain: {
      handle: (channel, listener) => {
        if (record.ipcHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
        record.ipcHandlers.set(channel, listener);
      },
      removeHandler: (channel) => void record.ipcHandlers.delete(channel),
    },
  };
  return { electron, record };
}
