import { useState } from 'react';
import type { ShadowClient } from '../../api/index';
import { messageOf } from '../../../shared/message-of';
import { useOperation } from '../../hooks/use-operation';

type CaptureMonitors = 'focused' | 'all';

/** Which monitors are captured: the focused window's (default) or every one (`captureMonitors`, PUT /settings). */
export function MonitorSetting({ client }: { readonly client: ShadowClient }) {
  const settings = useOperation(client, 'getSettings', {});
  const [chosen, setChosen] = useState<CaptureMonitors | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = chosen ?? (settings.data?.settings.captureMonitors as CaptureMonitors | undefined) ?? null;
  if (!current) return null;
  const change = async (value: CaptureMonitors): Promise<void> => {
    setError(null);
    try {
      const saved = await client.call('updateSettings', { captureMonitors: value });
      setChosen(saved.settings.captureMonitors as CaptureMonitors);
    } catch (failure) {
      setError(messageOf(failure));
    }
  };
  return (
    <p className="small">
      <label>
        Screens read:{' '}
        <select value={current} onChange={(e) => void change(e.target.value as CaptureMonitors)} data-testid="capture-monitors">
          <option value="focused">the focused window&apos;s monitor</option>
          <option value="all">every monitor</option>
        </select>
      </label>
      {error && <span className="error-line"> {error}</span>}
    </p>
  );
}
