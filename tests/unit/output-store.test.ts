import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../src/core/clock';
import { outputMarker, parseOutputMarkers } from '../../src/core/outputs/output-markers';
import { scheduleRetention } from '../../src/core/retention';
import { databaseOf, type ShadowCore } from '../../src/core/shadow-core';
import { openQuietCore } from '../helpers/quiet-core';

const DAY = 86_400_000;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

let home: string;
let clock: ManualClock;
let core: ShadowCore;
const open = (settings: Record<string, unknown> = {}): ShadowCore => openQuietCore(home, { clock, settings });

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'shadow-outputs-'));
  clock = new ManualClock(Date.parse('2026-11-02T09:00:00Z'));
  core = open();
});

afterEach(() => {
  core.close();
  rmSync(home, { recursive: true, force: true });
});

describe('output markers', () => {
  it('finds each referenced id once, in order', () => {
    const text = `${outputMarker('out_abcdefgh12')} shown; see [output:out_zzzzzzzz99] and again [output:out_abcdefgh12]; [output:bad]`;
    expect(parseOutputMarkers(text)).toEqual(['out_abcdefgh12', 'out_zzzzzzzz99']);
  });
});

describe('output store', () => {
  it('stores text and images with metadata, and they survive a restart of the core', () => {
    const session = core.sessions.create({ type: 'chat', tools: [] });
    const file = core.outputs.store(session.id, {
      kind: 'file',
      content: 'line 1\nline 2',
      metadata: { path: '/work/a.ts', lines: '1-2' },
      turn: 1,
    });
    const image = core.outputs.store(session.id, { kind: 'image', content: PNG });
    expect(file.marker).toBe(`[output:${file.id}]`);
    core.close();
    core = open();
    expect(core.outputs.get(file.id)).toMatchObject({
      sessionId: session.id,
      kind: 'file',
      turn: 1,
      mimeType: 'text/plain',
      metadata: { path: '/work/a.ts', lines: '1-2' },
      content: 'line 1\nline 2',
      encoding: 'utf8',
      size: 13,
    });
    expect(core.outputs.get(image.id)).toMatchObject({ encoding: 'base64', content: PNG.toString('base64'), mimeType: 'image/png' });
    expect(core.outputs.list(session.id).map((o) => o.id)).toEqual([file.id, image.id]);
  });

  it('reloads the outputs a turn refers to, skipping unknown ids and other sessions', () => {
    const a = core.sessions.create({ type: 'chat', tools: [] });
    const b = core.sessions.create({ type: 'chat', tools: [] });
    const mine = core.outputs.store(a.id, { kind: 'command', content: '$ ls\nREADME.md', metadata: { command: 'ls' } });
    const theirs = core.outputs.store(b.id, { kind: 'command', content: 'secret' });
    const reply = `${mine.marker} Ran ls for you. ${theirs.marker} [output:out_doesnotexist]`;
    expect(core.outputs.reloadReferenced(a.id, reply).map((o) => [o.id, o.content])).toEqual([[mine.id, '$ ls\nREADME.md']]);
  });

  it('prunes outputs older than outputRetentionDays on its schedule', () => {
    const session = core.sessions.create({ type: 'chat', tools: [] });
    const old = core.outputs.store(session.id, { kind: 'embed', content: '<iframe></iframe>', metadata: { url: 'https://youtu.be/x' } });
    clock.advance(20 * DAY);
    const recent = core.outputs.store(session.id, { kind: 'file', content: 'recent' });
    clock.advance(10 * DAY + 1);
    // The restarted app runs retention at start (and then hourly).
    core.close();
    core = open();
    expect(core.outputs.get(old.id).content).toBeDefined();
    scheduleRetention(core)();
    expect(() => core.outputs.get(old.id)).toThrow(expect.objectContaining({ kind: 'not_found' }));
    expect(core.outputs.get(recent.id).content).toBe('recent');
    clock.advance(20 * DAY);
    expect(core.outputs.prune()).toBe(1);
    expect(core.outputs.list(session.id)).toEqual([]);
  });

  it('prunes again every interval while running', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const session = core.sessions.create({ type: 'chat', tools: [] });
      const out = core.outputs.store(session.id, { kind: 'file', content: 'x' });
      const stop = scheduleRetention(core, 3_600_000);
      clock.advance(31 * DAY);
      expect(core.outputs.get(out.id).content).toBe('x');
      vi.advanceTimersByTime(3_600_000);
      expect(() => core.outputs.get(out.id)).toThrow(expect.objectContaining({ kind: 'not_found' }));
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('follows a shorter retention setting', () => {
    core.close();
    core = open({ outputRetentionDays: 1 });
    const session = core.sessions.create({ type: 'chat', tools: [] });
    core.outputs.store(session.id, { kind: 'raw', content: 'x' });
    clock.advance(DAY - 1);
    expect(core.outputs.prune()).toBe(0);
    clock.advance(2);
    expect(core.outputs.prune()).toBe(1);
  });

  it('deletes a session’s outputs with the session', () => {
    const session = core.sessions.create({ type: 'chat', tools: [] });
    const out = core.outputs.store(session.id, { kind: 'file', content: 'x' });
    databaseOf(core).prepare('DELETE FROM sessions WHERE id = ?').run(session.id);
    expect(() => core.outputs.get(out.id)).toThrow(expect.objectContaining({ kind: 'not_found' }));
  });

  it('refuses an unknown session and outputs over 5 MB', () => {
    expect(() => core.outputs.store('ses_missing1', { kind: 'file', content: 'x' })).toThrow(
      expect.objectContaining({ kind: 'not_found' }),
    );
    const session = core.sessions.create({ type: 'chat', tools: [] });
    expect(() => core.outputs.store(session.id, { kind: 'raw', content: Buffer.alloc(5 * 1024 * 1024 + 1) })).toThrow(
      expect.objectContaining({ kind: 'too_large' }),
    );
    expect(core.outputs.list(session.id)).toEqual([]);
  });
});
