/**
 * Where our own renderer lives: the built `index.html` on disk, or the electron-vite dev server
 * during `electron-vite dev`. Navigation, IPC sender checks and CSP all decide against this.
 */
export interface RendererLocation {
  /** `file:///…/out/renderer/index.html` */
  readonly fileUrl: string;
  /** `http://localhost:5173/` while developing; absent in a built app. */
  readonly devServerUrl?: string;
}

function parse(url: string | undefined | null): URL | null {
  if (!url) return null;
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** True for our renderer's document (any hash or query), false for anything else. */
export function isRendererUrl(url: string | undefined | null, location: RendererLocation): boolean {
  const target = parse(url);
  if (!target) return false;
  const dev = parse(location.devServerUrl);
  if (dev) return target.origin === dev.origin && (target.protocol === 'http:' || target.protocol === 'https:');
  const file = parse(location.fileUrl);
  return (
    !!file && target.protocol === 'file:' && file.protocol === 'file:' && target.pathname === file.pathname && target.host === file.host
  );
}
