import { readFileSync } from 'node:fs';
import { hostname, homedir } from 'node:os';
import { join } from 'node:path';

/** One Xauthority entry: which display it is for and its cookie. */
export interface XauthEntry {
  readonly family: number;
  readonly address: string;
  readonly display: string;
  readonly name: string;
  readonly data: Buffer;
}

const FAMILY_LOCAL = 256;
const FAMILY_WILD = 0xffff;

/** The Xauthority file format (Xau): big-endian, each field a 16-bit length then its bytes. */
export function parseXauthority(file: Buffer): XauthEntry[] {
  const entries: XauthEntry[] = [];
  let at = 0;
  const field = (): Buffer => {
    if (at + 2 > file.length) throw new RangeError('truncated');
    const length = file.readUInt16BE(at);
    if (at + 2 + length > file.length) throw new RangeError('truncated');
    const bytes = file.subarray(at + 2, at + 2 + length);
    at += 2 + length;
    return bytes;
  };
  try {
    while (at < file.length) {
      const family = file.readUInt16BE(at);
      at += 2;
      const address = field().toString('latin1');
      const display = field().toString('latin1');
      const name = field().toString('latin1');
      entries.push({ family, address, display, name, data: Buffer.from(field()) });
    }
  } catch {
    // A damaged tail: the entries read so far still count, as Xau does.
  }
  return entries;
}

/**
 * The cookie for local display `number` ($XAUTHORITY, else ~/.Xauthority), or null when there is none
 * (a server started without authorization, such as a test's Xvfb, accepts the connection without it).
 */
export function localCookie(number: string, env: NodeJS.ProcessEnv = process.env): { name: string; data: Buffer } | null {
  const path = env.XAUTHORITY || join(env.HOME || homedir(), '.Xauthority');
  let file: Buffer;
  try {
    file = readFileSync(path);
  } catch {
    return null;
  }
  const host = hostname();
  const match = parseXauthority(file).find(
    (e) =>
      e.name === 'MIT-MAGIC-COOKIE-1' &&
      (e.display === number || e.display === '') &&
      (e.family === FAMILY_WILD || (e.family === FAMILY_LOCAL && e.address === host)),
  );
  return match ? { name: match.name, data: match.data } : null;
}
