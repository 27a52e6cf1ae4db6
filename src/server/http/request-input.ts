import type { IncomingMessage } from 'node:http';
import { DomainError } from '../../core/errors';

/**
 * What the HTTP adapter reads off the wire before the contract sees it: path segments and the query
 * string, each percent-decoded exactly once. A malformed escape (`%ff`, `%2`) or a NUL is refused here
 * as bad input, never passed on to fail deeper as a server error.
 */

const badRequest = (code: 'malformed_escape' | 'nul_character', message: string): DomainError => new DomainError('invalid', code, message);

/** One percent-decoded component; `where` names it in the message (`the path`, `query parameter "q"`). */
export function decodeComponent(raw: string, where: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    throw badRequest('malformed_escape', `${where} has a malformed percent-escape; encode "%" as %25 and text as UTF-8.`);
  }
  if (decoded.includes('\0')) throw badRequest('nul_character', `${where} contains a NUL character (%00), which no input accepts.`);
  return decoded;
}

/** The query string as name → value (the last of a repeated name wins), `+` read as a space. */
export function parseQuery(search: string): Record<string, string> {
  const query: Record<string, string> = {};
  for (const pair of search.replace(/^\?/, '').split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawName = eq < 0 ? pair : pair.slice(0, eq);
    const rawValue = eq < 0 ? '' : pair.slice(eq + 1);
    const name = decodeComponent(rawName.replace(/\+/g, ' '), 'A query parameter name');
    query[name] = decodeComponent(rawValue.replace(/\+/g, ' '), `Query parameter "${name}"`);
  }
  return query;
}

/** Whether the request carries a body (a length over 0, or chunks). */
function hasBody(req: IncomingMessage): boolean {
  if (req.headers['transfer-encoding']) return true;
  const length = Number(req.headers['content-length'] ?? 0);
  return Number.isFinite(length) && length > 0;
}

/** `application/json` or any `…+json` type, parameters (charset) aside. */
export function isJsonMediaType(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || /^application\/[\w.-]+\+json$/.test(type);
}

/**
 * Why a request's body may not be read as JSON (it is not declared JSON), or null when it may. A form or
 * `text/plain` body is exactly what a page on another site can send without asking, so it is refused
 * rather than parsed; an empty body needs no type.
 */
export function unsupportedBodyType(req: IncomingMessage): string | null {
  if (!hasBody(req) || isJsonMediaType(req.headers['content-type'])) return null;
  const given = req.headers['content-type'] ? `"${req.headers['content-type']}"` : 'no Content-Type';
  return `The request body must be JSON sent with "Content-Type: application/json" (got ${given}).`;
}

interface MediaRange {
  readonly type: string;
  readonly q: number;
}

function mediaRanges(accept: string): MediaRange[] {
  return accept
    .split(',')
    .map((part) => {
      const [type = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
      const qParam = params.find((p) => p.startsWith('q='));
      const q = qParam === undefined ? 1 : Number(qParam.slice(2));
      return { type, q: Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0 };
    })
    .filter((range) => range.type !== '');
}

/** The quality the Accept header gives a media type: its most specific matching range (RFC 9110 §12.5.1). */
function quality(ranges: readonly MediaRange[], type: string): number {
  const [major] = type.split('/');
  const exact = ranges.find((r) => r.type === type);
  if (exact) return exact.q;
  const family = ranges.find((r) => r.type === `${major}/*`);
  if (family) return family.q;
  return ranges.find((r) => r.type === '*/*')?.q ?? 0;
}

/**
 * Whether to answer with an event stream rather than JSON: only when the client names
 * `text/event-stream` with q > 0 and accepts it at least as much as JSON. A wildcard (`*\/*`, curl's
 * default) or no Accept header means JSON.
 */
export function prefersEventStream(accept: string | undefined): boolean {
  if (!accept) return false;
  const ranges = mediaRanges(accept);
  const stream = ranges.find((r) => r.type === 'text/event-stream')?.q ?? 0;
  return stream > 0 && stream >= quality(ranges, 'application/json');
}
