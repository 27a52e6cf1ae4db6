import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { waitFor } from './wait';

/**
 * Real Syncthing instances for tests (Debian's `syncthing`, installed by .ci/run), on this machine only:
 * each instance's config is generated before its first start and edited so that its GUI/API and its
 * sync listener are on 127.0.0.1, and global and local discovery, relays, NAT traversal, STUN, usage and
 * crash reporting and upgrades are off; the two devices are introduced to each other by id and
 * `tcp://127.0.0.1:PORT`. The shared folder is scanned when the test says so (REST, on loopback).
 */
export interface SyncthingInstance {
  readonly id: string;
  readonly home: string;
  readonly folder: string;
  readonly guiPort: number;
  readonly listenPort: number;
  readonly apiKey: string;
  /** A call to its REST API on 127.0.0.1. */
  readonly rest: <T>(method: 'GET' | 'POST', path: string) => Promise<T>;
  /** Asks it to scan the shared folder now (instead of waiting for its watcher). */
  readonly scan: () => Promise<void>;
  /** What it logged so far. */
  readonly output: () => string;
  readonly stop: () => Promise<void>;
}

export const FOLDER_ID = 'shadow-sync';

/** Fails with the way to install it when the `syncthing` binary is missing. */
export function requireSyncthing(): string {
  try {
    return execFileSync('syncthing', ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('syncthing is not installed: apt-get install -y syncthing (.ci/run installs it)');
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const option = (xml: string, tag: string, value: string): string => {
  const pattern = new RegExp(`<${tag}>[^<]*</${tag}>`);
  if (!pattern.test(xml)) throw new Error(`config.xml has no <${tag}> to set`);
  return xml.replace(pattern, `<${tag}>${value}</${tag}>`);
};

/** Generates the instance's key and config (never started yet), and reads its device id. */
function generate(home: string): string {
  execFileSync('syncthing', ['generate', `--home=${home}`, '--no-default-folder', '--skip-port-probing'], {
    env: { ...process.env, STNOUPGRADE: '1', STNODEFAULTFOLDER: '1' },
    stdio: 'pipe',
  });
  const id = /<device id="([A-Z0-9-]+)"/.exec(readFileSync(join(home, 'config.xml'), 'utf8'))?.[1];
  if (!id) throw new Error(`syncthing generate wrote no device id in ${home}/config.xml`);
  return id;
}

interface Plan {
  readonly home: string;
  readonly folder: string;
  readonly id: string;
  readonly guiPort: number;
  readonly listenPort: number;
  readonly apiKey: string;
}

/** Edits the generated config: loopback only, nothing announced or reported, the peer and the shared folder. */
function configure(self: Plan, peer: Plan): void {
  const file = join(self.home, 'config.xml');
  let xml = readFileSync(file, 'utf8');
  const settings: Record<string, string> = {
    listenAddress: `tcp://127.0.0.1:${self.listenPort}`,
    globalAnnounceServer: '',
    globalAnnounceEnabled: 'false',
    localAnnounceEnabled: 'false',
    relaysEnabled: 'false',
    natEnabled: 'false',
    // STUN (NAT traversal) off: no keepalive probes to public servers.
    stunKeepaliveStartS: '0',
    stunServer: '',
    announceLANAddresses: 'false',
    startBrowser: 'false',
    urAccepted: '-1',
    crashReportingEnabled: 'false',
    autoUpgradeIntervalH: '0',
    reconnectionIntervalS: '1',
  };
  for (const [tag, value] of Object.entries(settings)) xml = option(xml, tag, value);
  xml = xml.replace(/<gui enabled="true" tls="false" debugging="false">\s*<address>[^<]*<\/address>\s*<apikey>[^<]*<\/apikey>/, (gui) =>
    gui
      .replace(/<address>[^<]*<\/address>/, `<address>127.0.0.1:${self.guiPort}</address>`)
      .replace(/<apikey>[^<]*<\/apikey>/, `<apikey>${self.apiKey}</apikey>`),
  );
  if (!xml.includes(`<address>127.0.0.1:${self.guiPort}</address>`)) throw new Error('config.xml: the GUI address could not be set');
  const folder = `
    <folder id="${FOLDER_ID}" label="Workflow Shadow" path="${self.folder}" type="sendreceive" rescanIntervalS="3600" fsWatcherEnabled="true" fsWatcherDelayS="1" ignorePerms="false" autoNormalize="true">
        <filesystemType>basic</filesystemType>
        <device id="${self.id}" introducedBy=""></device>
        <device id="${peer.id}" introducedBy=""></device>
        <minDiskFree unit="%">0</minDiskFree>
        <markerName>.stfolder</markerName>
    </folder>
    <device id="${peer.id}" name="peer" compression="metadata" introducer="false" skipIntroductionRemovals="false" introducedBy="">
        <address>tcp://127.0.0.1:${peer.listenPort}</address>
        <paused>false</paused>
        <autoAcceptFolders>false</autoAcceptFolders>
    </device>`;
  xml = xml.replace(/(<configuration version="\d+">)/, `$1${folder}`);
  writeFileSync(file, xml);
  // The folder marker Syncthing checks before it syncs a folder it did not create; our temporaries stay out.
  mkdirSync(join(self.folder, '.stfolder'), { recursive: true });
  writeFileSync(join(self.folder, '.stignore'), '(?d).shadow-tmp-*\n');
}

function start(plan: Plan): SyncthingInstance {
  const log: string[] = [];
  const child: ChildProcess = spawn(
    'syncthing',
    ['serve', `--home=${plan.home}`, '--no-browser', '--no-restart', '--no-upgrade', '--logflags=0'],
    {
      env: { ...process.env, STNOUPGRADE: '1', STNODEFAULTFOLDER: '1', STNORESTART: '1', HOME: plan.home },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  const rest = async <T>(method: 'GET' | 'POST', path: string): Promise<T> => {
    const res = await fetch(`http://127.0.0.1:${plan.guiPort}${path}`, { method, headers: { 'X-API-Key': plan.apiKey } });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    const text = await res.text();
    return (text ? JSON.parse(text) : null) as T;
  };
  return {
    ...plan,
    rest,
    scan: async () => void (await rest('POST', `/rest/db/scan?folder=${FOLDER_ID}`)),
    output: () => log.join(''),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Two Syncthing instances sharing `folderA` and `folderB` as one folder, connected to each other over loopback. */
export async function startSyncthingPair(
  dirA: string,
  dirB: string,
  folderA: string,
  folderB: string,
): Promise<[SyncthingInstance, SyncthingInstance]> {
  requireSyncthing();
  const plans: Plan[] = [];
  for (const [home, folder] of [
    [dirA, folderA],
    [dirB, folderB],
  ] as const) {
    plans.push({
      home,
      folder,
      id: generate(home),
      guiPort: await freePort(),
      listenPort: await freePort(),
      apiKey: randomBytes(16).toString('hex'),
    });
  }
  configure(plans[0]!, plans[1]!);
  configure(plans[1]!, plans[0]!);
  const pair = [start(plans[0]!), start(plans[1]!)] as [SyncthingInstance, SyncthingInstance];
  try {
    for (const [self, peer] of [
      [pair[0], pair[1]],
      [pair[1], pair[0]],
    ] as const) {
      await waitFor(
        async () =>
          (await self.rest<{ connections: Record<string, { connected: boolean }> }>('GET', '/rest/system/connections')).connections[peer.id]
            ?.connected,
        {
          what: `Syncthing ${self.id.slice(0, 7)} connected to its peer over 127.0.0.1`,
          timeoutMs: 30_000,
          intervalMs: 250,
          details: self.output,
        },
      );
    }
  } catch (error) {
    await Promise.all(pair.map((p) => p.stop()));
    throw error;
  }
  return pair;
}
