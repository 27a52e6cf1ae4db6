import { z } from 'zod';
import { contextSetsSchema } from '../../shared/contract/context-sets';
import { evidenceSchema } from '../../shared/contract/evidence';
import { sessionIdSchema, sessionTypeSchema } from '../../shared/contract/sessions';
import { deviceIdSchema } from '../../shared/contract/sync';

/**
 * The sync folder's format (docs/sync.md), as a device writes it and as every other device checks it:
 * whatever is read from the folder is untrusted, so each header, record and row is parsed here before
 * anything of it reaches the store.
 */
export const MANIFEST_FORMAT = 'workflow-shadow-sync';
export const SEGMENT_FORMAT = 'workflow-shadow-sync-segment';
/** 2: manifests and segments are signed by their device's key (1 was unsigned: refused with the reason). */
export const FORMAT_VERSION = 2;

/** A segment's name: `seg-` and its sequence number (8 digits or more), gzip'd JSON lines. */
export const segmentFileName = (seq: number): string => `seg-${String(seq).padStart(8, '0')}.jsonl.gz`;
export const SEGMENT_FILE = /^seg-(\d{8,15})\.jsonl\.gz$/;
export const MANIFEST_FILE = 'manifest.json';

const msSchema = z.number().int().min(0).max(8_640_000_000_000_000);
const countSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const idSchema = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const text = (max: number) => z.string().max(max);
const flag = z.union([z.literal(0), z.literal(1)]);
/** What wrote a summary or question; a device on code before migration 011 still says `openai` for a model. */
const engine = z.enum(['llm', 'openai', 'offline']).transform((e) => (e === 'openai' ? 'llm' : e));
/** A JSON column holding a value the schema accepts (apps, titles, evidence, context sets). */
const jsonOf = (schema: z.ZodType, max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => {
      try {
        return schema.safeParse(JSON.parse(value)).success;
      } catch {
        return false;
      }
    }, 'not the JSON this column holds');
const strings = jsonOf(z.array(z.string().max(2000)).max(500), 200_000);

const spanRow = z
  .object({
    work_session_id: idSchema,
    kind: z.enum(['app', 'idle', 'private']),
    app: text(500).nullable(),
    title: text(2000).nullable(),
    private_reason: text(200).nullable(),
    start_ms: msSchema,
    end_ms: msSchema,
    monitor: text(200).nullable(),
  })
  .strict()
  .refine((r) => r.end_ms >= r.start_ms, 'a span ends after it starts');

/** The row each kind's record carries: the table's columns, never its key nor its device. */
export const ROW_SCHEMAS: Readonly<Record<string, z.ZodType<Record<string, unknown>>>> = {
  work_session: z
    .object({
      started_at: msSchema,
      ended_at: msSchema.nullable(),
      status: z.enum(['active', 'completed', 'interrupted']),
      source: z.enum(['desktop', 'replay']),
      end_reason: text(500).nullable(),
    })
    .strict(),
  screen_text: z
    .object({ at_ms: msSchema, app: text(500), title: text(2000), text: text(200_000), monitor: text(200).nullable() })
    .strict(),
  session: z
    .object({
      type: sessionTypeSchema,
      title: text(60),
      // Segments written before migration 017 carry no such column: their titles were automatic.
      title_by_user: flag.default(0),
      status: z.enum(['active', 'paused', 'completed', 'interrupted']),
      created_at: msSchema,
      last_active_at: msSchema,
      model: text(200).nullable(),
      tools: jsonOf(z.array(z.string().max(100)).max(100), 20_000),
      system_prompt_hash: text(128).nullable(),
      context_summary: text(20_000),
      token_count: countSchema,
      turn_count: countSchema,
      pause_requested: flag,
      paused_at: msSchema.nullable(),
      continues: sessionIdSchema.nullable(),
    })
    .strict(),
  span: spanRow,
  task: z
    .object({
      work_session_id: idSchema,
      name: text(500),
      start_ms: msSchema,
      end_ms: msSchema,
      is_open: flag,
      apps: strings,
      titles: strings,
      switches: countSchema,
      brief: text(5000),
    })
    .strict(),
  summary: z
    .object({
      work_session_id: idSchema,
      at_ms: msSchema,
      kind: z.enum(['rolling', 'final']),
      text: text(20_000),
      token_count: z.number().int().min(0).max(500),
      engine,
      fallback_reason: text(1000).nullable(),
      duration_ms: countSchema,
      tasks: strings,
      apps: strings,
    })
    .strict(),
  question: z
    .object({
      work_session_id: idSchema.nullable(),
      asked_at: msSchema,
      text: text(2000),
      normalized: text(2000),
      trigger: text(100),
      subject: text(2000),
      status: z.enum(['pending', 'answered', 'dismissed', 'snoozed']),
      snoozed_until: msSchema.nullable(),
      answer: text(20_000).nullable(),
      answered_at: msSchema.nullable(),
      engine,
    })
    .strict(),
  turn: z
    .object({
      session_id: sessionIdSchema,
      number: z.number().int().min(1).max(1_000_000),
      prompt: text(200_000),
      reply: text(1_000_000),
      app: text(500).nullable(),
      window_title: text(2000).nullable(),
      prompt_tokens: countSchema,
      reply_tokens: countSchema,
      summary: text(100).nullable(),
      summary_source: z.enum(['llm', 'extractive']).nullable(),
      engine: z.enum(['llm', 'offline', 'command']),
      status: z.enum(['streaming', 'complete', 'failed', 'interrupted']),
      created_at: msSchema,
      completed_at: msSchema.nullable(),
      evidence: jsonOf(z.array(evidenceSchema).max(20), 200_000),
      interrupted_reason: text(1000).nullable(),
    })
    .strict(),
  session_context: z.object({ session_id: sessionIdSchema, sets: jsonOf(contextSetsSchema, 200_000), updated_at: msSchema }).strict(),
};

const recordKind = z.enum(Object.keys(ROW_SCHEMAS) as [string, ...string[]]);
const recordId = z.union([idSchema, sessionIdSchema]);

/** One line of a segment: a row as it is now, a row deleted, or a whole kind withdrawn (no longer shared). */
export const syncRecordSchema = z.union([
  z.object({ kind: recordKind, id: recordId, rev: idSchema, row: z.record(z.string(), z.unknown()) }).strict(),
  z.object({ kind: recordKind, id: recordId, rev: idSchema, deleted: z.literal(true) }).strict(),
  z.object({ kind: recordKind, rev: idSchema, withdrawn: z.literal(true) }).strict(),
]);
export type SyncRecord = z.infer<typeof syncRecordSchema>;

/** The most records one segment may hold: a device cuts its segments long before (outbox.ts). */
export const SEGMENT_MAX_RECORDS = 100_000;

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);
/** An Ed25519 signature, base64 (64 bytes). */
const signatureSchema = z.string().regex(/^[A-Za-z0-9+/]{86}==$/, 'a signature is 64 bytes in base64');

/**
 * The first line of a segment: its device and number, how many records follow, the SHA-256 of every
 * byte after this line (`body`), and the device's signature over all of these (signing.ts).
 */
export const segmentHeaderSchema = z
  .object({
    format: z.literal(SEGMENT_FORMAT),
    version: z.literal(FORMAT_VERSION),
    device: deviceIdSchema,
    seq: idSchema,
    records: z.number().int().min(0).max(SEGMENT_MAX_RECORDS),
    createdAt: z.string().max(40),
    body: sha256Hex,
    signature: signatureSchema,
  })
  .strict();
export type SegmentHeader = z.infer<typeof segmentHeaderSchema>;

export const manifestEntrySchema = z
  .object({
    seq: idSchema,
    file: z.string().regex(SEGMENT_FILE),
    bytes: countSchema,
    sha256: sha256Hex,
    records: countSchema,
  })
  .strict();
export type ManifestEntry = z.infer<typeof manifestEntrySchema>;

/** How many of its newest segments a manifest lists with their checksums (older ones are checked by gzip's own CRC). */
export const MANIFEST_SEGMENTS = 256;

/** An Ed25519 public key as manifests carry it: base64 of its 32 bytes. */
export const publicKeySchema = z.string().regex(/^[A-Za-z0-9+/]{43}=$/, 'a public key is 32 bytes in base64');

/** What a manifest says: the device (its id, name and public key), its newest segment and the checksums of the latest. */
export const manifestSchema = z
  .object({
    device: z.object({ id: deviceIdSchema, name: z.string().trim().min(1).max(64), publicKey: publicKeySchema }).strict(),
    latestSeq: countSchema,
    segments: z.array(manifestEntrySchema).max(MANIFEST_SEGMENTS),
    updatedAt: z.string().max(40),
  })
  .strict();
export type Manifest = z.infer<typeof manifestSchema>;

/**
 * `<folder>/<device-id>/manifest.json`: the manifest as the exact text that was signed (`payload`), and
 * the signature of the key the payload names. A version other than this one is refused with the reason.
 */
export const manifestFileSchema = z
  .object({
    format: z.literal(MANIFEST_FORMAT),
    version: z.number().int(),
    payload: z.string().max(250_000),
    signature: signatureSchema,
  })
  .strict();
