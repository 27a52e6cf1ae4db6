import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { fillSyntheticDays } from '../../bench/lib/synthetic-work';
import { databaseOf, type ShadowCore } from '../../src/core/shadow-core';
import { createDeviceKey, DEVICE_KEY_FILE } from '../../src/core/sync/device-key';
import type { SyncStatus } from '../../src/shared/contract/index';
import { openQuietCore } from '../helpers/quiet-core';
import { handWrittenDevice, pairProfiles, rowCounts, trustDevice, workSessionRecord } from '../helpers/sync-profiles';

/**
 * Devices prove who they are (issue 25): each signs its manifest and segments with its own key, and
 * another device's work is imported only once the person trusts that key, having compared its
 * fingerprint on both screens. Unknown, wrongly signed or impersonating data is refused and shown.
 */
const run = promisify(execFile);
const dirs: string[] = [];
const cores: ShadowCore[] = [];
afterEach(() => {
  for (const core of cores.splice(0)) core.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const temp = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
const SHARE = ['activity', 'memory', 'screenText', 'conversations'] as const;

function profile(folder: string, name: string, home = temp(`shadow-trust-${name}-`)): ShadowCore {
  const core = openQuietCore(home, { settings: { sync: { folder, deviceName: name, share: [...SHARE], intervalSec: 120 } } });
  cores.push(core);
  return core;
}

const count = (core: ShadowCore, table: string, device: number | null): number =>
  device === null ? 0 : (databaseOf(core).prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE device = ?`).get(device) as { n: number }).n;
const deviceIn = (status: SyncStatus, id: string) => status.devices.find((d) => d.id === id);

describe('devices that prove who they are', () => {
  it('imports nothing of another device until the person trusts the key its own screen shows; a wrong fingerprint is refused', async () => {
    const folder = temp('shadow-trust-folder-');
    const laptop = profile(folder, 'laptop');
    const desktop = profile(folder, 'desktop');
    fillSyntheticDays(databaseOf(laptop), { days: 1, startMs: Date.parse('2026-06-01T00:00:00Z'), framesPerDay: 20 });
    await laptop.sync.run();
    const seen = await desktop.sync.run();
    const laptopShows = laptop.sync.status();
    expect(laptopShows.fingerprint).toMatch(/^([0-9A-F]{4}-){7}[0-9A-F]{4}$/);
    // The desktop shows the laptop waiting, with the fingerprint the laptop's own screen shows.
    expect(deviceIn(seen.status, laptopShows.device.id)).toMatchObject({
      name: 'laptop',
      trust: 'pending',
      fingerprint: laptopShows.fingerprint,
      workSessions: 0,
    });
    expect(seen.imported.segments).toBe(0);
    const reason = desktop.health.report().reasons.find((r) => r.code === 'sync_device_unconfirmed');
    expect(reason?.message).toContain(`laptop (${laptopShows.device.id}, key ${laptopShows.fingerprint})`);
    // The key file is the user's alone.
    expect(statSync(join(laptop.paths.dir, DEVICE_KEY_FILE)).mode & 0o777).toBe(0o600);

    const wrong = createDeviceKey().fingerprint;
    expect(() => desktop.sync.trust(laptopShows.device.id, wrong)).toThrow(/presents the key .* not /);
    expect(() => desktop.sync.trust(laptopShows.device.id, 'not a fingerprint')).toThrow(/is not a fingerprint/);
    expect(deviceIn(desktop.sync.status(), laptopShows.device.id)?.trust).toBe('pending');
    // Typed as a person may: lower case, spaces instead of dashes.
    desktop.sync.trust('laptop', laptopShows.fingerprint!.toLowerCase().replaceAll('-', ' '));
    const imported = await desktop.sync.run();
    expect(imported.imported.segments).toBeGreaterThan(0);
    const laptopKey = desktop.sync.devices.resolve('laptop');
    expect(count(desktop, 'screen_text_entries', laptopKey)).toBe(count(laptop, 'screen_text_entries', 1));
    expect(desktop.health.report().reasons.map((r) => r.code)).not.toContain('sync_device_unconfirmed');
  });

  it('refuses a segment someone else signed in a trusted device’s folder, and a manifest signed with another key', async () => {
    const folder = temp('shadow-trust-folder-');
    const peer = handWrittenDevice(folder, '9999999999999999', 'tablet');
    peer.segment(1, [workSessionRecord(1, 1)]);
    peer.publish(1);
    const core = profile(folder, 'here');
    trustDevice(core, peer);
    await core.sync.run();
    const before = rowCounts(core);
    // Someone who can write in the folder, but holds another key, speaks for the tablet.
    const intruder = createDeviceKey();
    peer.segment(2, [workSessionRecord(2, 2)], intruder);
    peer.publish(2);
    const forged = await core.sync.run();
    expect(forged.imported.segments).toBe(0);
    expect(forged.status.problems).toContainEqual(
      expect.objectContaining({ kind: 'refused', seq: 2, message: expect.stringMatching(/not signed by the key trusted for its device/) }),
    );
    expect(rowCounts(core)).toEqual(before);
    // A manifest signed with the intruder's key: the tablet's folder is not read at all while it is there.
    peer.segment(3, [workSessionRecord(3, 3)]);
    peer.publish(3, { key: intruder });
    const impostor = await core.sync.run();
    expect(impostor.imported.segments).toBe(0);
    expect(impostor.status.problems).toContainEqual(
      expect.objectContaining({
        kind: 'refused',
        seq: null,
        message: expect.stringMatching(
          new RegExp(
            `signed by another key \\(fingerprint ${intruder.fingerprint}\\) than the one trusted for it \\(${peer.key.fingerprint}\\)`,
          ),
        ),
      }),
    );
    expect(core.health.report().reasons.find((r) => r.code === 'sync_input_refused')?.message).toMatch(
      /the folder of tablet: its manifest is signed by another key/,
    );
    expect(rowCounts(core)).toEqual(before);
    // The tablet's own manifest back: its own segment 3 comes in, the forged 2 stays out.
    peer.publish(3);
    const healed = await core.sync.run();
    expect(healed.imported.segments).toBe(1);
    expect(count(core, 'work_sessions', core.sync.devices.resolve('tablet'))).toBe(2);
  });

  it('keeps a folder naming itself like a trusted device apart: another device, waiting, never confused with it', async () => {
    const folder = temp('shadow-trust-folder-');
    const real = handWrittenDevice(folder, 'aaaaaaaaaaaaaaaa', 'laptop');
    real.segment(1, [workSessionRecord(1, 1)]);
    real.publish(1);
    const core = profile(folder, 'here');
    trustDevice(core, real);
    await core.sync.run();
    const fake = handWrittenDevice(folder, '0000000000000001', 'laptop');
    for (let i = 1; i <= 3; i++) fake.segment(i, [workSessionRecord(i, i)]);
    fake.publish(3);
    const run1 = await core.sync.run();
    expect(run1.imported.segments).toBe(0);
    const listed = run1.status.devices.filter((d) => d.name === 'laptop');
    expect(listed.map((d) => [d.id, d.trust, d.fingerprint])).toEqual([
      [real.id, 'trusted', real.key.fingerprint],
      [fake.id, 'pending', fake.key.fingerprint],
    ]);
    // Views know one laptop, the trusted one, with its one work session.
    const realKey = core.sync.devices.resolve('laptop');
    expect(core.sync.devices.get(realKey!)?.id).toBe(real.id);
    expect(count(core, 'work_sessions', realKey)).toBe(1);
    expect(core.sync.devices.all().map((d) => d.id)).not.toContain(fake.id);
    // Names are labels: trusting "laptop" asks which one.
    expect(() => core.sync.trust('laptop', fake.key.fingerprint)).toThrow(/2 devices are called "laptop"; give the id/);
    const refused = core.sync.refuse(fake.id);
    expect(deviceIn(refused, fake.id)?.trust).toBe('refused');
    // A refused device's folder is not read again, whatever it writes.
    fake.segment(4, [workSessionRecord(4, 4)]);
    fake.publish(4, { name: 'here' });
    const after = await core.sync.run();
    expect(after.imported.bytes).toBeLessThan(4096);
    expect(deviceIn(after.status, fake.id)).toMatchObject({ name: 'laptop', trust: 'refused', workSessions: 0 });
  });

  it('deletes what a device brought when the person stops trusting it, and brings it back when trusted again', async () => {
    const folder = temp('shadow-trust-folder-');
    const laptop = profile(folder, 'laptop');
    const desktop = profile(folder, 'desktop');
    fillSyntheticDays(databaseOf(laptop), { days: 1, startMs: Date.parse('2026-06-01T00:00:00Z'), framesPerDay: 20 });
    await laptop.sync.run();
    await desktop.sync.run();
    pairProfiles(laptop, desktop);
    await desktop.sync.run();
    const laptopId = laptop.sync.status().device.id;
    const key = desktop.sync.devices.resolve(laptopId);
    const held = count(desktop, 'activity_spans', key);
    expect(held).toBeGreaterThan(0);
    const own = rowCounts(desktop);
    desktop.sync.refuse(laptopId);
    expect(count(desktop, 'activity_spans', key)).toBe(0);
    expect(count(desktop, 'work_sessions', key)).toBe(0);
    expect(desktop.sync.devices.resolve('laptop')).toBeNull();
    expect((await desktop.sync.run()).imported.segments).toBe(0);
    desktop.sync.trust(laptopId, laptop.sync.status().fingerprint!);
    await desktop.sync.run();
    expect(count(desktop, 'activity_spans', key)).toBe(held);
    expect(rowCounts(desktop)).toEqual(own);
  });

  it('refuses an unsigned manifest of the earlier format with the reason, and a manifest altered after signing', async () => {
    const folder = temp('shadow-trust-folder-');
    const peer = handWrittenDevice(folder, 'bbbbbbbbbbbbbbbb', 'old');
    peer.publish(0);
    writeFileSync(
      join(peer.dir, 'manifest.json'),
      JSON.stringify({
        format: 'workflow-shadow-sync',
        version: 1,
        device: { id: peer.id, name: 'old' },
        latestSeq: 0,
        segments: [],
        updatedAt: 'x',
      }),
    );
    const altered = handWrittenDevice(folder, 'cccccccccccccccc', 'altered');
    altered.publish(0);
    const text = readFileSync(join(altered.dir, 'manifest.json'), 'utf8');
    writeFileSync(join(altered.dir, 'manifest.json'), text.replace('altered', 'laptop'));
    const core = profile(folder, 'here');
    const status = (await core.sync.run()).status;
    expect(status.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'corrupt',
          device: expect.objectContaining({ id: peer.id }),
          message: expect.stringMatching(/format version 1, this device reads version 2/),
        }),
        expect.objectContaining({
          kind: 'refused',
          device: expect.objectContaining({ id: altered.id }),
          message: expect.stringMatching(/not signed by the key it names/),
        }),
      ]),
    );
  });
});

describe('pairing through the CLI', { timeout: 120_000 }, () => {
  it('lists a waiting device with its fingerprint, refuses a wrong one, trusts the right one, and refuses on request', async () => {
    const folder = temp('shadow-trust-folder-');
    const home = temp('shadow-trust-cli-');
    const here = profile(folder, 'desktop', home);
    here.sync.configure({ folder, deviceName: 'desktop' });
    await here.sync.run();
    here.close();
    cores.splice(cores.indexOf(here), 1);
    const peer = handWrittenDevice(folder, 'dddddddddddddddd', 'laptop');
    peer.segment(1, [workSessionRecord(1, 1)]);
    peer.publish(1);
    const impostor = handWrittenDevice(folder, 'eeeeeeeeeeeeeeee', 'laptop');
    impostor.publish(0);
    const shadow = async (...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> => {
      try {
        const { stdout, stderr } = await run('node', ['bin/shadow.js', 'sync', ...args], {
          env: { ...process.env, SHADOW_HOME: home, TZ: 'UTC' },
        });
        return { code: 0, stdout, stderr };
      } catch (error) {
        const e = error as { code: number; stdout: string; stderr: string };
        return { code: e.code, stdout: e.stdout, stderr: e.stderr };
      }
    };
    await shadow('now');
    const status = await shadow('status');
    expect(status.stdout).toMatch(new RegExp(`This device's key fingerprint: ([0-9A-F]{4}-){7}[0-9A-F]{4}`));
    expect(status.stdout).toMatch(new RegExp(`laptop +${peer.id} +${peer.key.fingerprint} +waiting for you`));
    expect(status.stdout).toMatch(new RegExp(`laptop +${impostor.id} +${impostor.key.fingerprint} +waiting for you`));
    expect(status.stdout).toContain(`shadow sync trust ${peer.id} --fingerprint <the fingerprint laptop shows>`);

    const wrong = await shadow('trust', peer.id, '--fingerprint', impostor.key.fingerprint);
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toContain(`presents the key ${peer.key.fingerprint} in the sync folder, not ${impostor.key.fingerprint}`);
    const ambiguous = await shadow('trust', 'laptop', '--fingerprint', peer.key.fingerprint);
    expect(ambiguous.stderr).toMatch(/2 devices are called "laptop"; give the id/);
    const trusted = await shadow('trust', peer.id, '--fingerprint', peer.key.fingerprint);
    expect(trusted.code).toBe(0);
    expect(trusted.stdout).toContain(`Trusted ${peer.id}`);
    const refused = await shadow('forget', impostor.id, '--json');
    const json = JSON.parse(refused.stdout) as SyncStatus;
    expect(deviceIn(json, impostor.id)?.trust).toBe('refused');
    expect(deviceIn(json, peer.id)?.trust).toBe('trusted');
    expect((await shadow('now')).stdout).toContain('imported 1 segment');
    const reopened = openQuietCore(home);
    cores.push(reopened);
    expect(reopened.sync.status().devices.find((d) => d.id === peer.id)?.workSessions).toBe(1);
  });
});
