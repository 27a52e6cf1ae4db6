import type { ImmediateContextView, WorkSession } from '../../../shared/contract/index';
import type { ShadowClient } from '../../api/index';
import { formatClockTime } from '../../format';
import { useOperation } from '../../hooks/use-operation';
import { MonitorSetting } from './monitor-setting';
import { CHANGE_KIND_NAMES } from '../../../shared/user-words';

const THEORY_REFRESH_MS = 30_000;

/**
 * What the shadow thinks the user is doing. "Now" only while the work session it belongs to goes on;
 * once observation stopped, the last theory says when it was true.
 */
function TaskTheory({ client, workSession }: { readonly client: ShadowClient; readonly workSession: WorkSession }) {
  const detail = useOperation(
    client,
    'getWorkSession',
    { id: workSession.id },
    { refreshOn: ['context:session-updated', 'task:boundary'], intervalMs: THEORY_REFRESH_MS },
  );
  const theory = detail.data?.theory;
  if (!theory) return null;
  const going = workSession.status === 'active';
  // A theory is written at a moment; it says when, so it is never read as what the header shows now.
  return (
    <p className={going ? 'theory' : 'theory past'} data-testid="task-theory" data-current={going}>
      <span className="muted small">{`At ${formatClockTime(theory.at)}, it looked like: `}</span>
      {theory.text}
    </p>
  );
}

interface RecentFramesProps {
  readonly client: ShadowClient;
  readonly now: ImmediateContextView | null;
  /** The newest work session (its theory is shown). */
  readonly workSession: WorkSession | null;
}

export function RecentFrames({ client, now, workSession }: RecentFramesProps) {
  if (!now) return <p className="muted">Loading the current context…</p>;
  const frames = [...now.recentFrames].reverse();
  return (
    <section className="card" aria-labelledby="now-title">
      <div className="card-head">
        <h2 id="now-title">Right now</h2>
        {now.lastAppSwitch && <span className="muted">last switch {formatClockTime(now.lastAppSwitch, { seconds: true })}</span>}
      </div>
      {/* The header and the sentence under it come from one record: the latest span and its task. */}
      <p className="current" data-testid="current-app" data-live={now.current?.live ?? false}>
        {now.current?.live && now.current.app ? (
          <>
            <strong>{now.current.app}</strong>
            {now.current.title && <span className="muted"> — {now.current.title}</span>}
          </>
        ) : (
          <span className="muted">Nothing observed at the moment.</span>
        )}
      </p>
      {now.current && (
        <p className="small" data-testid="current-activity">
          {now.current.text}
        </p>
      )}
      {workSession && <TaskTheory key={workSession.id} client={client} workSession={workSession} />}
      {now.lastSignificantChange && (
        <p className="small">
          <span className="tag">{CHANGE_KIND_NAMES[now.lastSignificantChange.kind]}</span> {now.lastSignificantChange.description}
        </p>
      )}
      <MonitorSetting client={client} />
      <h3>Recent frames</h3>
      {frames.length === 0 ? (
        <p className="muted small">No frames in memory.</p>
      ) : (
        <ol className="frames" data-testid="recent-frames">
          {frames.map((frame) => (
            <li key={frame.id}>
              <time className="muted small">{formatClockTime(frame.at, { seconds: true })}</time>
              <span className="app-name">{frame.app}</span>
              <span className="muted small ellipsis" title={frame.title}>
                {frame.title}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
