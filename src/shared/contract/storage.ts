import { z } from 'zod';
import { hasUnsafeCharacters, UNSAFE_CHARACTER_MESSAGE } from '../safe-text';
import { safeNameInput } from './safe-name';
import { formatBytes } from '../format-bytes';
import { defineOperation, defineOperations } from './define';
import {
  APPLET_PART_MAX_CHARS,
  APPLET_STATE_MAX_BYTES,
  FILE_PATH_MAX_LENGTH,
  FILE_READ_MAX_BYTES,
  FILE_WRITE_MAX_BYTES,
  OUTPUT_MAX_BYTES,
} from './limits';
import { sessionIdSchema } from './sessions';

export const outputIdSchema = z
  .string()
  .regex(/^out_[A-Za-z0-9_-]{8,40}$/, 'an output id looks like "out_" followed by letters and digits');
export const outputKindSchema = z.enum(['file', 'command', 'image', 'embed', 'raw']);
export type OutputKind = z.infer<typeof outputKindSchema>;
export const contentEncodingSchema = z.enum(['utf8', 'base64']);
export type ContentEncoding = z.infer<typeof contentEncodingSchema>;

export const outputMetaSchema = z.object({
  id: outputIdSchema,
  sessionId: sessionIdSchema,
  turn: z.number().int().nullable(),
  kind: outputKindSchema,
  mimeType: z.string(),
  /** What was shown: path, command, language, highlight, title, url... */
  metadata: z.record(z.string(), z.unknown()),
  size: z.number().int(),
  createdAt: z.string(),
  /** Put this in the turn text; the history reload finds the output by it. */
  marker: z.string(),
});
export type OutputMeta = z.infer<typeof outputMetaSchema>;

export const storedOutputSchema = outputMetaSchema.extend({ content: z.string(), encoding: contentEncodingSchema });
export type StoredOutput = z.infer<typeof storedOutputSchema>;

/** Applet slugs name folders, so they are plain lowercase words. */
export const appletSlugSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'an applet slug is 1-64 lowercase letters, digits or "-", starting with a letter or digit');

export const appletMetaSchema = z.object({
  slug: appletSlugSchema,
  name: z.string(),
  description: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AppletMeta = z.infer<typeof appletMetaSchema>;

export const appletContentSchema = z.object({
  html: z.string().max(APPLET_PART_MAX_CHARS),
  js: z.string().max(APPLET_PART_MAX_CHARS).default(''),
  css: z.string().max(APPLET_PART_MAX_CHARS).default(''),
});
export type AppletContent = z.infer<typeof appletContentSchema>;

export const appletStateSchema = z.record(z.string(), z.unknown());
export type AppletState = z.infer<typeof appletStateSchema>;

export const appletSchema = appletMetaSchema.extend({
  html: z.string(),
  js: z.string(),
  css: z.string(),
  state: appletStateSchema,
});
export type Applet = z.infer<typeof appletSchema>;

/** A path as a client sends it; the file API does the real checks (roots, symlinks, names) in src/core/file-access. */
const filePathSchema = z
  .string()
  .min(1, 'give a path')
  .max(FILE_PATH_MAX_LENGTH, `a path is at most ${FILE_PATH_MAX_LENGTH} characters`)
  .refine((path) => !hasUnsafeCharacters(path), `the path ${UNSAFE_CHARACTER_MESSAGE}`);

export const fileEntrySchema = z.object({
  name: z.string(),
  type: z.enum(['file', 'directory', 'symlink', 'other']),
  size: z.number().int(),
  modifiedAt: z.string(),
});

const bySlug = z.object({ slug: appletSlugSchema }).strict();

export const storageOperations = defineOperations({
  getOutput: defineOperation({
    method: 'GET',
    path: '/outputs/{id}',
    summary: 'A stored output (file view, command output, image, embed) with its content.',
    input: z.object({ id: outputIdSchema }).strict(),
    output: storedOutputSchema,
  }),
  listSessionOutputs: defineOperation({
    method: 'GET',
    path: '/sessions/{id}/outputs',
    summary: 'The outputs stored for a session, oldest first (metadata only).',
    input: z.object({ id: sessionIdSchema }).strict(),
    output: z.object({ outputs: z.array(outputMetaSchema) }),
  }),
  storeOutput: defineOperation({
    method: 'POST',
    path: '/sessions/{id}/outputs',
    summary: `Store an output shown to the user (at most ${formatBytes(OUTPUT_MAX_BYTES)}); the answer carries the [output:<id>] marker for the turn text.`,
    input: z
      .object({
        id: sessionIdSchema,
        kind: outputKindSchema,
        content: z.string(),
        encoding: contentEncodingSchema.default('utf8'),
        mimeType: z
          .string()
          .regex(/^[\w.+-]+\/[\w.+-]+$/, 'a MIME type such as text/plain or image/png')
          .optional(),
        metadata: z.record(z.string(), z.unknown()).default({}),
        turn: z.number().int().min(1).optional(),
      })
      .strict(),
    output: outputMetaSchema,
  }),
  storageRoots: defineOperation({
    method: 'GET',
    path: '/storage/roots',
    summary: 'Where the file API may read (allowed roots) and write (the profile data directory).',
    input: z.object({}).strict(),
    output: z.object({ readRoots: z.array(z.string()), writeRoot: z.string() }),
  }),
  storageReadFile: defineOperation({
    method: 'GET',
    path: '/storage/file',
    summary: `Read a file inside the allowed roots (at most ${formatBytes(FILE_READ_MAX_BYTES)}); text as utf8, anything else as base64.`,
    input: z.object({ path: filePathSchema }).strict(),
    output: z.object({ path: z.string(), content: z.string(), encoding: contentEncodingSchema, size: z.number().int() }),
  }),
  storageWriteFile: defineOperation({
    method: 'POST',
    path: '/storage/file',
    summary: `Write a file under the profile data directory (at most ${formatBytes(FILE_WRITE_MAX_BYTES)}); missing folders are created.`,
    input: z.object({ path: filePathSchema, content: z.string(), encoding: contentEncodingSchema.default('utf8') }).strict(),
    output: z.object({ path: z.string(), size: z.number().int() }),
  }),
  storageList: defineOperation({
    method: 'GET',
    path: '/storage/list',
    summary: 'List a folder inside the allowed roots (the data directory when no path is given).',
    input: z.object({ path: filePathSchema.optional() }).strict(),
    output: z.object({ path: z.string(), files: z.array(fileEntrySchema) }),
  }),
  listApplets: defineOperation({
    method: 'GET',
    path: '/storage/applets',
    summary: 'Saved applets, by name.',
    input: z.object({}).strict(),
    output: z.object({ applets: z.array(appletMetaSchema) }),
  }),
  getApplet: defineOperation({
    method: 'GET',
    path: '/storage/applet/{slug}',
    summary: 'One applet: html, js, css, metadata and its saved state.',
    input: bySlug,
    output: appletSchema,
  }),
  saveApplet: defineOperation({
    method: 'PUT',
    path: '/storage/applet/{slug}',
    summary: 'Create or replace an applet (its state is kept).',
    input: z
      .object({
        slug: appletSlugSchema,
        name: safeNameInput('name', 100),
        description: z.string().max(1000).default(''),
        ...appletContentSchema.shape,
      })
      .strict(),
    output: appletMetaSchema,
  }),
  deleteApplet: defineOperation({
    method: 'DELETE',
    path: '/storage/applet/{slug}',
    summary: 'Delete an applet and its state.',
    input: bySlug,
    output: z.object({ deleted: z.boolean() }),
  }),
  getAppletState: defineOperation({
    method: 'GET',
    path: '/storage/applet/{slug}/state',
    summary: "An applet's saved state ({} when none).",
    input: bySlug,
    output: z.object({ slug: appletSlugSchema, state: appletStateSchema }),
  }),
  setAppletState: defineOperation({
    method: 'POST',
    path: '/storage/applet/{slug}/state',
    summary: `Replace an applet's state (a JSON object, at most ${formatBytes(APPLET_STATE_MAX_BYTES)}).`,
    input: z.object({ slug: appletSlugSchema, state: appletStateSchema }).strict(),
    output: z.object({ slug: appletSlugSchema, state: appletStateSchema }),
  }),
});
