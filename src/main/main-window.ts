import type { AppWindow, MainElectron } from './electron-api';
import { rendererCsp } from './policy/csp';
import { decideNavigation, decideWindowOpen } from './policy/navigation';
import type { RendererLocation } from './policy/renderer-location';

export interface MainWindowOptions {
  readonly location: RendererLocation;
  /** `out/preload/index.cjs`: sandboxed preloads must be CommonJS. */
  readonly preloadPath: string;
  readonly rendererFile: string;
  readonly show: boolean;
}

/** Adds the CSP header to what the dev server sends; the built app carries it in a `<meta>` tag. */
export function installCspHeader(session: MainElectron['session'], location: RendererLocation): void {
  const csp = rendererCsp({ devServerUrl: location.devServerUrl });
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
  });
}

/** The one window: isolated, sandboxed, no Node, and unable to navigate away or open windows. */
export function createMainWindow(electron: Pick<MainElectron, 'BrowserWindow' | 'shell'>, options: MainWindowOptions): AppWindow {
  const window = new electron.BrowserWindow({
    width: 1100,
    height: 760,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'Workflow Shadow',
    autoHideMenuBar: true,
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      spellcheck: false,
    },
  });

  window.webContents.on('will-navigate', (event, url) => {
    const decision = decideNavigation(url, options.location);
    if (decision.action === 'allow') return;
    event.preventDefault();
    if (decision.action === 'open-external') void electron.shell.openExternal(decision.url);
  });
  window.webContents.on('will-attach-webview', (event) => event.preventDefault());
  window.webContents.setWindowOpenHandler(({ url }) => {
    const decision = decideWindowOpen(url);
    if (decision.action === 'open-external') void electron.shell.openExternal(decision.url);
    return { action: 'deny' };
  });

  if (options.show) window.once('ready-to-show', () => window.show());
  if (options.location.devServerUrl) void window.loadURL(options.location.devServerUrl);
  else void window.loadFile(options.rendererFile);
  return window;
}
