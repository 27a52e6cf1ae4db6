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
  folder: 'Folder',
  export: 'Not written',
};

const count = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`;

/** One device's line: its work here and, for another device, what was imported from it and when. */
function DeviceRow({ device, now }: { readonly device: SyncStatus['devices'][number]; readonly now: number }) {
  return (
    <li data-testid="sync-device" data-device={device.name} data-local={device.local}>
      <span className="sync-device-name">
        {device.name}
        {device.local && <span className="muted"> (this computer)</span>}
      </span>
      <span className="muted small">
        {count(device.workSessions, 'work session')}
        {device.local
          ? ` · ${count(device.latestSeq, 'segment')} written`
          : ` · ${device.appliedSegments} of ${count(device.latestSeq, 'segment')} imported · ${device.lastImportAt ? `last ${formatMoment(device.lastImportAt, now)}` : 'not imported yet'}`}
      </span>
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

  return (
    <section className="card sync-card" aria-labelledby="sync-title" data-testid="sync-card">
      <div className="card-head">
        <h2 id="sync-title">Devices</h2>
        <span className="small muted" data-testid="sync-last-import">
          {data.lastImportAt ? `Last import ${formatMoment(data.lastImportAt, now)}` : data.folder ? 'Nothing imported yet' : 'Sync off'}
        </span>
      </div>
      {data.folder ? (
        <p className="small" data-testid="sync-folder">
          Synced through <code>{data.folder}</code>, sharing {sharedKindsText(data.share)}.
        </p>
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
          <DeviceRow key={device.id} device={device} now={now} />
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
