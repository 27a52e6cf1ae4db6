import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/core/clock';
import type { Settings } from '../../src/core/config/settings';
import type { Frame } from '../../src/core/observe/frame';
import type { CaptureSource } from '../../src/core/observe/sources/capture-source';
import { createShadowCore, type ShadowCore } from '../../src/core/shadow-core';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';
import { waitFor } from '../helpers/wait';

const T0 = Date.parse('2026-11-02T09:00:00Z');

/** Two different screens of a ledger, as a source that hands over encoded images. */
async function ledgerScreens(): Promise<Buffer[]> {
  const screen = (text: string) =>
    sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400"><rect width="640" height="400" fill="white"/><text x="40" y="200" font-size="28">${text}</text></svg>`,
      ),
    )
      .jpeg()
      .toBuffer();
  return [await screen('INVOICE 4471 APPROVED'), await screen('INVOICE 4472 REJECTED BY FINANCE')];
}

let core: ShadowCore | null = null;
let home: TempShadowHome | null = null;

afterEach(() => {
  core?.close();
  home?.remove();
  core = null;
  home = null;
});

/** The real core with `settings` and no LLM configured, over 30 polls that see two screens: the frames it kept. */
async function framesKept(settings: Partial<Settings>): Promise<{ kept: Frame[]; core: ShadowCore; home: TempShadowHome }> {
  const screens = await ledgerScreens();
  let shown = screens[0]!;
  const source: CaptureSource = {
    kind: 'desktop',
    activeWindow: async () => ({ app: 'Ledger', title: 'Ledger 2026.xlsx' }),
    idleSeconds: async () => 0,
    captureScreen: async () => shown,
  };
  home = createTempShadowHome('shadow-frame-images-');
  const clock = new ManualClock(T0);
  core = createShadowCore({
    paths: home.paths,
    source,
    clock,
    env: {},
    settings: { ocrEnabled: false, captureIntervalSec: 10, ...settings },
    ocrRecognizer: { recognize: async () => 'INVOICE 4471', terminate: async () => {} },
  });
  const kept: Frame[] = [];
  core.events.on('frame:kept', ({ frame }) => kept.push(frame));
  core.observer.start();
  for (let i = 0; i < 30; i++) {
    if (i === 15) shown = screens[1]!;
    clock.advance(1000);
    await core.observer.tick();
  }
  await core.ocr.whenIdle();
  return { kept, core, home };
}

describe('frame images', () => {
  it('are not kept when nothing reads them (no OCR, no kept screenshots, no vision model, no images over MCP)', async () => {
    const { kept, core } = await framesKept({});
    expect(kept).toHaveLength(2);
    expect(kept.every((frame) => frame.image === null)).toBe(true);
    // Dedup, memory and the immediate context work the same without them.
    expect(core.observer.immediateContext().recentFrames).toHaveLength(2);
    expect(core.observer.health()).toMatchObject({ framesCaptured: 2 });
  });

  it.each([
    ['OCR', { ocrEnabled: true }],
    ['images over MCP', { mcpAllowImages: true }],
  ] as const)('are kept for %s', async (_reader, settings) => {
    const { kept } = await framesKept(settings);
    expect(kept).toHaveLength(2);
    expect(kept.every((frame) => frame.image !== null && frame.image.subarray(0, 2).equals(Buffer.from([0xff, 0xd8])))).toBe(true);
  });

  it('reach OCR and kept screenshots when those are on', async () => {
    const { kept, core, home } = await framesKept({ ocrEnabled: true, keepScreenshots: true });
    expect(core.ocr.status().recognized).toBe(2);
    expect(core.screenText.search({ match: '"4471"', limit: 5 })).toHaveLength(1);
    const framesDir = join(home.paths.data, 'frames');
    const files = () => (existsSync(framesDir) ? readdirSync(framesDir).flatMap((day) => readdirSync(join(framesDir, day))) : []);
    await waitFor(files, { what: 'the kept screenshots', until: (written) => written.length === kept.length });
  });
});
