import type { IncomingMessage } from 'node:http';
import { ApiError } from '../../core/api/api-error';

export const MAX_BODY_BYTES = 1024 * 1024;

/** Reads a JSON request body (empty = `{}`), refusing bodies over 1 MiB and text that is not JSON. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new ApiError(413, 'body_too_large', `The request body is over ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ApiError(400, 'invalid_json', `The request body is not valid JSON: ${(error as Error).message}`);
  }
}
