import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Frame } from '../observe/frame';
import { localDateOf } from '../time';
import { StoreKeyError } from '../errors';
import { deriveFramesKey } from './store-key';

const MAGIC = Buffer.from('WSF1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** A kept frame in the clear, and encrypted. */
export const PLAIN_FRAME_SUFFIX = '.img';
export const ENCRYPTED_FRAME_SUFFIX = '.enc';

/**
 * `WSF1`, a random 96-bit IV, the GCM tag, then the image encrypted with AES-256-GCM. The file's name
 * (its time and frame id) is the additional data, so a frame renamed to pass for another fails to open.
 */
export function sealFrame(image: Buffer, key: Buffer, name: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(name));
  const body = Buffer.concat([cipher.update(image), cipher.final()]);
  return Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body]);
}

export function openFrame(sealed: Buffer, key: Buffer, name: string): Buffer {
  if (sealed.length < MAGIC.length + IV_BYTES + TAG_BYTES || !sealed.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new StoreKeyError(`${name} is not an encrypted frame of Workflow Shadow.`);
  }
  const iv = sealed.subarray(MAGIC.length, MAGIC.length + IV_BYTES);
  const tag = sealed.subarray(MAGIC.length + IV_BYTES, MAGIC.length + IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(name));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(sealed.subarray(MAGIC.length + IV_BYTES + TAG_BYTES)), decipher.final()]);
  } catch {
    throw new StoreKeyError(`The store key does not open the kept frame ${name} (wrong key, or the file was altered).`);
  }
}

const frameName = (file: string): string => basename(file).replace(/\.(img|enc)$/, '');

/**
 * Screenshots kept by choice (`keepScreenshots`), one folder per local day, mode 0600: encrypted with
 * a key derived from the store key when the store has one, else as they were taken.
 */
export class FrameVault {
  private readonly key: Buffer | null;

  constructor(
    readonly dir: string,
    storeKey: Buffer | null,
  ) {
    this.key = storeKey && deriveFramesKey(storeKey);
  }

  get encrypted(): boolean {
    return this.key !== null;
  }

  /** Writes a frame; returns its file. */
  async keep(frame: Pick<Frame, 'at' | 'id'> & { image: Buffer }): Promise<string> {
    const dir = join(this.dir, localDateOf(frame.at));
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const name = `${frame.at}-${frame.id}`;
    const file = join(dir, name + (this.key ? ENCRYPTED_FRAME_SUFFIX : PLAIN_FRAME_SUFFIX));
    await writeFile(file, this.key ? sealFrame(frame.image, this.key, name) : frame.image, { mode: 0o600 });
    return file;
  }

  /** The image of a kept frame file, decrypted when it is encrypted. */
  async read(file: string): Promise<Buffer> {
    return this.open(file, await readFile(file));
  }

  /** `read` for synchronous callers (the moment view reads one frame per request). */
  readSync(file: string): Buffer {
    return this.open(file, readFileSync(file));
  }

  private open(file: string, bytes: Buffer): Buffer {
    if (!file.endsWith(ENCRYPTED_FRAME_SUFFIX)) return bytes;
    if (!this.key) throw new StoreKeyError(`${basename(file)} is encrypted and no store key was given.`);
    return openFrame(bytes, this.key, frameName(file));
  }

  /**
   * Encrypts every frame kept in the clear (`shadow encrypt`); returns how many. Each is written
   * encrypted beside it and renamed into place before the plain one goes, so an interruption leaves
   * every frame readable, and the next run finishes the rest.
   */
  encryptPlainFrames(onFrame?: () => void): number {
    if (!this.key) throw new StoreKeyError('Kept frames can only be encrypted with a store key.');
    let count = 0;
    for (const day of safeList(this.dir)) {
      const dayDir = join(this.dir, day);
      for (const entry of safeList(dayDir).filter((f) => f.endsWith(PLAIN_FRAME_SUFFIX))) {
        const plain = join(dayDir, entry);
        const name = frameName(entry);
        const target = join(dayDir, name + ENCRYPTED_FRAME_SUFFIX);
        writeFileSync(`${target}.tmp`, sealFrame(readFileSync(plain), this.key, name), { mode: 0o600 });
        renameSync(`${target}.tmp`, target);
        rmSync(plain);
        count++;
        onFrame?.();
      }
    }
    return count;
  }
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
