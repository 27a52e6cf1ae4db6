import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/core/clock';
import { applyRetention } from '../../src/core/retention';
import type { ShadowCore } from '../../src/core/shadow-core';
import { openQuietCore } from '../helpers/quiet-core';

const DAY = 86_400_000;

let home: string;
let clock: ManualClock;
let core: ShadowCore;
const open = (): ShadowCore => openQuietCore(home, { clock, settings: { retentionDays: 90, outputRetentionDays: 30 } });

/** One of each kind of retained data, stamped at the clock's current time. */
function storeOneOfEach(label: string): void {
  core.screenText.insert({ atMs: clock.now(), app: 'Excel', title: label, text: `text of ${label}` });
  const session = core.sessions.create({ type: 'chat', tools: [] });
  core.outputs.store(session.id, { kind: 'raw', content: label });
  core.memory.llmContext.forCall('chat');
  core.privacy.ledger.frameDropped('focus-moved', clock.now());
  const day = new Date(clock.now()).toISOString().slice(0, 10);
  mkdirSync(join(core.paths.data, 'frames', day), { recursive: true });
  writeFileSync(join(core.paths.data, 'frames', day, `${label}.img`), 'x');
}

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'shadow-retention-'));
  clock = new ManualClock(Date.parse('2026-01-01T12:00:00Z'));
  core = open();
});

afterEach(() => core.close());

describe('retention', () => {
  it('deletes OCR text, receipts, kept frames and privacy records after retentionDays and outputs after outputRetentionDays', () => {
    storeOneOfEach('old');
    clock.advance(60 * DAY);
    storeOneOfEach('recent');
    clock.advance(31 * DAY);
    const result = applyRetention(core);
    expect(result).toEqual({ screenTextRows: 1, contextReceipts: 1, outputs: 2, frameDays: 1, privacyRecords: 1 });
    expect(core.privacy.report('2026-01-01').framesDropped.total).toBe(0);
    expect(core.privacy.report('2026-03-02').framesDropped.total).toBe(1);
    expect(existsSync(join(core.paths.data, 'frames', '2026-01-01'))).toBe(false);
    expect(existsSync(join(core.paths.data, 'frames', '2026-03-02'))).toBe(true);
    expect(core.screenText.count()).toBe(1);
  });

  it('is never run by opening the core: read-only processes (shadow mcp, the CLI) delete nothing', () => {
    storeOneOfEach('old');
    core.close();
    clock.advance(365 * DAY);
    core = open();
    expect(core.screenText.count()).toBe(1);
    expect(existsSync(join(core.paths.data, 'frames', '2026-01-01'))).toBe(true);
  });
});
