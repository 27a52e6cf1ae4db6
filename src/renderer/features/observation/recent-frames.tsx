import type { ImmediateContextView } from '../../../shared/contract/index';
import { formatClockTime } from '../../format';

export function RecentFrames({ now }: { readonly now: ImmediateContextView | null }) {
  if (!now) return <p className="muted">Loading the current context…</p>;
  const frames = [...now.recentFrames].reverse();
  return (
    <section className="card" aria-labelledby="now-title">
      <div className="card-head">
        <h2 id="now-title">Right now</h2>
        {now.lastAppSwitch && <span className="muted">last switch {formatClockTime(now.lastAppSwitch, { seconds: true })}</span>}
      </div>
      <p className="current" data-testid="current-app">
        {now.currentApp ? (
          <>
            <strong>{now.currentApp}</strong>
            {now.currentWindowTitle && <span className="muted"> — {now.currentWindowTitle}</span>}
          </>
        ) : (
          <span className="muted">Nothing observed at the moment.</span>
        )}
      </p>
      {now.lastSignificantChange && (
        <p className="small">
          <span className="tag">{now.lastSignificantChange.kind}</span> {now.lastSignificantChange.description}
        </p>
      )}
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
