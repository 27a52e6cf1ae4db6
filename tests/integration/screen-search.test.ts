import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOcrProcessRecognizer } from '../../src/core/ocr/ocr-process-recognizer';
import type { TextRecognizer } from '../../src/core/ocr/text-recognizer';
import { startEngine, type RunningEngine } from '../../src/server/start-engine';

const START = Date.parse('2026-03-02T09:00:00.000Z');

interface Segment {
  app: string;
  title: string;
  seconds: number;
  lines: string[];
}

/** A recorded day whose screenshots show known text, drawn with sharp. */
async function writeDay(segments: Segment[]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'shadow-ocr-day-'));
  mkdirSync(join(dir, 'images'));
  const at = (s: number): string => new Date(START + s * 1000).toISOString();
  const events: { at: string; line: string }[] = [];
  const add = (event: { kind: string; at: string } & Record<string, unknown>): number =>
    events.push({ at: event.at, line: JSON.stringify(event) });
  let t = 0;
  for (const [i, seg] of segments.entries()) {
    const image = `images/screen-${i}.png`;
    const text = seg.lines.map((l, n) => `<text x="60" y="${140 + n * 60}" font-family="DejaVu Sans" font-size="34">${l}</text>`).join('');
    await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720"><rect width="1280" height="720" fill="#fff"/>${text}</svg>`,
      ),
    )
      .png()
      .toFile(join(dir, image));
    add({ kind: 'window', at: at(t), app: seg.app, title: seg.title });
    // Two screenshots of the same picture: the second must be deduplicated, not OCR'd again.
    add({ kind: 'frame', at: at(t), image });
    add({ kind: 'frame', at: at(t + seg.seconds / 2), image });
    for (let s = t; s < t + seg.seconds; s += 5) add({ kind: 'input', at: at(s) });
    t += seg.seconds;
  }
  const lines = events.sort((a, b) => a.at.localeCompare(b.at)).map((e) => e.line);
  writeFileSync(join(dir, 'events.jsonl'), `${lines.join('\n')}\n`);
  writeFileSync(
    join(dir, 'manifest.json'),
    JSON.stringify({ format: 'workflow-shadow-day', version: 1, startedAt: at(0), endedAt: at(t) }),
  );
  return dir;
}

/** The real (default) recognizer, Tesseract in its own process, with a record of every text it read. */
function recordingRecognizer(): TextRecognizer & { readonly texts: string[] } {
  const real = createOcrProcessRecognizer();
  const texts: string[] = [];
  return {
    texts,
    async recognize(image) {
      const text = await real.recognize(image);
      texts.push(text);
      return text;
    },
    terminate: () => real.terminate(),
    peakRssBytes: () => real.peakRssBytes?.() ?? null,
  };
}

let engine: RunningEngine;
let recognizer: ReturnType<typeof recordingRecognizer>;
let home: string;

async function get(path: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`${engine.http.url}${path}`, { headers: { authorization: `Bearer ${engine.token}` } });
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'shadow-ocr-home-'));
  process.env.SHADOW_HOME = home;
  delete process.env.SHADOW_API_TOKEN;
  const day = await writeDay([
    { app: 'Ledger', title: 'Accounts payable', seconds: 60, lines: ['INVOICE 4471 ACME SUPPLIES', 'Total due 1250.00 EUR'] },
    { app: 'KeePassXC', title: 'Passwords.kdbx', seconds: 60, lines: ['SECRETWORD hunter2', 'Bank login'] },
    { app: 'Firefox', title: 'Bank portal', seconds: 60, lines: ['Statement reconciled', 'Payment to ACME SUPPLIES'] },
  ]);
  recognizer = recordingRecognizer();
  engine = await startEngine({ port: 0, replayDir: day, ocrRecognizer: recognizer, settings: { idleAfterSec: 600 } });
  await engine.replayDone;
  await engine.core.ocr.whenIdle();
});

afterAll(async () => {
  await engine?.stop();
  rmSync(home, { recursive: true, force: true });
});

describe('screen search over a replayed day', () => {
  it('OCRs exactly the kept frames: never the excluded window, never a deduplicated frame', () => {
    const capture = engine.core.observer.health();
    const ocr = engine.core.ocr.status();
    expect(capture.framesCaptured).toBe(2);
    expect(ocr).toMatchObject({ recognized: 2, fromCache: 0, stored: 2, dropped: 0, failed: 0 });
    expect(recognizer.texts).toHaveLength(2);
    expect(recognizer.texts.join('\n')).toContain('4471');
    expect(recognizer.texts.join('\n')).not.toMatch(/SECRETWORD|hunter2/i);
  });

  it('finds text shown on screen with its time, app, title and a marked snippet', async () => {
    const res = await get('/api/v1/search/screen?q=4471');
    expect(res.status).toBe(200);
    expect(res.body.query).toBe('4471');
    expect(res.body.hits).toHaveLength(1);
    expect(res.body.hits[0]).toMatchObject({ app: 'Ledger', title: 'Accounts payable', at: '2026-03-02T09:00:00.000Z' });
    expect(res.body.hits[0].snippet).toContain('**4471**');
  });

  it('never finds the text of an excluded window', async () => {
    for (const q of ['SECRETWORD', 'hunter2', 'Passwords']) {
      const res = await get(`/api/v1/search/screen?q=${q}`);
      expect(res.status, q).toBe(200);
      expect(res.body.hits, q).toEqual([]);
    }
  });

  it('filters by app and by time, and ranks hits', async () => {
    const both = await get('/api/v1/search/screen?q=acme%20supplies');
    expect(both.body.hits.map((h: { app: string }) => h.app).sort()).toEqual(['Firefox', 'Ledger']);
    const firefox = await get('/api/v1/search/screen?q=acme&app=firefox');
    expect(firefox.body.hits.map((h: { app: string }) => h.app)).toEqual(['Firefox']);
    const late = await get('/api/v1/search/screen?q=acme&from=2026-03-02T09:01:30Z');
    expect(late.body.hits.map((h: { app: string }) => h.app)).toEqual(['Firefox']);
    const day = await get('/api/v1/search/screen?q=acme&from=2026-03-02&to=2026-03-02&limit=1');
    expect(day.body.hits).toHaveLength(1);
    const dayBefore = await get('/api/v1/search/screen?q=acme&to=2026-03-01');
    expect(dayBefore.body.hits).toEqual([]);
  });

  it('answers FTS syntax typed by a user as plain words, never with a 500', async () => {
    for (const q of ['"', 'AND', 'NEAR(4471', 'title:4471', '4471 OR', '(acme', '*', "'; DROP TABLE screen_text; --"]) {
      const res = await get(`/api/v1/search/screen?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
    }
    expect((await get(`/api/v1/search/screen?q=${encodeURIComponent('NEAR(4471')}`)).body.hits).toEqual([]);
    expect((await get(`/api/v1/search/screen?q=${encodeURIComponent('(4471)')}`)).body.hits).toHaveLength(1);
    expect((await get('/api/v1/search/screen?q=acm*')).body.hits).toHaveLength(2);
  });

  it('rejects bad parameters with a readable 400', async () => {
    const missing = await get('/api/v1/search/screen');
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/q/);
    const badLimit = await get('/api/v1/search/screen?q=acme&limit=0');
    expect(badLimit.status).toBe(400);
    const badFrom = await get('/api/v1/search/screen?q=acme&from=yesterday');
    expect(badFrom.status).toBe(400);
    expect(badFrom.body.error.message).toMatch(/YYYY-MM-DD/);
  });

  it('reports the OCR counters', async () => {
    const res = await get('/api/v1/screen/ocr');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      enabled: true,
      running: true,
      queued: 0,
      recognized: 2,
      stored: 2,
      dropped: 0,
      failed: 0,
      storedRows: 2,
    });
    expect(res.body.averageMs).toBeGreaterThan(0);
    expect(res.body.processPeakRssBytes).toBeGreaterThan(50 * 1024 * 1024);
  });
});
