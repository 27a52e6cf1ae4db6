import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { APPLET_STATE_MAX_BYTES } from '../../shared/contract/limits';
import {
  appletContentSchema,
  appletMetaSchema,
  appletSlugSchema,
  appletStateSchema,
  type Applet,
  type AppletContent,
  type AppletMeta,
  type AppletState,
} from '../../shared/contract/storage';
import { DomainError, notFound } from '../errors';
import { iso, type Clock } from '../clock';

const FILES = { meta: 'meta.json', html: 'content.html', js: 'script.js', css: 'style.css', state: 'state.json' } as const;

export interface AppletInput extends Partial<AppletContent> {
  readonly name: string;
  readonly description?: string;
  readonly html: string;
}

/** Written beside the file and renamed over it; a failed write (disk full) leaves no temp file behind. */
function writeAtomically(file: string, text: string): void {
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    writeFileSync(temp, text, { mode: 0o600 });
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

function checkSlug(slug: string): string {
  const parsed = appletSlugSchema.safeParse(slug);
  if (!parsed.success)
    throw new DomainError('invalid', 'invalid_slug', `Invalid applet slug "${slug}": ${parsed.error.issues[0]?.message}.`);
  return parsed.data;
}

/**
 * Saved applets in the profile (`<data>/applets/<slug>/`: meta.json, content.html, script.js,
 * style.css, state.json): plain files, so they are easy to back up, diff and edit by hand.
 */
export class AppletStore {
  constructor(
    private readonly dir: string,
    private readonly clock: Clock,
  ) {}

  private folder(slug: string): string {
    return join(this.dir, checkSlug(slug));
  }

  save(slug: string, input: AppletInput): AppletMeta {
    const folder = this.folder(slug);
    const content = appletContentSchema.parse({ html: input.html, js: input.js, css: input.css });
    const previous = this.readMeta(slug);
    const now = iso(this.clock.now());
    const meta: AppletMeta = appletMetaSchema.parse({
      slug,
      name: input.name.trim(),
      description: input.description ?? '',
      createdAt: previous?.createdAt ?? now,
      updatedAt: now,
    });
    const isNew = !existsSync(folder);
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    try {
      writeAtomically(join(folder, FILES.html), content.html);
      writeAtomically(join(folder, FILES.js), content.js);
      writeAtomically(join(folder, FILES.css), content.css);
      // The metadata goes last: an applet with meta.json is complete.
      writeAtomically(join(folder, FILES.meta), `${JSON.stringify(meta, null, 2)}\n`);
    } catch (error) {
      // A new applet that could not be saved leaves nothing behind (no empty folder, no half an applet).
      if (isNew) rmSync(folder, { recursive: true, force: true });
      throw error;
    }
    return meta;
  }

  load(slug: string): Applet {
    const meta = this.readMeta(slug);
    if (!meta) throw notFound(`Applet "${slug}"`);
    const folder = this.folder(slug);
    const read = (name: string): string => (existsSync(join(folder, name)) ? readFileSync(join(folder, name), 'utf8') : '');
    return { ...meta, html: read(FILES.html), js: read(FILES.js), css: read(FILES.css), state: this.getState(slug) };
  }

  list(): AppletMeta[] {
    if (!existsSync(this.dir)) return [];
    return readdirSync(this.dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && appletSlugSchema.safeParse(entry.name).success)
      .flatMap((entry) => {
        const meta = this.readMeta(entry.name);
        return meta ? [meta] : [];
      })
      .sort((a, b) => a.name.localeCompare(b.name) || a.slug.localeCompare(b.slug));
  }

  delete(slug: string): boolean {
    const folder = this.folder(slug);
    if (!existsSync(folder)) return false;
    rmSync(folder, { recursive: true, force: true });
    return true;
  }

  getState(slug: string): AppletState {
    const file = join(this.folder(slug), FILES.state);
    if (!existsSync(file)) return {};
    const parsed = appletStateSchema.safeParse(safeJson(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : {};
  }

  setState(slug: string, state: AppletState): AppletState {
    if (!this.readMeta(slug)) throw notFound(`Applet "${slug}"`);
    const valid = appletStateSchema.parse(state);
    const text = JSON.stringify(valid);
    if (Buffer.byteLength(text) > APPLET_STATE_MAX_BYTES) {
      throw new DomainError(
        'too_large',
        'state_too_large',
        `The applet state is ${Buffer.byteLength(text)} bytes as JSON; at most ${APPLET_STATE_MAX_BYTES}.`,
      );
    }
    writeAtomically(join(this.folder(slug), FILES.state), text);
    return valid;
  }

  private readMeta(slug: string): AppletMeta | null {
    const file = join(this.folder(slug), FILES.meta);
    if (!existsSync(file)) return null;
    const parsed = appletMetaSchema.safeParse(safeJson(readFileSync(file, 'utf8')));
    return parsed.success && parsed.data.slug === slug ? parsed.data : null;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export const appletParamsSchema = z.record(z.string().regex(/^[^=\s]+$/, 'a parameter name has no "=" or spaces'), z.string());
