import type { IncomingMessage } from 'node:http';
import { DomainError } from '../../core/errors';
import { REQUEST_BODY_MAX_BYTES, type HttpErrorCode } from '../../shared/contract/index';
import { formatBytes } from '../../shared/format-bytes';
import { unsupportedBodyType } from './request-input';
import { messageOf } from '../../core/util/message-of';

/** A refusal only HTTP has a status for (415): the server answers it with its code's status. */
export class HttpRefusal extends Error {
  constructor(
    readonly code: HttpErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'HttpRefusal';
  }
}

/**
 * Reads a JSON request body (empty = `{}`), refusing bodies not declared `application/json` (415),
 * over the body cap (`REQUEST_BODY_MAX_BYTES`), and text that is not JSON.
 */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const wrongType = unsupportedBodyType(req);
  if (wrongType) {
    req.resume();
    throw new HttpRefusal('unsupported_media_type', wrongType);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > REQUEST_BODY_MAX_BYTES) {
      throw new DomainError(
        'too_large',
        'body_too_large',
        `The request body is over ${REQUEST_BODY_MAX_BYTES} bytes (${formatBytes(REQUEST_BODY_MAX_BYTES)}), the largest this server reads.`,
      );
    }
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new DomainError('invalid', 'invalid_json', `The request body is not valid JSON: ${messageOf(error)}`);
  }
}

/** A JSON object body (operation inputs are objects; path parameters are merged into it). */
export async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  const body = await readJsonBody(req);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new DomainError('invalid', 'invalid_input', 'The request body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}
