import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

/** Only loopback host names are accepted, which defeats DNS rebinding from a web page. */
export function isAllowedHost(hostHeader: string | undefined, port: number): boolean {
  if (!hostHeader) return false;
  return LOOPBACK_HOSTS.some((h) => hostHeader === `${h}:${port}` || (port === 80 && hostHeader === h));
}

/** Browsers send Origin on cross-site requests; only our own origin may call the API. */
export function isAllowedOrigin(origin: string | undefined, port: number): boolean {
  if (origin === undefined) return true;
  return LOOPBACK_HOSTS.some((h) => origin === `http://${h}:${port}`);
}

export function bearerToken(headers: IncomingHttpHeaders): string | null {
  const header = headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

export function tokensMatch(given: string | null, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
