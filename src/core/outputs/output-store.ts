import { randomBytes } from 'node:crypto';
import { OUTPUT_MAX_BYTES } from '../../shared/contract/limits';
import type { ContentEncoding, OutputKind, OutputMeta, StoredOutput } from '../../shared/contract/storage';
import { DomainError, notFound } from '../errors';
import { iso, type Clock } from '../clock';
import type { OutputMetaRow, OutputRepository } from '../store/repositories/output-repository';
import { outputMarker, parseOutputMarkers } from './output-markers';

const DAY_MS = 86_400_000;

export interface NewOutput {
  readonly kind: OutputKind;
  readonly content: string | Buffer;
  /** How `content` is encoded when it is a string (utf8 text by default). */
  readonly encoding?: ContentEncoding;
  readonly mimeType?: string;
  readonly metadata?: Record<string, unknown>;
  readonly turn?: number;
}

const defaultMimeType: Record<OutputKind, string> = {
  file: 'text/plain',
  command: 'text/plain',
  image: 'image/png',
  embed: 'text/html',
  raw: 'application/octet-stream',
};

const isTextMime = (mime: string): boolean =>
  mime.startsWith('text/') || /^application\/(json|xml|javascript)|\+json$|\+xml$/.test(mime) || mime === 'image/svg+xml';

export interface OutputStoreOptions {
  readonly repository: OutputRepository;
  readonly clock: Clock;
  readonly retentionDays: number;
  readonly sessionExists: (sessionId: string) => boolean;
}

/** Outputs shown to the user, kept per session so a reloaded history shows them again. */
export class OutputStore {
  constructor(private readonly options: OutputStoreOptions) {}

  store(sessionId: string, output: NewOutput): OutputMeta {
    if (!this.options.sessionExists(sessionId)) throw notFound(`Session ${sessionId}`);
    const data = typeof output.content === 'string' ? Buffer.from(output.content, output.encoding ?? 'utf8') : output.content;
    if (data.length > OUTPUT_MAX_BYTES) {
      throw new DomainError(
        'too_large',
        'output_too_large',
        `The output is ${data.length} bytes; at most ${OUTPUT_MAX_BYTES} bytes are stored. Show a part of it instead.`,
      );
    }
    const row = {
      id: `out_${randomBytes(12).toString('base64url')}`,
      session_id: sessionId,
      turn: output.turn ?? null,
      kind: output.kind,
      mime_type: output.mimeType ?? defaultMimeType[output.kind],
      metadata: JSON.stringify(output.metadata ?? {}),
      size: data.length,
      created_at: this.options.clock.now(),
    };
    this.options.repository.insert({ ...row, data });
    return toMeta(row);
  }

  get(id: string): StoredOutput {
    const row = this.options.repository.get(id);
    if (!row) throw notFound(`Output ${id}`);
    const encoding: ContentEncoding = isTextMime(row.mime_type) ? 'utf8' : 'base64';
    return { ...toMeta(row), content: row.data.toString(encoding), encoding };
  }

  list(sessionId: string): OutputMeta[] {
    if (!this.options.sessionExists(sessionId)) throw notFound(`Session ${sessionId}`);
    return this.options.repository.listForSession(sessionId).map(toMeta);
  }

  /**
   * The outputs a turn's text points at with `[output:<id>]` markers (the history reload). Markers of
   * outputs that were pruned, or that belong to another session, are skipped.
   */
  reloadReferenced(sessionId: string, text: string): StoredOutput[] {
    return parseOutputMarkers(text).flatMap((id) => {
      const row = this.options.repository.get(id);
      return row && row.session_id === sessionId ? [this.get(id)] : [];
    });
  }

  /** Deletes outputs older than `outputRetentionDays`; returns how many. */
  prune(): number {
    return this.options.repository.deleteCreatedBefore(this.options.clock.now() - this.options.retentionDays * DAY_MS);
  }
}

function toMeta(row: OutputMetaRow): OutputMeta {
  return {
    id: row.id,
    sessionId: row.session_id,
    turn: row.turn,
    kind: row.kind,
    mimeType: row.mime_type,
    metadata: JSON.parse(row.metadata) as Record<string, unknown>,
    size: row.size,
    createdAt: iso(row.created_at),
    marker: outputMarker(row.id),
  };
}
