import { useState } from 'react';
import type { Health } from '../../../shared/contract/index';
import { captureStateLabel } from '../../../shared/health-text';
import type { ShadowClient } from '../../api/index';
import { messageOf } from '../../../shared/message-of';

interface StatusHeaderProps {
  readonly client: ShadowClient;
  readonly health: Health | null;
  readonly onChanged: () => void;
}

export function StatusHeader({ client, health, onChanged }: StatusHeaderProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const capture = health?.capture;
  const state = capture?.state ?? null;
  const paused = state === 'paused' || state === 'locked';

  const toggle = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      if (paused) await client.call('resumeCapture', {});
      else await client.call('pauseCapture', { reason: 'paused from the window' });
      onChanged();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <header className="status-header">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true" />
        <div>
          <h1>Workflow Shadow</h1>
          {health && (
            <p className="muted">
              profile {health.profile} · {health.source === 'replay' ? 'replaying a recorded day' : 'desktop'} ·{' '}
              <span data-testid="llm-state" title={health.llm.lastError ?? undefined}>
                {llmWords(health.llm)}
              </span>{' '}
              · v{health.version}
            </p>
          )}
        </div>
      </div>
      <div className="status-controls">
        {/* The pill's colour follows health too: never a green "Observing" beside a failing banner. */}
        <div
          className={`state-pill state-${state ?? 'unknown'} health-${health?.status ?? 'unknown'}`}
          data-testid="capture-state"
          data-state={state ?? ''}
          data-health={health?.status ?? ''}
        >
          <span className="dot" aria-hidden="true" />
          {state ? captureStateLabel(state) : 'Connecting…'}
        </div>
        {capture?.pausedReason && (paused || state === 'unavailable') && <span className="muted reason">{capture.pausedReason}</span>}
        <button
          type="button"
          className="primary"
          onClick={() => void toggle()}
          disabled={busy || !state || state === 'stopped'}
          data-testid="pause-toggle"
        >
          {paused ? 'Resume' : 'Pause'}
        </button>
      </div>
      {(error || health?.reasons[0] || capture?.lastError) && (
        <p className="error-line" role="status">
          {error ??
            (health?.reasons[0]
              ? `${health.reasons[0].message} ${health.reasons[0].action}`
              : `Last capture problem: ${capture?.lastError?.message}`)}
        </p>
      )}
    </header>
  );
}

/** Who answers, in a few words (the reason is in the tooltip and, when it matters, in health's reasons). */
function llmWords(llm: Health['llm']): string {
  if (llm.state === 'off') return 'answers from memory (no model)';
  if (llm.state === 'ready') return `model ${llm.model ?? ''} at ${llm.endpointHost ?? ''}`.replace(/\s+/g, ' ');
  if (llm.state === 'checking') return `asking ${llm.endpointHost ?? 'the server'} for its model…`;
  return 'model not reachable: answers from memory';
}
