import type { AppTime } from '../../../shared/contract/index';
import { formatDuration } from '../../format';

/** App time per app of the day shown (its top window under the name), with idle and private time. */
export function AppTimeTable({ appTime, isToday }: { readonly appTime: AppTime | null; readonly isToday: boolean }) {
  if (!appTime) return <p className="muted">Loading app time…</p>;
  const { apps, totalActiveSeconds, idleSeconds, privateSeconds } = appTime;
  return (
    <section className="card" aria-labelledby="app-time-title">
      <div className="card-head">
        <h2 id="app-time-title">App time</h2>
        <span className="muted">{formatDuration(totalActiveSeconds)} active</span>
      </div>
      {apps.length === 0 ? (
        <p className="muted">{isToday ? 'No app time yet today.' : 'No app time on this day.'}</p>
      ) : (
        <table className="app-time" data-testid="app-time-table">
          <thead>
            <tr>
              <th scope="col">App</th>
              <th scope="col" className="share-col">
                Share
              </th>
              <th scope="col" className="num">
                Time
              </th>
            </tr>
          </thead>
          <tbody>
            {apps.map((row) => {
              const share = totalActiveSeconds > 0 ? row.seconds / totalActiveSeconds : 0;
              const topTitle = row.titles[0]?.title;
              return (
                <tr key={row.app} data-testid="app-row" data-app={row.app} data-seconds={row.seconds}>
                  <td>
                    <div className="app-name">{row.app}</div>
                    {topTitle && (
                      <div className="muted small" title={topTitle}>
                        {topTitle}
                      </div>
                    )}
                    {row.devices && (
                      <div className="muted small" data-testid="app-devices">
                        on {row.devices.map((d) => d.name).join(', ')}
                      </div>
                    )}
                  </td>
                  <td className="share-col">
                    <div className="bar" role="img" aria-label={`${Math.round(share * 100)}% of active time`}>
                      <div className="bar-fill" style={{ width: `${(share * 100).toFixed(1)}%` }} />
                    </div>
                  </td>
                  <td className="num">{formatDuration(row.seconds)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <dl className="totals">
        <div>
          <dt>Idle</dt>
          <dd data-testid="idle-total">{formatDuration(idleSeconds)}</dd>
        </div>
        <div>
          <dt>Private</dt>
          <dd data-testid="private-total">{formatDuration(privateSeconds)}</dd>
        </div>
      </dl>
    </section>
  );
}
