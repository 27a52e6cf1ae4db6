/** Content-Security-Policy of the renderer, as a `<meta>` tag (file:// has no headers) and a header. */
export interface CspOptions {
  /** The Vite dev server: its inline preamble and HMR websocket need to be allowed while developing. */
  readonly devServerUrl?: string;
}

export function rendererCsp(options: CspOptions = {}): string {
  const dev = options.devServerUrl ? new URL(options.devServerUrl) : null;
  const devSocket = dev ? `ws://${dev.host}` : '';
  const directives: Record<string, string> = {
    'default-src': "'none'",
    'script-src': dev ? "'self' 'unsafe-inline'" : "'self'",
    'style-src': "'self'",
    'img-src': "'self' data:",
    'font-src': "'self'",
    // 'self' is the local API in web mode; inside Electron all calls go through the preload.
    'connect-src': ["'self'", devSocket].filter(Boolean).join(' '),
    'base-uri': "'none'",
    'form-action': "'none'",
    'object-src': "'none'",
  };
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}
