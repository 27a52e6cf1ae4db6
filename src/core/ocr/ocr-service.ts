import { createHash } from 'node:crypto';
import { iso, type Clock } from '../clock';
import type { EventBus } from '../events';
import type { Frame } from '../observe/frame';
import type { ScreenTextRepository } from '../store/repositories/screen-text-repository';
import { BoundedFifo } from '../util/bounded-fifo';
import { toOcrImage } from './ocr-image';
import { RegionReader } from './region-reader';
import type { TextRecognizer } from './text-recognizer';
import { safeText } from '../../shared/safe-text';
import { messageOf } from '../util/message-of';

export interface OcrServiceOptions {
  readonly events: EventBus;
  readonly repository: ScreenTextRepository;
  readonly recognizer: TextRecognizer;
  readonly clock: Clock;
  /** Frames waiting for OCR; when full the oldest is dropped (and counted). */
  readonly queueCapacity: number;
  /** How many recent images' text is remembered by content hash (a replay reuses its images). */
  readonly cacheEntries?: number;
  /** Stored text is cut at this many characters. */
  readonly maxTextChars?: number;
  /** Redaction before the text is stored (src/core/privacy); text is stored as read without it. */
  readonly privacy?: OcrPrivacy;
}

/** What OCR asks of the privacy layer before storing a frame's text. */
export interface OcrPrivacy {
  /** The text as it may be stored, and how many strings of each kind were replaced. */
  redact(text: string): { text: string; total: number; counts: Readonly<Record<string, number>> };
  /** The image was read; `sensitive` when its text had anything to redact (a vision model never gets it then). */
  checked(image: Buffer, sensitive: boolean): void;
  /** The redacted text of a frame taken at `atMs` was stored. */
  stored(counts: Readonly<Record<string, number>>, atMs: number): void;
}

export interface OcrStatus {
  readonly running: boolean;
  readonly queued: number;
  readonly queueCapacity: number;
  /** Frames whose text was read (by the worker or from the cache). */
  readonly recognized: number;
  /** Of those, read without running OCR: an identical image in the cache, or nothing changed in the window. */
  readonly fromCache: number;
  /** New rows of screen text stored. */
  readonly stored: number;
  /** Frames whose text was the same as the last stored text of the same window (not stored again). */
  readonly unchanged: number;
  /** Frames of which only the changed part was read (the rest kept from the frame before). */
  readonly partial: number;
  /** Frames with no readable text. */
  readonly empty: number;
  /** Frames dropped because the queue was full (OCR is slower than the screen changes). */
  readonly dropped: number;
  readonly failed: number;
  /** Mean worker time per frame OCR'd (image preparation included), in ms. */
  readonly averageMs: number | null;
  /** Peak memory of the OCR process (it runs apart from the core), null before its first frame. */
  readonly processPeakRssBytes: number | null;
  readonly lastError: { at: string; message: string } | null;
}

type QueuedFrame = Pick<Frame, 'at' | 'app' | 'title'> & { readonly image: Buffer } & Partial<
    Pick<Frame, 'thumb' | 'width' | 'height' | 'monitor' | 'focus'>
  >;

const MIN_WORD_CHARS = 3;

/**
 * OCR of kept frames, off the capture path: the `frame:kept` listener only enqueues (no await, no
 * I/O), and one frame at a time is prepared with sharp and read by the recognizer (Tesseract, in its
 * own process by default).
 * Only frames the observer kept reach it, so excluded windows and deduplicated frames are never
 * OCR'd. Every failure is counted and reported; none reaches the capture loop.
 */
export class OcrService {
  private readonly queue: BoundedFifo<QueuedFrame>;
  private readonly cache = new Map<string, string>();
  private readonly idleWaiters: (() => void)[] = [];
  private unsubscribe: (() => void) | null = null;
  private pumping = false;
  /** The running pump, so close() can let the frame in flight finish before the worker stops. */
  private pumpRun: Promise<void> | null = null;
  private closed = false;
  private lastStored: { app: string; title: string; text: string } | null = null;
  private totalMs = 0;
  private readonly counters = {
    recognized: 0,
    fromCache: 0,
    partial: 0,
    stored: 0,
    unchanged: 0,
    empty: 0,
    dropped: 0,
    failed: 0,
    ocrRuns: 0,
  };
  /** Reads only what changed, where the recognizer can say where its lines are. */
  private readonly regions: RegionReader | null;
  private lastError: OcrStatus['lastError'] = null;

  constructor(private readonly options: OcrServiceOptions) {
    this.queue = new BoundedFifo(options.queueCapacity);
    const { recognizer } = options;
    this.regions = recognizer.recognizeLines ? new RegionReader((image, area) => recognizer.recognizeLines!(image, area)) : null;
  }

  /** Subscribes to kept frames. The worker itself starts with the first frame. */
  start(): void {
    if (this.unsubscribe || this.closed) return;
    const offKept = this.options.events.on('frame:kept', ({ frame }) => this.enqueue(frame));
    const offBeside = this.options.events.on('frame:beside', ({ frame }) => this.enqueue(frame));
    this.unsubscribe = () => {
      offKept();
      offBeside();
    };
  }

  /** A frame without an image (taken while nothing read images) has nothing to read. */
  enqueue(frame: Omit<QueuedFrame, 'image'> & { readonly image: Buffer | null }): void {
    const { at, app, title, image, thumb, width, height, monitor, focus } = frame;
    if (this.closed || !image) return;
    const dropped = this.queue.push({ at, app, title, image, thumb, width, height, monitor, focus });
    if (dropped) this.counters.dropped++;
    if (!this.pumping) this.pumpRun = this.pump();
  }

  status(): OcrStatus {
    const { ocrRuns, ...counters } = this.counters;
    return {
      running: this.unsubscribe !== null,
      queued: this.queue.size,
      queueCapacity: this.queue.capacity,
      ...counters,
      averageMs: ocrRuns > 0 ? Math.round(this.totalMs / ocrRuns) : null,
      processPeakRssBytes: this.options.recognizer.peakRssBytes?.() ?? null,
      lastError: this.lastError,
    };
  }

  /** Resolves once every queued frame has been read (tests, benchmarks, orderly shutdown). */
  whenIdle(): Promise<void> {
    if (!this.pumping && this.queue.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Stops listening, forgets queued frames, lets the frame in flight finish (its text is not stored)
   * and stops the worker: terminating under a running recognition would leave a worker started after
   * the close, or a rejection nobody handles.
   */
  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.queue.clear();
    await this.pumpRun;
    await this.options.recognizer.terminate();
    this.settleIdle();
  }

  private async pump(): Promise<void> {
    this.pumping = true;
    try {
      for (let frame = this.queue.shift(); frame && !this.closed; frame = this.queue.shift()) {
        await this.process(frame);
      }
    } finally {
      this.pumping = false;
      this.settleIdle();
    }
  }

  private async process(frame: QueuedFrame): Promise<void> {
    try {
      const text = await this.readFrame(frame);
      // The core may have closed (and the database with it) while the worker was reading.
      if (this.closed) return;
      this.counters.recognized++;
      this.store(frame, text);
    } catch (error) {
      if (this.closed) return;
      this.counters.failed++;
      this.lastError = { at: iso(this.options.clock.now()), message: messageOf(error) };
    }
  }

  private async readFrame(frame: QueuedFrame): Promise<string> {
    const { thumb, width, height } = frame;
    if (!this.regions || !thumb || !width || !height) return this.readText(frame.image);
    const read = await this.regions.read({ ...frame, thumb, width, height });
    if (read.recognizerMs > 0) {
      this.totalMs += read.recognizerMs;
      this.counters.ocrRuns++;
    } else this.counters.fromCache++;
    if (read.shareRead > 0 && read.shareRead < 1) this.counters.partial++;
    return normalizeOcrText(read.lines.map((line) => line.text).join('\n'), this.options.maxTextChars ?? 20_000);
  }

  private async readText(image: Buffer): Promise<string> {
    const key = createHash('sha1').update(image).digest('base64');
    const cached = this.cache.get(key);
    if (cached !== undefined) {
      this.counters.fromCache++;
      // Refresh its place: the cache evicts the least recently used image.
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached;
    }
    const prepared = await toOcrImage(image);
    if (this.closed) return '';
    const started = performance.now();
    const raw = await this.options.recognizer.recognize(prepared);
    this.totalMs += performance.now() - started;
    this.counters.ocrRuns++;
    const text = normalizeOcrText(raw, this.options.maxTextChars ?? 20_000);
    this.cache.set(key, text);
    if (this.cache.size > (this.options.cacheEntries ?? 64)) this.cache.delete(this.cache.keys().next().value!);
    return text;
  }

  private store(frame: QueuedFrame, read: string): void {
    const privacy = this.options.privacy;
    const redaction = privacy?.redact(read) ?? { text: read, total: 0, counts: {} };
    privacy?.checked(frame.image, redaction.total > 0);
    const text = redaction.text;
    if ((text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) < MIN_WORD_CHARS) {
      this.counters.empty++;
      return;
    }
    const last = this.lastStored;
    if (last && last.app === frame.app && last.title === frame.title && last.text === text) {
      this.counters.unchanged++;
      return;
    }
    const id = this.options.repository.insert({ atMs: frame.at, app: frame.app, title: frame.title, text, monitor: frame.monitor ?? null });
    this.lastStored = { app: frame.app, title: frame.title, text };
    this.counters.stored++;
    if (redaction.total > 0) privacy?.stored(redaction.counts, frame.at);
    this.options.events.emit('screen:text-recognized', { entryId: id, at: iso(frame.at), app: frame.app, title: frame.title, text });
  }

  private settleIdle(): void {
    if (!this.closed && (this.pumping || this.queue.size > 0)) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}

/** Cleans what cannot show (safe-text.ts), trims each line, collapses runs of blanks and drops empty lines; cut at `maxChars`. */
export function normalizeOcrText(raw: string, maxChars: number): string {
  return safeText(raw)
    .split('\n')
    .map((line) => line.replace(/[ \t\f\v]+/g, ' ').trim())
    .filter((line) => line.length > 0)
    .join('\n')
    .slice(0, maxChars);
}
