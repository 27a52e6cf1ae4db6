import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { createClient, sessionToOpen, type ShadowClient } from './api/index';
import { AboutYouPage } from './features/about-you/about-you-page';
import { AppTimeTable } from './features/app-time/app-time-table';
import { ChatView } from './features/chat/chat-view';
import { RecentFrames } from './features/observation/recent-frames';
import { OnboardingGate } from './features/onboarding/onboarding-gate';
import { PrivacyCard } from './features/privacy/privacy-card';
import { StorageMeterCard } from './features/storage/storage-meter';
import { PendingQuestions } from './features/questions/pending-questions';
import { StatusHeader } from './features/status/status-header';
import { TimelineCard } from './features/timeline/timeline-card';
import { WorkSessionList } from './features/work-sessions/work-session-list';
import { useOperation } from './hooks/use-operation';

const REFRESH_MS = 5000;

type View = 'today' | 'chat' | 'you';
const VIEWS: readonly { readonly id: View; readonly label: string }[] = [
  { id: 'today', label: 'Today' },
  { id: 'chat', label: 'Chat' },
  { id: 'you', label: 'About you' },
];

function TodayView({ client, refreshKey }: { readonly client: ShadowClient; readonly refreshKey: number }) {
  const now = useOperation(client, 'observationNow', {}, { refreshOn: ['context:immediate-updated', 'capture:state-changed'] });
  const appTime = useOperation(client, 'appTime', {}, { refreshOn: ['work-session:ended'], intervalMs: REFRESH_MS });
  const workSessions = useOperation(
    client,
    'listWorkSessions',
    { limit: 20 },
    { refreshOn: ['work-session:started', 'work-session:ended'], intervalMs: REFRESH_MS * 2 },
  );
  const latestWorkSession = workSessions.data?.workSessions[0]?.id ?? null;
  const reloadAll = useEffectEvent(() => [now.reload, appTime.reload, workSessions.reload].forEach((reload) => reload()));
  useEffect(() => {
    // Only a new refreshKey (pause/resume in the header) asks for fresh data.
    if (refreshKey > 0) reloadAll();
  }, [refreshKey]);

  return (
    <main className="grid">
      <div className="column">
        <AppTimeTable appTime={appTime.data} />
        {latestWorkSession && <TimelineCard key={latestWorkSession} client={client} workSessionId={latestWorkSession} />}
      </div>
      <div className="column">
        <PendingQuestions client={client} />
        <RecentFrames now={now.data} />
        <PrivacyCard client={client} />
        <StorageMeterCard client={client} />
        <WorkSessionList workSessions={workSessions.data?.workSessions ?? null} />
      </div>
    </main>
  );
}

/** The window: status and capture control on top, then Today (observation), Chat (sessions) or About you. */
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
