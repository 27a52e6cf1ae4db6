import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillSyntheticDays } from '../../bench/lib/synthetic-work';
import { databaseOf, type ShadowCore } from '../../src/core/shadow-core';
import { readManifest } from '../../src/core/sync/manifest';
import { localDayBounds } from '../../src/core/time';
import { openQuietCore } from '../helpers/quiet-core';
import { pairProfiles } from '../helpers/sync-profiles';
import { startSyncthingPair, type SyncthingInstance } from '../helpers/syncthing';
import { waitFor } from '../helpers/wait';

/**
 * Two real Syncthing instances carry the sync folder between two engines (issue 17), on 127.0.0.1 only:
 * what the laptop writes to its folder arrives in the desktop's copy and is imported there, and back.
 * Each side asks its Syncthing to scan after writing (REST on loopback), so the test does not wait for
 * a rescan interval; the whole exchange is bounded well within two minutes.
 */

const root = mkdtempSync(join(tmpdir(), 'shadow-syncthing-'));
const dir = (name: string): string => join(root, name);
let pair: [SyncthingInstance, SyncthingInstance];
let laptop: ShadowCore;
let desktop: ShadowCore;

const share = ['activity', 'memory', 'screenText', 'conversations'] as const;

beforeAll(async () => {
  for (const name of ['st-laptop', 'st-desktop', 'folder-laptop', 'folder-desktop']) mkdirSync(dir(name));
  pair = await startSyncthingPair(dir('st-laptop'), dir('st-desktop'), dir('folder-laptop'), dir('folder-desktop'));
  laptop = openQuietCore(dir('home-laptop'), {
    settings: { sync: { folder: dir('folder-laptop'), deviceName: 'laptop', share: [...share], intervalSec: 120 } },
  });
  desktop = openQuietCore(dir('home-desktop'), {
    settings: { sync: { folder: dir('folder-desktop'), deviceName: 'desktop', share: [...share], intervalSec: 120 } },
  });
  fillSyntheticDays(databaseOf(laptop), { days: 3, startMs: Date.parse('2026-04-06T00:00:00Z'), seed: 1 });
  fillSyntheticDays(databaseOf(desktop), { days: 2, startMs: Date.parse('2026-04-07T00:00:00Z'), seed: 2, framesPerDay: 100 });
}, 60_000);

afterAll(async () => {
  laptop?.close();
  desktop?.close();
  await Promise.all((pair ?? []).map((instance) => instance.stop()));
  rmSync(root, { recursive: true, force: true });
});

/** Waits until this side's copy of the folder holds the other device's manifest and every segment it lists. */
async function arrived(folder: string, deviceId: string, instance: SyncthingInstance): Promise<void> {
  await waitFor(
    () => {
      try {
        const manifest = readManifest(join(folder, deviceId))?.manifest;
        return manifest?.segments.every((s) => existsSync(join(folder, deviceId, s.file)));
      } catch {
        return false; // not whole yet
      }
    },
    {
      what: `device ${deviceId}'s segments carried by Syncthing into ${folder}`,
      timeoutMs: 40_000,
      intervalMs: 200,
      details: instance.output,
    },
  );
}

describe('two engines synced by two real Syncthing instances', { timeout: 120_000 }, () => {
  it('run on this machine only: loopback listeners, nothing announced, relayed or reported', async () => {
    for (const instance of pair) {
      const options = await instance.rest<Record<string, unknown>>('GET', '/rest/config/options');
      expect(options).toMatchObject({
        listenAddresses: [`tcp://127.0.0.1:${instance.listenPort}`],
        globalAnnounceEnabled: false,
        localAnnounceEnabled: false,
        relaysEnabled: false,
        natEnabled: false,
        urAccepted: -1,
        crashReportingEnabled: false,
        autoUpgradeIntervalH: 0,
      });
      const devices = await instance.rest<{ deviceID: string; addresses: string[] }[]>('GET', '/rest/config/devices');
      for (const device of devices.filter((d) => d.deviceID !== instance.id))
        expect(device.addresses).toEqual([expect.stringMatching(/^tcp:\/\/127\.0\.0\.1:\d+$/)]);
    }
  });

  it("carries each device's work to the other, where it shows labelled by device", async () => {
    const sent = await laptop.sync.run();
    expect(sent.exported.segments).toBeGreaterThan(0);
    await pair[0].scan();
    await arrived(dir('folder-desktop'), laptop.sync.status().device.id, pair[1]);
    // The desktop's manifest reaches the laptop's copy too; then the person pairs them at both screens.
    await desktop.sync.run();
    await pair[1].scan();
    await arrived(dir('folder-laptop'), desktop.sync.status().device.id, pair[0]);
    pairProfiles(laptop, desktop);

    const received = await desktop.sync.run();
    expect(received.status.problems).toEqual([]);
    const day = localDayBounds('2026-04-07');
    const laptopKey = desktop.sync.devices.resolve('laptop')!;
    const onLaptop = laptop.activity.appTime({ window: day });
    const seenOnDesktop = desktop.activity.scoped(laptopKey).appTime({ window: day });
    expect(seenOnDesktop.totalActiveSeconds).toBe(onLaptop.totalActiveSeconds);
    expect(seenOnDesktop.apps.map((a) => [a.app, a.seconds])).toEqual(onLaptop.apps.map((a) => [a.app, a.seconds]));
    expect(
      desktop.activity
        .appTime({ window: day })
        .devices?.map((d) => d.name)
        .sort(),
    ).toEqual(['desktop', 'laptop']);

    // And back: the desktop's own days reach the laptop the same way.
    await pair[1].scan();
    await arrived(dir('folder-laptop'), desktop.sync.status().device.id, pair[0]);
    const back = await laptop.sync.run();
    expect(back.imported.segments).toBeGreaterThan(0);
    const desktopKey = laptop.sync.devices.resolve('desktop')!;
    expect(laptop.activity.scoped(desktopKey).appTime({ window: day }).totalActiveSeconds).toBe(
      desktop.activity.scoped(1).appTime({ window: day }).totalActiveSeconds,
    );
    const counts = (core: ShadowCore, device: number): number =>
      (databaseOf(core).prepare(`SELECT COUNT(*) AS n FROM screen_text_entries WHERE device = ?`).get(device) as { n: number }).n;
    expect(counts(desktop, laptopKey)).toBe(counts(laptop, 1));
    expect(counts(laptop, desktopKey)).toBe(counts(desktop, 1));
  });
});
