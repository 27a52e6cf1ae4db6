import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isPlainDatabaseFile } from '../../src/core/store/database';
import { runDesktopApp } from '../../src/main/desktop-app';
import { rendererCsp } from '../../src/main/policy/csp';
import { EVENT_CHANNEL, operationChannel } from '../../src/preload/bridge-contract';
import { operations } from '../../src/shared/contract/index';
import { fakeElectron, preventable, type FakeTray, type FakeWindow } from '../helpers/fake-electron';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';
import { writeTinyDay } from '../helpers/tiny-day';
import { waitFor } from '../helpers/wait';

/**
 * The desktop app's main process (src/main/desktop-app.ts and the modules it wires) run in plain Node
 * against a fake of Electron (issue 29, point 8): the real engine starts on a replayed day, and the
 * test plays the user (tray menu, window, notification) and the system (screen lock, sleep).
 */

const rendererFile = '/opt/workflow-shadow/out/renderer/index.html';
const rendererUrl = pathToFileURL(rendererFile).href;
const icons = { active: '/icons/tray.png', paused: '/icons/tray-paused.png' };

let home: TempShadowHome;
let day: string;
const saved = { ...process.env };
/** The apps a test started, so each is quit (and its engine stopped) after it. */
const started: { quit: () => void; record: { quits: number } }[] = [];

beforeEach(async () => {
  home = createTempShadowHome('shadow-desktop-');
  process.env.SHADOW_HOME = home.home;
  process.env.SHADOW_PROFILE = 'default';
  process.env.XDG_CONFIG_HOME = join(home.home, 'xdg-config');
  for (const name of ['SHADOW_DB_KEY', 'SHADOW_DB_KEY_FILE', 'APPIMAGE', 'ELECTRON_RENDERER_URL', 'OPENAI_API_KEY', 'OPENAI_BASE_URL']) {
    delete process.env[name];
  }
  mkdirSync(home.paths.dir, { recursive: true, mode: 0o700 });
  writeFileSync(home.paths.settings, JSON.stringify({ ocrEnabled: false }));
  // Long enough, replayed in real time, that the app is still observing while the test drives it.
  day = await writeTinyDay([
    { app: 'Excel', title: 'Ledger.xlsx', seconds: 3600 },
    { app: 'Firefox', title: 'Team wiki', seconds: 3600 },
  ]);
});

afterEach(async () => {
  // Quit runs before-quit, which stops the engine and quits again: the second quit is the app leaving.
  for (const app of started.splice(0)) {
    if (app.record.quits === 0) app.quit();
    await waitFor(() => app.record.quits >= 2, { what: 'the app to stop its engine and quit' });
  }
  process.env = { ...saved };
  home.remove();
});

async function startApp(argv: string[] = [], options: Parameters<typeof fakeElectron>[0] = {}) {
  const { electron, record } = fakeElectron(options);
  const app = runDesktopApp(electron, {
    rendererFile,
    preloadPath: '/opt/workflow-shadow/out/preload/index.cjs',
    trayIcons: icons,
    argv: ['/usr/bin/electron', '/opt/workflow-shadow', '--port=0', `--replay=${day}`, '--speed=1', ...argv],
    platform: 'linux',
  });
  const engine = await app.started;
  if (engine) started.push({ quit: () => electron.app.quit(), record });
  return { electron, record, engine };
}

const trayOf = (record: { trays: FakeTray[] }): FakeTray => {
  expect(record.trays).toHaveLength(1);
  return record.trays[0]!;
};

const onlyWindow = (record: { windows: FakeWindow[] }): FakeWindow => {
  expect(record.windows).toHaveLength(1);
  return record.windows[0]!;
};

describe('the desktop app behind a fake Electron', { timeout: 60_000 }, () => {
  it('opens one isolated, sandboxed window on the built renderer, with the CSP header and its preload', async () => {
    const { record, engine } = await startApp();
    expect(engine).not.toBeNull();
    const window = onlyWindow(record);
    expect(window.options.webPreferences).toMatchObject({
      preload: '/opt/workflow-shadow/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
    });
    expect(window.loaded).toEqual({ file: rendererFile });
    await waitFor(() => window.visible, { what: 'the window shown once it rendered' });

    expect(record.headerListeners).toHaveLength(1);
    let answered: { responseHeaders?: Record<string, string[]> } = {};
    record.headerListeners[0]!({ responseHeaders: { 'X-Served-By': ['vite'] } }, (response) => (answered = response));
    expect(answered.responseHeaders).toEqual({ 'X-Served-By': ['vite'], 'Content-Security-Policy': [rendererCsp()] });
  });

  it('starts hidden in the tray with --hidden, and the tray icon opens the window', async () => {
    const { record } = await startApp(['--hidden']);
    expect(record.windows).toHaveLength(0);
    trayOf(record).clickIcon();
    await waitFor(() => onlyWindow(record).visible, { what: 'the window shown once it rendered' });
  });

  it('keeps the window on the renderer: web links go to the browser, everything else is refused', async () => {
    const { record } = await startApp();
    const contents = onlyWindow(record).webContents;
    expect(contents.navigate(`${rendererUrl}#/today`)).toBe(true);
    expect(contents.navigate('https://example.com/docs?q=1')).toBe(false);
    expect(contents.navigate('file:///etc/passwd')).toBe(false);
    expect(contents.navigate('javascript:alert(1)')).toBe(false);
    expect(contents.openHandler!({ url: 'https://example.org/' })).toEqual({ action: 'deny' });
    expect(contents.openHandler!({ url: 'file:///home/someone/secret.txt' })).toEqual({ action: 'deny' });
    expect(record.externalUrls).toEqual(['https://example.com/docs?q=1', 'https://example.org/']);
    const webview = preventable();
    contents.emit('will-attach-webview', webview);
    expect(webview.prevented).toBe(true);
  });

  it('answers IPC from its own renderer only, and forwards the core events to the window', async () => {
    const { record, engine } = await startApp();
    expect([...record.ipcHandlers.keys()].sort()).toEqual(
      Object.values(operations)
        .map((op) => operationChannel(op.name))
        .sort(),
    );
    const channel = operationChannel(operations.pauseCapture.name);
    await expect(record.invoke(channel, { reason: 'lunch' }, { url: 'https://example.com/', parent: null })).resolves.toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(engine!.core.observer.health().state).not.toBe('paused');
    await expect(record.invoke(channel, { reason: 'lunch' }, { url: rendererUrl, parent: null })).resolves.toMatchObject({
      ok: true,
      data: { state: 'paused', pausedReason: 'lunch' },
    });
    const sent = onlyWindow(record).webContents.sent;
    await waitFor(() => sent.find((m) => m.channel === EVENT_CHANNEL && (m.message as { name: string }).name === 'capture:state-changed'), {
      what: 'the capture:state-changed event sent to the window',
    });
  });

  it('pauses by itself while the screen is locked or the computer sleeps, and resumes after', async () => {
    const { record, engine } = await startApp();
    const observer = engine!.core.observer;
    const tray = trayOf(record);
    await waitFor(() => observer.health().state === 'observing', { what: 'the replay observing' });

    record.power('lock-screen');
    expect(observer.health()).toMatchObject({ state: 'locked', pausedReason: 'paused automatically: the screen is locked' });
    expect(tray.toolTip).toContain('resumes by itself');
    expect(tray.image.path).toBe(icons.paused);
    expect(tray.labels()).toContain('Resume now');
    record.power('suspend');
    record.power('unlock-screen');
    expect(observer.health().state).toBe('locked');
    record.power('resume');
    expect(observer.health().state).toBe('observing');
    expect(tray.image.path).toBe(icons.active);

    // A pause by hand is the user's: unlocking never resumes it.
    tray.choose('Pause observing');
    record.power('lock-screen');
    record.power('unlock-screen');
    expect(observer.health()).toMatchObject({ state: 'paused', pausedReason: 'paused from the tray' });
  });

  it('runs each tray menu action: pause, resume, open, launch at login, snooze a question, quit', async () => {
    const { record, engine } = await startApp(['--hidden']);
    const core = engine!.core;
    const tray = trayOf(record);
    await waitFor(() => core.observer.health().state === 'observing', { what: 'the replay observing' });

    tray.choose('Pause observing');
    expect(core.observer.health()).toMatchObject({ state: 'paused', pausedReason: 'paused from the tray' });
    expect(tray.toolTip).toBe('Workflow Shadow — paused (paused from the tray); choose Resume to observe again');
    tray.choose('Resume observing');
    expect(core.observer.health().state).toBe('observing');

    tray.choose('Open Workflow Shadow');
    const window = onlyWindow(record);
    await waitFor(() => window.visible, { what: 'the window shown once it rendered' });
    // Closing keeps the app in the tray; the menu brings the same window back.
    expect(window.close()).toBe(false);
    expect(window.visible).toBe(false);
    tray.choose('Open Workflow Shadow');
    expect(onlyWindow(record).visible).toBe(true);

    const autostart = join(process.env.XDG_CONFIG_HOME!, 'autostart', 'workflow-shadow.desktop');
    expect(tray.menu.find((item) => item.label === 'Launch at login')?.checked).toBe(false);
    tray.choose('Launch at login');
    expect(readFileSync(autostart, 'utf8')).toContain(`Exec=${process.execPath} /opt/workflow-shadow/app --hidden`);
    expect(tray.menu.find((item) => item.label === 'Launch at login')?.checked).toBe(true);
    tray.choose('Launch at login');
    expect(existsSync(autostart)).toBe(false);
    // An entry that cannot be written (a folder stands where it goes): the user is told, nothing crashes.
    mkdirSync(autostart);
    tray.choose('Launch at login');
    expect(record.errorBoxes).toEqual([{ title: 'Launch at login could not be changed', content: expect.stringContaining(autostart) }]);

    const question = core.memory.repositories.questions.insert({
      workSessionId: null,
      askedAt: core.clock.now(),
      text: 'Was the ledger work for the quarterly close?',
      normalized: 'was the ledger work for the quarterly close',
      trigger: 'test',
      subject: 'ledger',
      engine: 'offline',
    });
    core.events.emit('question:asked', {
      id: question.id,
      workSessionId: null,
      at: question.askedAt,
      text: question.text,
      trigger: 'test',
    });
    expect(tray.labels()).toContain('Question: Was the ledger work for the quarterly close?');
    expect(record.notifications).toMatchObject([
      { options: { title: 'Workflow Shadow has a question', body: question.text }, shown: true },
    ]);
    window.close();
    record.notifications[0]!.click();
    expect(window.visible).toBe(true);
    tray.choose('Ask me later');
    expect(core.memory.questions.list('pending', 5)).toEqual([]);
    expect(tray.labels().some((label) => label.startsWith('Question:'))).toBe(false);

    tray.choose('Quit Workflow Shadow');
    await waitFor(() => record.quits >= 2, { what: 'the app to quit once its engine stopped' });
    expect(tray.destroyed).toBe(true);
    expect(existsSync(join(home.paths.dir, 'runtime.json'))).toBe(false);
    // Quitting lets the window close for good.
    expect(window.close()).toBe(true);
  });

  it('creates the store key in the keychain for a new profile, so the database is encrypted', async () => {
    const { engine } = await startApp(['--hidden']);
    expect(engine).not.toBeNull();
    expect(isPlainDatabaseFile(home.paths.database)).toBe(false);
    expect(readFileSync(join(home.paths.dir, 'store-key.sealed'), 'utf8')).toMatch(/^sealed:/);
  });

  it('leaves when another copy runs, and says why it could not start otherwise', async () => {
    const second = await startApp([], { singleInstance: false });
    expect(second.engine).toBeNull();
    expect(second.record.quits).toBe(1);
    expect(second.record.windows).toHaveLength(0);
    expect(second.record.ipcHandlers.size).toBe(0);

    const broken = await startApp(['--port=not-a-port']);
    expect(broken.engine).toBeNull();
    expect(broken.record.errorBoxes).toEqual([
      { title: 'Workflow Shadow could not start', content: expect.stringMatching(/^Invalid option --port: .*shadow start --help/) },
    ]);
    expect(broken.record.exitCode).toBe(1);
  });
});
