import type { IncomingMessage } from 'node:http';
import { DomainError } from '../../core/errors';
import { unsupportedBodyType } from './request-input';

export const MAX_BODY_BYTES = 1024 * 1024;

/** A refusal only HTTP has a status for (415): the server answers it as it is. */
export class HttpRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'HttpRefusal';
  }
}

/**
 * Reads a JSON request body (empty = `{}`), refusing bodies not declared `application/json` (415),
 * over 1 MiB, and text that is not JSON.
 */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const wrongType = unsupportedBodyType(req);
  if (wrongType) {
    req.resume();
    throw new HttpRefusal(415, 'unsupported_media_type', wrongType);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new DomainError('too_large', 'body_too_large', `The request body is over ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new DomainError('invalid', 'invalid_json', `The request body is not valid JSON: ${(error as Error).message}`);
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
