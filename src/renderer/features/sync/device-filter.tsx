import type { ShadowClient } from '../../api/index';
import { useOperation } from '../../hooks/use-operation';

/**
 * Which device's day Today shows: every device, or one. Shown only once the profile holds more than one
 * device's work (synced, docs/sync.md); the choice goes to the day chart, app time and work sessions as `device`
 * (by id: two devices may share a name).
 */
export function DeviceFilter({
  client,
  device,
  onDevice,
}: {
  readonly client: ShadowClient;
  readonly device: string | null;
  readonly onDevice: (device: string | null) => void;
}) {
  const status = useOperation(client, 'syncStatus', {}, { refreshOn: ['sync:imported'] });
  // The devices whose work is held here: a device waiting for the person's trust, or refused, has none.
  const devices = (status.data?.devices ?? []).filter((d) => d.local || d.trust === 'trusted' || d.workSessions > 0);
  if (devices.length < 2) return null;
  return (
    <label className="device-filter small" data-testid="device-filter">
      Devices
      <select value={device ?? ''} onChange={(event) => onDevice(event.target.value || null)}>
        <option value="">All devices</option>
        {devices.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
            {d.local ? ' (this computer)' : ''}
          </option>
        ))}
      </select>
    </label>
  );
}
