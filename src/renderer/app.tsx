import { useMemo, useState } from 'react';
import { createClient, sessionToOpen, type ShadowClient } from './api/index';
import { AboutYouPage } from './features/about-you/about-you-page';
import { ChatView } from './features/chat/chat-view';
import { OnboardingGate } from './features/onboarding/onboarding-gate';
import { StatusHeader } from './features/status/status-header';
import { TodayView } from './features/today/today-view';
import { WorkflowsView } from './features/workflows/workflows-view';
import { useOperation } from './hooks/use-operation';

const REFRESH_MS = 5000;

type View = 'today' | 'chat' | 'workflows' | 'you';
const VIEWS: readonly { readonly id: View; readonly label: string }[] = [
  { id: 'today', label: 'Today' },
  { id: 'chat', label: 'Chat' },
  { id: 'workflows', label: 'Workflows' },
  { id: 'you', label: 'About you' },
];

/** The window: status and capture control on top, then Today (observation), Chat (sessions), Workflows or About you. */
function Shell({ client, openSession }: { readonly client: ShadowClient; readonly openSession: string | null }) {
  const [view, setView] = useState<View>(openSession ? 'chat' : 'today');
  const [refreshKey, setRefreshKey] = useState(0);
  const health = useOperation(client, 'health', {}, { refreshOn: ['capture:state-changed', 'capture:error'], intervalMs: REFRESH_MS });
  const refreshAll = (): void => {
    health.reload();
    setRefreshKey((key) => key + 1);
  };
  const unreachable = health.error && !health.data;

  return (
    <div className={`app view-${view}`}>
      <StatusHeader client={client} health={health.data} onChanged={refreshAll} />
      <nav className="tabs" aria-label="Views">
        {VIEWS.map(({ id, label }) => (
          <button
            key={id}
            type="button"
            className={view === id ? 'tab active' : 'tab'}
            aria-current={view === id ? 'page' : undefined}
            onClick={() => setView(id)}
            data-testid={`nav-${id}`}
          >
            {label}
          </button>
        ))}
      </nav>
      {unreachable ? (
        <div className="notice error">
          <h2>The Workflow Shadow engine does not answer</h2>
          <p>{health.error}</p>
          <button type="button" onClick={refreshAll}>
            Try again
          </button>
        </div>
      ) : (
        <>
          {view === 'today' && <TodayView client={client} refreshKey={refreshKey} />}
          {view === 'chat' && <ChatView client={client} initialSessionId={openSession} />}
          {view === 'workflows' && <WorkflowsView client={client} />}
          {view === 'you' && <AboutYouPage client={client} />}
          <OnboardingGate client={client} />
        </>
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
          {reason === 'unauthorized' ? 'The API token in this link is not valid any more.' : 'This page needs the API token.'} Open the link
          that <code>shadow start --headless</code> prints (it ends in <code>#token=…</code>).
        </p>
      </div>
    </div>
  );
}

export function App() {
  const [unauthorized, setUnauthorized] = useState(false);
  // Read before the token is taken: taking it clears the address bar's #fragment.
  const [openSession] = useState(() => sessionToOpen(window.location));
  const setup = useMemo(() => createClient(() => setUnauthorized(true)), []);
  if (unauthorized) return <MissingToken reason="unauthorized" />;
  if (!setup.client) return <MissingToken reason={setup.problem} />;
  return <Shell client={setup.client} openSession={openSession} />;
}
