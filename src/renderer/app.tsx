import { useMemo, useState } from 'react';
import { createClient, type ShadowClient } from './api/index';
import { AppTimeTable } from './features/app-time/app-time-table';
import { RecentFrames } from './features/observation/recent-frames';
import { StatusHeader } from './features/status/status-header';
import { WorkSessionList } from './features/work-sessions/work-session-list';
import { useOperation } from './hooks/use-operation';

const REFRESH_MS = 5000;

function Dashboard({ client }: { readonly client: ShadowClient }) {
  const health = useOperation(client, 'health', {}, { refreshOn: ['capture:state-changed', 'capture:error'], intervalMs: REFRESH_MS });
  const now = useOperation(client, 'observationNow', {}, { refreshOn: ['context:immediate-updated', 'capture:state-changed'] });
  const appTime = useOperation(client, 'appTime', {}, { refreshOn: ['work-session:ended'], intervalMs: REFRESH_MS });
  const sessions = useOperation(
    client,
    'listWorkSessions',
    { limit: 20 },
    { refreshOn: ['work-session:started', 'work-session:ended'], intervalMs: REFRESH_MS * 2 },
  );
  const refreshAll = (): void => {
    health.reload();
    now.reload();
    appTime.reload();
    sessions.reload();
  };
  const unreachable = health.error && !health.data;

  return (
    <div className="app">
      <StatusHeader client={client} health={health.data} onChanged={refreshAll} />
      {unreachable ? (
        <div className="notice error">
          <h2>The Workflow Shadow engine does not answer</h2>
          <p>{health.error}</p>
          <button type="button" onClick={refreshAll}>
            Try again
          </button>
        </div>
      ) : (
        <main className="grid">
          <AppTimeTable appTime={appTime.data} />
          <div className="column">
            <RecentFrames now={now.data} />
            <WorkSessionList sessions={sessions.data?.workSessions ?? null} />
          </div>
        </main>
      )}
    </div>
  );
}

function MissingToken({ reason }: { readonly reason: 'missing-token' | 'unauthorized' }) {
  return (
    <div className="app">
      <div className="notice">
        <h1>Workflow Shadow</h1>
        <p>
          {reason === 'unauthorized' ? 'The API token in this link is not valid any more.' : 'This page needs the API token.'}{' '}
          Open the link that <code>shadow start --headless</code> prints (it ends in <code>#token=…</code>).
        </p>
      </div>
    </div>
  );
}

export function App() {
  const [unauthorized, setUnauthorized] = useState(false);
  const setup = useMemo(() => createClient(() => setUnauthorized(true)), []);
  if (unauthorized) return <MissingToken reason="unauthorized" />;
  if (!setup.client) return <MissingToken reason={setup.problem} />;
  return <Dashboard client={setup.client} />;
}
