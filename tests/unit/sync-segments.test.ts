import { databaseOf } from '../../src/core/shadow-core';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  decodeSegment,
  encodeSegment,
  newDecodeUse,
  SEGMENT_MAX_LINE_BYTES,
  SEGMENT_MAX_UNPACKED_BYTES,
  SegmentError,
} from '../../src/core/sync/segment-codec';
import { createDeviceKey, publicKeyOf } from '../../src/core/sync/device-key';
import { signSegment } from '../../src/core/sync/signing';
import { SYNC_KINDS } from '../../src/core/sync/sync-kinds';
import { outgoingRow } from '../../src/core/sync/outgoing-row';
import { createRedactor } from '../../src/core/privacy/redactor';
import { ROW_SCHEMAS, segmentFileName, type SyncRecord } from '../../src/core/sync/sync-records';
import { handWrittenDevice, trustDevice, type HandWrittenDevice } from '../helpers/sync-profiles';
import { openDatabase } from '../../src/core/store/database';
import { openQuietCore } from '../helpers/quiet-core';

const PEER = '0123456789abcdef';
const homes: string[] = [];
afterEach(() => {
  for (const dir of homes.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  homes.push(dir);
  return dir;
};

const workSession = (id: number, rev: number): SyncRecord => ({
  kind: 'work_session',
  id,
  rev,
  row: { started_at: 1_000, ended_at: 61_000, status: 'completed', source: 'desktop', end_reason: 'the app quit' },
});
const span = (id: number, ws: number, rev: number, start = 1_000, end = 61_000): SyncRecord => ({
  kind: 'span',
  id,
  rev,
  row: {
    work_session_id: ws,
    kind: 'app',
    app: 'Excel',
    title: 'Ledger.xlsx',
    private_reason: null,
    start_ms: start,
    end_ms: end,
    monitor: null,
  },
});

const KEY = createDeviceKey();
const PUBLIC = publicKeyOf(KEY.publicKey)!;
const expectFrom = (device: string, seq: number) => ({ device, seq, key: PUBLIC });

/** A segment header line signed by KEY for whatever body and record count (hand-made segments). */
function signedHeader(records: number, body: string, seq = 1): string {
  const fields = { device: PEER, seq, records, createdAt: 'x', body: createHash('sha256').update(body).digest('hex') };
  return JSON.stringify({ format: 'workflow-shadow-sync-segment', version: 2, ...fields, signature: signSegment(fields, KEY.privateKey) });
}

/** A peer's folder with these segments (1, 2, …) and its signed manifest, inside a fresh sync folder. */
function peerFolder(segments: readonly (readonly SyncRecord[])[]): { folder: string; peer: HandWrittenDevice } {
  const folder = tempDir('shadow-sync-unit-');
  const peer = handWrittenDevice(folder, PEER);
  segments.forEach((records, i) => peer.segment(i + 1, records));
  peer.publish(segments.length);
  return { folder, peer };
}

function openImporter(folder: string) {
  return openQuietCore(tempDir('shadow-sync-home-'), {
    settings: { sync: { folder, deviceName: 'here', share: ['activity', 'memory', 'screenText', 'conversations'], intervalSec: 120 } },
  });
}

describe('sync kinds', () => {
  it('carry exactly the columns of their tables (besides the key and the device)', () => {
    const db = openDatabase(':memory:');
    for (const kind of SYNC_KINDS) {
      const columns = (db.prepare(`SELECT name FROM pragma_table_info('${kind.table}')`).all() as { name: string }[])
        .map((c) => c.name)
        .filter((name) => name !== 'device' && (name !== kind.key || kind.columns.includes(name)));
      expect([...kind.columns].sort(), kind.kind).toEqual(columns.sort());
      const shape = (ROW_SCHEMAS[kind.kind] as unknown as { shape: Record<string, unknown> }).shape;
      expect(Object.keys(shape).sort(), `${kind.kind}'s row schema`).toEqual([...kind.columns].sort());
    }
    db.close();
  });
});

describe('a row leaving for the folder', () => {
  const redactor = createRedactor({ enabled: true, kinds: ['card'], patterns: [], words: ['Zephyr'] });
  const kind = (name: string) => SYNC_KINDS.find((k) => k.kind === name)!;

  it('is redacted, and cut to what the other devices accept when a text is longer than its column may be', () => {
    const span = outgoingRow(
      kind('span'),
      {
        id: 9,
        work_session_id: 1,
        kind: 'app',
        app: 'Firefox',
        title: `Zephyr ${'x'.repeat(5000)}`,
        private_reason: null,
        start_ms: 0,
        end_ms: 5,
        monitor: null,
        device: 1,
      },
      redactor,
    )!;
    expect(span).not.toHaveProperty('id');
    expect(span.title).toMatch(/^\[redacted\] x+…$/);
    expect((span.title as string).length).toBe(2000);
    const turnSummary = 'Zy '.repeat(20) + 'Zephyr '.repeat(6);
    const turn = outgoingRow(
      kind('turn'),
      {
        session_id: 'ses_abcdef',
        number: 1,
        prompt: 'card 4111 1111 1111 1111',
        reply: 'ok',
        app: null,
        window_title: null,
        prompt_tokens: 1,
        reply_tokens: 1,
        summary: turnSummary.slice(0, 100),
        summary_source: 'extractive',
        engine: 'offline',
        status: 'complete',
        created_at: 0,
        completed_at: 0,
        evidence: JSON.stringify([
          {
            claim: 'Zephyr at 4111 1111 1111 1111',
            at: '2026-03-10T09:00:00.000Z',
            until: null,
            app: null,
            windowTitle: null,
            snippet: 'Zephyr',
            source: 'summary',
            open: { at: '2026-03-10T09:00:00.000Z', screenTextId: null },
          },
        ]),
        interrupted_reason: null,
      },
      redactor,
    )!;
    expect(turn.prompt).toBe('card [card]');
    expect((turn.summary as string).length).toBe(100);
    expect(JSON.parse(turn.evidence as string)).toEqual([
      expect.objectContaining({ claim: '[redacted] at [card]', snippet: '[redacted]', at: '2026-03-10T09:00:00.000Z' }),
    ]);
  });

  it('stays here when it cannot be made to fit', () => {
    const tooMany = JSON.stringify(Array.from({ length: 600 }, (_, i) => `app ${i}`));
    expect(
      outgoingRow(
        kind('task'),
        { work_session_id: 1, name: 'x', start_ms: 0, end_ms: 1, is_open: 0, apps: tooMany, titles: '[]', switches: 0, brief: '' },
        redactor,
      ),
    ).toBeNull();
  });
});

describe('segment codec', () => {
  const records = [workSession(1, 1), span(2, 1, 2)];

  it('reads back what it wrote', async () => {
    const { bytes } = encodeSegment({ device: PEER, seq: 3, createdAt: '2026-03-10T00:00:00.000Z' }, records, KEY.privateKey);
    expect((await decodeSegment(bytes, expectFrom(PEER, 3))).records).toEqual(records);
  });

  it.each([
    ['a truncated file', (b: Buffer) => b.subarray(0, b.length - 9), /incomplete or damaged/],
    ['another device', (b: Buffer) => b, /names device/, expectFrom('ffffffffffffffff', 3)],
    ['another sequence number', (b: Buffer) => b, /segment 3, not the file/, expectFrom(PEER, 4)],
    ['a count that differs', () => gzipSync(Buffer.from(`${signedHeader(5, '', 3)}\n`)), /holds 0 records/],
    ['a line that is not JSON', () => gzipSync(Buffer.from(`${signedHeader(1, '{oops\n', 3)}\n{oops\n`)), /line 2 is not JSON/],
    [
      'a segment of the unsigned format before',
      () =>
        gzipSync(
          Buffer.from(
            `${JSON.stringify({ format: 'workflow-shadow-sync-segment', version: 1, device: PEER, seq: 3, records: 0, createdAt: 'x' })}\n`,
          ),
        ),
      /format version 1, this device reads version 2: update Workflow Shadow on that device/,
    ],
    [
      'another key',
      () => encodeSegment({ device: PEER, seq: 3, createdAt: 'x' }, records, createDeviceKey().privateKey).bytes,
      /not signed by the key trusted/,
    ],
    [
      'records other than the ones signed',
      (b: Buffer) => gzipSync(Buffer.from(gunzipSync(b).toString().replace('Ledger.xlsx', 'Ledger.xlsm'))),
      /not the ones its device signed/,
    ],
  ])('refuses %s', async (_name, mangle, message, expected = expectFrom(PEER, 3)) => {
    const { bytes } = encodeSegment({ device: PEER, seq: 3, createdAt: 'x' }, records, KEY.privateKey);
    await expect(decodeSegment(mangle(bytes), expected)).rejects.toThrow(message);
  });

  it('refuses rows that break their schema, and a gzip bomb', async () => {
    const backwards = span(2, 1, 2, 5_000, 1_000);
    await expect(
      decodeSegment(encodeSegment({ device: PEER, seq: 1, createdAt: 'x' }, [backwards], KEY.privateKey).bytes, expectFrom(PEER, 1)),
    ).rejects.toThrow(/span row is invalid/);
    const long = {
      ...workSession(1, 1),
      row: { ...(workSession(1, 1) as { row: object }).row, end_reason: 'x'.repeat(600) },
    } as SyncRecord;
    await expect(
      decodeSegment(encodeSegment({ device: PEER, seq: 1, createdAt: 'x' }, [long], KEY.privateKey).bytes, expectFrom(PEER, 1)),
    ).rejects.toThrow(/end_reason/);
    const bomb = gzipSync(Buffer.concat([Buffer.from(`${signedHeader(1, '')}\n`), Buffer.alloc(SEGMENT_MAX_UNPACKED_BYTES + 1024, 0x20)]));
    await expect(decodeSegment(bomb, expectFrom(PEER, 1))).rejects.toMatchObject({ refused: true, message: /unpacks to more than/ });
  });

  it('stops at the first empty line of a small file that unpacks to a mass of them, having unpacked one chunk', async () => {
    const emptyLines = gzipSync(
      Buffer.concat([Buffer.from(`${signedHeader(3, '\n\n\n')}\n`), Buffer.alloc(SEGMENT_MAX_UNPACKED_BYTES - 4096, 0x0a)]),
      { level: 9 },
    );
    expect(emptyLines.length).toBeLessThan(64 * 1024);
    const use = newDecodeUse();
    await expect(decodeSegment(emptyLines, expectFrom(PEER, 1), use)).rejects.toThrow(/line 2 is not JSON/);
    expect(use.unpackedBytes).toBeLessThanOrEqual(64 * 1024);
    expect(use.lines).toBe(2);
    const noHeader = gzipSync(Buffer.alloc(SEGMENT_MAX_UNPACKED_BYTES - 4096, 0x0a), { level: 9 });
    await expect(decodeSegment(noHeader, expectFrom(PEER, 1))).rejects.toThrow(/line 1 is not JSON/);
  });

  it('refuses a line longer than a record may be, and records past the count of its header, as hostile', async () => {
    const longLine = gzipSync(Buffer.concat([Buffer.from(`${signedHeader(1, '')}\n"`), Buffer.alloc(SEGMENT_MAX_LINE_BYTES + 10, 0x61)]));
    await expect(decodeSegment(longLine, expectFrom(PEER, 1))).rejects.toMatchObject({ refused: true, message: /longer than/ });
    const body = records.map((r) => `${JSON.stringify(r)}\n`).join('');
    const extra = gzipSync(Buffer.from(`${signedHeader(1, body)}\n${body}`));
    await expect(decodeSegment(extra, expectFrom(PEER, 1))).rejects.toMatchObject({ refused: true, message: /more records than the 1/ });
  });

  it('turns any bytes into records or a SegmentError, never another failure', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2000 }), fc.boolean(), async (bytes, zipped) => {
        const input = zipped ? gzipSync(Buffer.from(bytes)) : Buffer.from(bytes);
        try {
          await decodeSegment(input, expectFrom(PEER, 1));
        } catch (error) {
          expect(error).toBeInstanceOf(SegmentError);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('importing another device’s folder', () => {
  it('writes only into that device’s scope, waits for a missing parent, and never takes this device’s rows', async () => {
    // Segment 1 brings a span whose work session only segment 2 brings, not in the folder yet: it waits, then applies.
    const { folder, peer } = peerFolder([[span(2, 1, 3)], [workSession(1, 2)]]);
    const second = join(folder, PEER, segmentFileName(2));
    const secondBytes = readFileSync(second);
    rmSync(second);
    const core = openImporter(folder);
    try {
      trustDevice(core, peer);
      const local = core.activity.startWorkSession(0, 'desktop');
      databaseOf(core)
        .prepare(
          `INSERT INTO sessions (id, type, title, status, created_at, last_active_at) VALUES ('ses_localone', 'chat', 'Mine', 'paused', 0, 0)`,
        )
        .run();
      const first = await core.sync.run();
      expect(first.imported.segments).toBe(0);
      expect(first.status.problems).toContainEqual(expect.objectContaining({ kind: 'waiting', seq: 1 }));
      // Once segment 2 arrives, segment 1 is applied after it in the same exchange.
      writeFileSync(second, secondBytes);
      const next = await core.sync.run();
      expect(next.imported.segments).toBe(2);
      expect(next.status.problems).toEqual([]);
      const key = core.sync.devices.resolve(PEER)!;
      expect(databaseOf(core).prepare(`SELECT device, app FROM activity_spans`).all()).toEqual([{ device: key, app: 'Excel' }]);
      expect(core.activity.getWorkSession(local)?.device).toBeDefined();

      // A later segment claiming this device's conversation's id: the conversation stays as it was, and
      // the device's own is kept apart under an id of its own.
      const hostile: SyncRecord = {
        kind: 'session',
        id: 'ses_localone',
        rev: 10,
        row: {
          type: 'chat',
          title: 'Taken over',
          status: 'active',
          created_at: 0,
          last_active_at: 0,
          model: null,
          tools: '[]',
          system_prompt_hash: null,
          context_summary: '',
          token_count: 0,
          turn_count: 0,
          pause_requested: 0,
          paused_at: null,
          continues: null,
        },
      };
      peer.segment(3, [hostile]);
      peer.publish(3);
      const claimed = await core.sync.run();
      expect(claimed.imported.segments).toBe(1);
      expect(core.sessions.get('ses_localone')).toMatchObject({ title: 'Mine', status: 'paused' });
      expect(databaseOf(core).prepare(`SELECT id, title FROM sessions WHERE device = ?`).all(key)).toEqual([
        { id: expect.stringMatching(/^ses_[A-Za-z0-9_-]{22}$/), title: 'Taken over' },
      ]);
      expect(claimed.status.problems).toEqual([
        expect.objectContaining({
          kind: 'conflict',
          message: expect.stringMatching(/ses_localone has the id of a conversation of this computer/),
        }),
      ]);
    } finally {
      core.close();
    }
  });

  it('refuses a folder whose manifest names another device, and never reads its own folder', async () => {
    const folder = tempDir('shadow-sync-unit-');
    const elsewhere = handWrittenDevice(tempDir('shadow-sync-unit-'), 'fedcba9876543210');
    elsewhere.segment(1, [workSession(1, 1)]);
    elsewhere.publish(1);
    mkdirSync(join(folder, PEER));
    writeFileSync(join(folder, PEER, 'manifest.json'), readFileSync(join(elsewhere.dir, 'manifest.json')));
    const core = openImporter(folder);
    try {
      const own = join(folder, core.sync.status().device.id);
      mkdirSync(own);
      const encoded = encodeSegment({ device: core.sync.status().device.id, seq: 1, createdAt: 'x' }, [workSession(7, 1)], KEY.privateKey);
      writeFileSync(join(own, segmentFileName(1)), encoded.bytes);
      const run = await core.sync.run();
      expect(run.imported.segments).toBe(0);
      expect(run.status.problems).toContainEqual(
        expect.objectContaining({ kind: 'refused', seq: null, message: expect.stringMatching(/names device/) }),
      );
      expect(databaseOf(core).prepare(`SELECT COUNT(*) AS n FROM work_sessions`).get()).toEqual({ n: 0 });
      expect(readdirSync(own).filter((f) => f.startsWith('seg-'))).toEqual([segmentFileName(1)]);
    } finally {
      core.close();
    }
  });

  it('walks only the segments in the folder, whatever number a manifest claims', async () => {
    const { folder, peer } = peerFolder([[workSession(1, 1)]]);
    peer.publish(Number.MAX_SAFE_INTEGER);
    const core = openImporter(folder);
    try {
      trustDevice(core, peer);
      // Walking every number up to the claimed one would never end (the test would time out).
      const run = await core.sync.run();
      expect(run.imported.segments).toBe(1);
      expect(databaseOf(core).prepare(`SELECT COUNT(*) AS n FROM work_sessions WHERE device != 1`).get()).toEqual({ n: 1 });
    } finally {
      core.close();
    }
  });
});
