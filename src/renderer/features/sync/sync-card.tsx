import { useState, type FormEvent } from 'react';
import type { SyncStatus } from '../../../shared/contract/index';
import type { ShadowClient } from '../../api/index';
import { formatMoment } from '../../format';
import { useAction } from '../../hooks/use-action';
import { useNow } from '../../hooks/use-now';
import { useOperation } from '../../hooks/use-operation';
import { sharedKindsText } from '../../../shared/user-words';

const PROBLEM_WORDS: Record<SyncStatus['problems'][number]['kind'], string> = {
  corrupt: 'Skipped',
  waiting: 'Waiting',
  refused: 'Refused',
  paused: 'Paused',
  conflict: 'Kept apart',
  folder: 'Folder',
  export: 'Not written',
};

const count = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`;

type Device = SyncStatus['devices'][number];

/** What a device row can ask for: trust it with the fingerprint it shows, or refuse it. */
interface DeviceActions {
  readonly busy: boolean;
  readonly trust: (device: Device) => void;
  readonly refuse: (device: Device) => void;
}

/** What was imported from another device, and when. */
function importLine(device: Device, now: number): string {
  return `${device.appliedSegments} of ${count(device.latestSeq, 'segment')} imported · ${device.lastImportAt ? `last ${formatMoment(device.lastImportAt, now)}` : 'not imported yet'}`;
}

/**
 * One device's line: its work here and, for another device, its key's fingerprint, whether it is trusted,
 * what was imported from it and when. A device waiting for the person says how to check it (compare the
 * fingerprint with the one its own card shows) and offers Trust and Refuse; a trusted one can be refused.
 */
function DeviceRow({ device, now, actions }: { readonly device: Device; readonly now: number; readonly actions: DeviceActions }) {
  return (
    <li data-testid="sync-device" data-device={device.name} data-device-id={device.id} data-local={device.local} data-trust={device.trust}>
      <span className="sync-device-name">
        {device.name}
        {device.local && <span className="muted"> (this computer)</span>}
        {device.trust === 'pending' && <span className="sync-trust-pending"> · waiting for you</span>}
        {device.trust === 'refused' && <span className="muted"> · refused</span>}
      </span>
      <span className="muted small">
        {count(device.workSessions, 'work session')}
        {device.local
          ? ` · ${count(device.latestSeq, 'segment')} written`
          : device.trust === 'trusted'
            ? ` · ${importLine(device, now)}`
            : ''}
      </span>
      {device.fingerprint && (
        <span className="small">
          Key <code data-testid="sync-device-fingerprint">{device.fingerprint}</code>
        </span>
      )}
      {device.trust === 'pending' && (
        <p className="small sync-trust-note">
          Nothing of it is imported yet. Trust it only if this fingerprint is the one {device.name}’s own Devices card shows as its key (or{' '}
          <code>shadow sync status</code> there).
        </p>
      )}
      {!device.local && (
        <span className="sync-device-actions">
          {device.trust !== 'trusted' && (
            <button
              type="button"
              disabled={actions.busy || !device.fingerprint}
              onClick={() => actions.trust(device)}
              data-testid="sync-trust"
            >
              {device.trust === 'refused' ? 'Trust again' : 'Trust'}
            </button>
          )}
          {device.trust !== 'refused' && (
            <button type="button" className="link" disabled={actions.busy} onClick={() => actions.refuse(device)} data-testid="sync-refuse">
              {device.trust === 'trusted' ? 'Stop trusting' : 'Refuse'}
            </button>
          )}
        </span>
      )}
    </li>
  );
}

/**
 * Sync across the user's computers (docs/sync.md): the folder a sync tool replicates, this device and
 * the others, the last import and any problem; the folder can be set here, and an exchange run now.
 */
export function SyncCard({ client }: { readonly client: ShadowClient }) {
  const status = useOperation(client, 'syncStatus', {}, { refreshOn: ['sync:imported'], intervalMs: 30_000 });
  const action = useAction();
  const [folder, setFolder] = useState('');
  const now = useNow();
  const data = status.data;
  if (!data) return <p className="muted">{status.error ?? 'Loading sync…'}</p>;

  const setSync = (input: { folder: string | null }): Promise<void> =>
    action.run(async () => {
      await client.call('setSync', input);
      status.reload();
    });
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    void setSync({ folder: folder.trim() });
  };
  const runNow = (): Promise<void> =>
    action.run(async () => {
      await client.call('runSync', {});
      status.reload();
    });
  const actions: DeviceActions = {
    busy: action.busy,
    // Trusted with the fingerprint shown on this card: the engine refuses it if the folder presents another key by now.
    trust: (device) =>
      void action.run(async () => {
        await client.call('trustSyncDevice', { device: device.id, fingerprint: device.fingerprint! });
        await client.call('runSync', {});
        status.reload();
      }),
    refuse: (device) =>
      void action.run(async () => {
        await client.call('refuseSyncDevice', { device: device.id });
        status.reload();
      }),
  };

  return (
    <section className="card sync-card" aria-labelledby="sync-title" data-testid="sync-card">
      <div className="card-head">
        <h2 id="sync-title">Devices</h2>
        <span className="small muted" data-testid="sync-last-import">
          {data.lastImportAt ? `Last import ${formatMoment(data.lastImportAt, now)}` : data.folder ? 'Nothing imported yet' : 'Sync off'}
        </span>
      </div>
      {data.folder ? (
        <>
          <p className="small" data-testid="sync-folder">
            Synced through <code>{data.folder}</code>, sharing {sharedKindsText(data.share)}.
          </p>
          {data.fingerprint && (
            <p className="small">
              This computer’s key: <code data-testid="sync-fingerprint">{data.fingerprint}</code> (your other computers show it to compare)
            </p>
          )}
        </>
      ) : (
        <form className="sync-folder-form" onSubmit={submit}>
          <p className="small muted">
            One memory across your computers: point this at a folder Syncthing (or another sync tool, or a network folder) keeps the same on
            each.
          </p>
          <label className="small">
            Sync folder{' '}
            <input
              type="text"
              value={folder}
              placeholder="/home/you/Sync/workflow-shadow"
              onChange={(event) => setFolder(event.target.value)}
              data-testid="sync-folder-input"
            />
          </label>
          <button type="submit" disabled={action.busy || folder.trim() === ''}>
            Sync through this folder
          </button>
        </form>
      )}
      <ul className="sync-devices">
        {data.devices.map((device) => (
          <DeviceRow key={device.id} device={device} now={now} actions={actions} />
        ))}
      </ul>
      {data.problems.length > 0 && (
        <ul className="sync-problems small" data-testid="sync-problems">
          {data.problems.map((p) => (
            <li key={`${p.kind}-${p.device?.id ?? ''}-${p.seq ?? ''}`} data-kind={p.kind}>
              <strong>{PROBLEM_WORDS[p.kind]}</strong>
              {p.device ? ` (${p.device.name}${p.seq === null ? '' : `, segment ${p.seq}`})` : ''}: {p.message}
            </li>
          ))}
        </ul>
      )}
      {data.folder && (
        <div className="sync-actions">
          <button type="button" disabled={action.busy} onClick={() => void runNow()} data-testid="sync-now">
            Sync now
          </button>
          <button type="button" className="link" disabled={action.busy} onClick={() => void setSync({ folder: null })}>
            Stop syncing
          </button>
        </div>
      )}
      {action.error && (
        <p className="error-line" role="status">
          {action.error}
        </p>
      )}
    </section>
  );
}
