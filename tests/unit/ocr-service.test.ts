import Database from 'better-sqlite3-multiple-ciphers';
import sharp from 'sharp';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/core/clock';
import { settingsSchema } from '../../src/core/config/settings';
import { EventBus } from '../../src/core/events';
import { createOcrService } from '../../src/core/ocr/create-ocr-service';
import { OcrService, normalizeOcrText } from '../../src/core/ocr/ocr-service';
import type { TextRecognizer } from '../../src/core/ocr/text-recognizer';
import type { Frame } from '../../src/core/observe/frame';
import { migrate } from '../../src/core/store/database';
import { migrations } from '../../src/core/store/migrations/index';
import { ScreenTextRepository } from '../../src/core/store/repositories/screen-text-repository';
import { waitFor } from '../helpers/wait';

const T0 = Date.parse('2026-03-02T09:00:00Z');
let images: Buffer[];

/** A recognizer scripted per call: each answer is text, an error to throw, or a gate to wait on. */
function scriptedRecognizer(answers: (string | Error | Promise<string>)[]) {
  const calls: number[] = [];
  let terminated = 0;
  const recognizer: TextRecognizer = {
    async recognize() {
      calls.push(calls.length);
      const answer = answers.shift() ?? 'more text here';
      if (answer instanceof Error) throw answer;
      return answer;
    },
    async terminate() {
      terminated++;
    },
  };
  return { recognizer, calls, terminated: () => terminated };
}

function gate(): { promise: Promise<string>; open: (text: string) => void } {
  let open!: (text: string) => void;
  const promise = new Promise<string>((resolve) => (open = resolve));
  return { promise, open };
}

const frame = (n: number, title = `Window ${n}`, image = images[n]!): Frame => ({
  id: n,
  at: T0 + n * 1000,
  app: 'Ledger',
  title,
  hash: '0',
  thumb: Buffer.alloc(0),
  width: 64,
  height: 64,
  image,
});

beforeAll(async () => {
  images = await Promise.all(
    Array.from({ length: 8 }, (_, n) =>
      sharp({ create: { width: 64, height: 64, channels: 3, background: { r: n * 30, g: 10, b: 10 } } })
        .png()
        .toBuffer(),
    ),
  );
});

describe('OcrService', () => {
  let db: Database.Database;
  let repository: ScreenTextRepository;
  let events: EventBus;
  const clock = new ManualClock(T0);

  beforeEach(() => {
    db = new Database(':memory:');
    migrate(db, migrations);
    repository = new ScreenTextRepository(db);
    events = new EventBus();
  });
  afterEach(() => db.close());

  const service = (recognizer: TextRecognizer, queueCapacity = 8): OcrService => {
    const s = new OcrService({ events, repository, recognizer, clock, queueCapacity });
    s.start();
    return s;
  };
  const storedTitles = (): string[] =>
    repository
      .textBetween(0, Number.MAX_SAFE_INTEGER, 100)
      .map((e) => e.title)
      .reverse();

  it('never makes the emitter wait: frames queue while the worker reads, and a full queue drops the oldest', async () => {
    const first = gate();
    const { recognizer } = scriptedRecognizer([first.promise]);
    const ocr = service(recognizer, 2);
    for (let n = 1; n <= 5; n++) events.emit('frame:kept', { frame: frame(n), change: null });
    // Frame 1 is with the worker; 2 and 3 were pushed out by 4 and 5.
    expect(ocr.status()).toMatchObject({ queued: 2, dropped: 2, recognized: 0 });
    first.open('Invoice 4471 for ACME');
    await ocr.whenIdle();
    expect(storedTitles()).toEqual(['Window 1', 'Window 4', 'Window 5']);
    expect(ocr.status()).toMatchObject({ queued: 0, dropped: 2, recognized: 3, stored: 3, failed: 0 });
  });

  it('stores text once per window while it does not change, skips frames without text, and survives a failing read', async () => {
    const { recognizer } = scriptedRecognizer([
      'Quarterly  ledger\n\n  close ',
      new Error('worker crashed'),
      ' \n — ',
      'Quarterly ledger\nclose',
      'Quarterly ledger close v2',
    ]);
    const ocr = service(recognizer);
    for (let n = 1; n <= 5; n++) ocr.enqueue(frame(n, 'Same window'));
    await ocr.whenIdle();
    const status = ocr.status();
    expect(status).toMatchObject({ recognized: 4, stored: 2, unchanged: 1, empty: 1, failed: 1 });
    expect(status.lastError?.message).toBe('worker crashed');
    expect(repository.textBetween(0, Number.MAX_SAFE_INTEGER).map((e) => e.text)).toEqual([
      'Quarterly ledger close v2',
      'Quarterly ledger\nclose',
    ]);
  });

  it('reads an image it has just read from its cache instead of OCR-ing it again', async () => {
    const { recognizer, calls } = scriptedRecognizer(['Bank statement March']);
    const ocr = service(recognizer);
    ocr.enqueue(frame(1, 'Bank portal', images[1]));
    ocr.enqueue(frame(2, 'Bank portal (2)', images[1]));
    await ocr.whenIdle();
    expect(calls).toHaveLength(1);
    expect(ocr.status()).toMatchObject({ recognized: 2, fromCache: 1, stored: 2 });
  });

  it('emits the stored text for the memory layer', async () => {
    const { recognizer } = scriptedRecognizer(['Reconcile the ledger']);
    const seen: unknown[] = [];
    events.on('screen:text-recognized', (e) => seen.push(e));
    const ocr = service(recognizer);
    ocr.enqueue(frame(1));
    await ocr.whenIdle();
    expect(seen).toEqual([
      { entryId: 1, at: new Date(T0 + 1000).toISOString(), app: 'Ledger', title: 'Window 1', text: 'Reconcile the ledger' },
    ]);
  });

  it('on close stops listening, forgets the queue, lets the frame in flight finish unstored, then stops the worker', async () => {
    const first = gate();
    const script = scriptedRecognizer([first.promise]);
    const ocr = service(script.recognizer);
    events.emit('frame:kept', { frame: frame(1), change: null });
    events.emit('frame:kept', { frame: frame(2), change: null });
    await waitFor(() => script.calls.length === 1, { what: 'the first frame to reach the recognizer' });
    const idle = ocr.whenIdle();
    const closing = ocr.close();
    expect(script.terminated()).toBe(0);
    first.open('late text');
    await closing;
    await idle;
    events.emit('frame:kept', { frame: frame(3), change: null });
    // A frame wrongly taken after the close would be read before the service is idle again.
    await ocr.whenIdle();
    expect(script.calls).toHaveLength(1);
    expect(script.terminated()).toBe(1);
    expect(ocr.status()).toMatchObject({ running: false, queued: 0, stored: 0 });
    expect(repository.count()).toBe(0);
  });

  it('never starts a recognition (and so a worker) once closed, even for the frame being prepared', async () => {
    const script = scriptedRecognizer([]);
    const ocr = service(script.recognizer);
    events.emit('frame:kept', { frame: frame(1), change: null });
    await ocr.close();
    expect(script.calls).toHaveLength(0);
    expect(script.terminated()).toBe(1);
  });

  it('with ocrEnabled off never subscribes', async () => {
    const { recognizer, calls } = scriptedRecognizer([]);
    const settings = settingsSchema.parse({ ocrEnabled: false });
    const ocr = createOcrService({ settings, repository, events, clock, sourceKind: 'desktop', recognizer });
    events.emit('frame:kept', { frame: frame(1), change: null });
    await ocr.whenIdle();
    expect(calls).toHaveLength(0);
    expect(ocr.status()).toMatchObject({ running: false, queued: 0, recognized: 0 });
  });
});

describe('normalizeOcrText', () => {
  it('trims lines, collapses blanks, drops empty lines and cuts long text', () => {
    expect(normalizeOcrText('  a \t b \n\n\n c  \n', 100)).toBe('a b\nc');
    expect(normalizeOcrText('abcdef', 3)).toBe('abc');
  });
});
