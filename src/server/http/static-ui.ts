import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { packageRoot } from '../../core/package-root';

/**
 * Web mode: the built renderer (`out/renderer`) served at `/` by the local HTTP server, so the
 * same UI runs in any browser and in the end-to-end tests. Static files need no token; the page
 * reads it from `#token=…` and sends it to the API, which still requires it.
 */

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** Same policy as the page's own <meta> tag, plus what only a header can say (framing). */
export const WEB_UI_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Where the built UI may be: `SHADOW_UI_DIR`, else what `npm run build` wrote (also inside the packaged app). */
function candidateDirs(): string[] {
  const fromEnv = process.env.SHADOW_UI_DIR ? [resolve(process.env.SHADOW_UI_DIR)] : [];
  return [...fromEnv, join(packageRoot, 'out', 'renderer')];
}

/** The folder holding the built UI's index.html, or null when `npm run build` has not run. */
export function locateUiDir(): string | null {
  return candidateDirs().find((dir) => existsSync(join(dir, 'index.html'))) ?? null;
}

/** Maps a URL path to a file inside `root`, or null for anything that would leave it. */
export function resolveUiFile(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const relative = decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
  const base = resolve(root);
  const file = resolve(base, relative);
  if (file !== base && !file.startsWith(base + sep)) return null;
  return file;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * Answers a GET/HEAD for the UI. Returns false when there is nothing to serve (the caller answers
 * 404), e.g. before the renderer is built.
 */
export function serveStaticUi(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const root = locateUiDir();
  if (!root) return false;
  let file = resolveUiFile(root, pathname);
  if (!file) return false;
  // Paths without an extension are the app's own routes: they get the page itself.
  if (!isFile(file)) {
    if (extname(pathname) !== '') return false;
    file = join(root, 'index.html');
  }
  const body = readFileSync(file);
  const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  const hashedAsset = /[.-][A-Za-z0-9_-]{8,}\.(js|css|png|svg|woff2?)$/.test(file) && !file.endsWith('.html');
  res.writeHead(200, {
    'content-type': type,
    'content-length': body.length,
    'content-security-policy': WEB_UI_CSP,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cache-control': hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}
