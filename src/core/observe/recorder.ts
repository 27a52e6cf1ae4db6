import { appendFileSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { iso, type Clock } from '../clock';
import type { ExclusionRule } from '../config/settings';
import { compileExclusions } from './exclusion';
import { fingerprintImage } from './frame-fingerprint';
import { safeWindow, type ActiveWindow, type CaptureSource } from './sources/capture-source';
import { DAY_FILES, type RecordedDayManifest, type RecordedEvent } from './sources/recorded-day';
import { withTimeout } from './with-timeout';

export interface RecorderOptions {
  readonly captureIntervalSec: number;
  readonly pollIntervalMs: number;
  readonly exclusions: readonly ExclusionRule[];
  readonly description?: string;
  /** Secrets in window titles replaced before they are written (src/core/privacy). */
  readonly redactTitle?: (title: string) => string;
}

const PRIVATE_WINDOW: ActiveWindow = { app: '(private)', title: '(private)', private: true };

/**
 * Records the real desktop as a replayable day: window switches, input moments and deduplicated
 * screenshots. Excluded windows are written as "(private)" and never photographed; secrets in
 * titles are redacted.
 */
export class DayRecorder {
  private readonly exclusions;
  /** The day starts with its first window event: a replay must not find a moment with no window. */
  private startedAt: number | null = null;
  private lastWindow: ActiveWindow | null = null;
  private lastCaptureAt = Number.NEGATIVE_INFINITY;
  private lastInputWritten = Number.NEGATIVE_INFINITY;
  private readonly images = new Set<string>();
  private busy = false;
  eventsWritten = 0;

  constructor(
    private readonly source: CaptureSource,
    private readonly outDir: string,
    private readonly clock: Clock,
    private readonly options: RecorderOptions,
  ) {
    if (existsSync(join(outDir, DAY_FILES.events))) {
      throw new Error(`${outDir} already holds a recording; choose an empty folder for --out.`);
    }
    mkdirSync(join(outDir, DAY_FILES.images), { recursive: true });
    for (const name of readdirSync(join(outDir, DAY_FILES.images))) this.images.add(name);
    this.exclusions = compileExclusions(options.exclusions);
    writeFileSync(join(outDir, DAY_FILES.events), '');
  }

  async tick(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const now = this.clock.now();
      const seen = safeWindow(
        (await withTimeout(this.source.activeWindow(), 5000, 'reading the active window')) ?? { app: 'Desktop', title: '' },
      );
      const window = this.exclusions.match(seen)
        ? PRIVATE_WINDOW
        : { ...seen, title: this.options.redactTitle?.(seen.title) ?? seen.title };
      const switched = !this.lastWindow || this.lastWindow.app !== window.app || this.lastWindow.title !== window.title;
      if (switched) {
        this.startedAt ??= now;
        this.write({ kind: 'window', at: iso(now), app: window.app, title: window.title, ...(window.private && { private: true }) });
      }
      this.lastWindow = window;

      const idleMs = (await this.source.idleSeconds().catch(() => 0)) * 1000;
      if (idleMs < this.options.pollIntervalMs * 1.5 && now - this.lastInputWritten >= 2000) {
        this.write({ kind: 'input', at: iso(now) });
        this.lastInputWritten = now;
      }
      if (!window.private && (switched || now - this.lastCaptureAt >= this.options.captureIntervalSec * 1000)) {
        this.lastCaptureAt = now;
        const image = await withTimeout(
          this.source.captureScreen((w) => this.exclusions.match(w) !== null),
          10_000,
          'taking a screenshot',
        );
        const { hash } = await fingerprintImage(image);
        const name = `${hash}.jpg`;
        if (!this.images.has(name)) {
          writeFileSync(join(this.outDir, DAY_FILES.images, name), image);
          this.images.add(name);
        }
        this.write({ kind: 'frame', at: iso(now), image: `${DAY_FILES.images}/${name}` });
      }
    } finally {
      this.busy = false;
    }
  }

  /** Writes the manifest; the recording is replayable from then on. */
  finish(): RecordedDayManifest {
    const manifest: RecordedDayManifest = {
      format: 'workflow-shadow-day',
      version: 1,
      startedAt: iso(this.startedAt ?? this.clock.now()),
      endedAt: iso(this.clock.now()),
      ...(this.options.description && { description: this.options.description }),
    };
    writeFileSync(join(this.outDir, DAY_FILES.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  }

  private write(event: RecordedEvent): void {
    appendFileSync(join(this.outDir, DAY_FILES.events), `${JSON.stringify(event)}\n`);
    this.eventsWritten++;
  }
}
