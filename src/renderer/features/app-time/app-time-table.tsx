import { Fragment, useState } from 'react';
import type { AppTime } from '../../../shared/contract/index';
import { formatDuration } from '../../format';

/** Windows an unfolded app lists; the rest are counted. */
const WINDOWS_SHOWN = 15;

type AppRow = AppTime['apps'][number];

/** An app's name, and a button that unfolds its windows (folded by default). */
function AppCell({ row, open, onToggle }: { readonly row: AppRow; readonly open: boolean; readonly onToggle: () => void }) {
  const count = row.titles.length;
  return (
    <td>
      <div className="app-name">{row.app}</div>
      {count > 0 && (
        <button
          type="button"
          className="link windows-toggle small"
          aria-expanded={open}
          onClick={onToggle}
          data-testid="app-windows-toggle"
        >
          <span aria-hidden="true">{open ? '▾' : '▸'}</span> {count} {count === 1 ? 'window' : 'windows'}
        </button>
      )}
      {row.devices && (
        <div className="muted small" data-testid="app-devices">
          on {row.devices.map((d) => d.name).join(', ')}
        </div>
      )}
    </td>
  );
}

/** App time per app of the day shown, each app's windows with their times one click away, with idle and private time. */
export function AppTimeTable({ appTime, isToday }: { readonly appTime: AppTime | null; readonly isToday: boolean }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  if (!appTime) return <p className="muted">Loading app time…</p>;
  const { apps, totalActiveSeconds, idleSeconds, privateSeconds } = appTime;
  const toggle = (app: string): void =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(app)) next.add(app);
      return next;
    });
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
              <th scope="col">App and its windows</th>
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
              const unfolded = open.has(row.app);
              const more = row.titles.length - WINDOWS_SHOWN;
              return (
                <Fragment key={row.app}>
                  <tr data-testid="app-row" data-app={row.app} data-seconds={row.seconds}>
                    <AppCell row={row} open={unfolded} onToggle={() => toggle(row.app)} />
                    <td className="share-col">
                      <div className="bar" role="img" aria-label={`${Math.round(share * 100)}% of active time`}>
                        <div className="bar-fill" style={{ width: `${(share * 100).toFixed(1)}%` }} />
                      </div>
                    </td>
                    <td className="num">{formatDuration(row.seconds)}</td>
                  </tr>
                  {unfolded &&
                    row.titles.slice(0, WINDOWS_SHOWN).map((window) => (
                      <tr key={window.title} className="window-row" data-testid="app-window" data-seconds={window.seconds}>
                        <td colSpan={2} className="window-title" title={window.title}>
                          {window.title || '(untitled window)'}
                        </td>
                        <td className="num muted">{formatDuration(window.seconds)}</td>
                      </tr>
                    ))}
                  {unfolded && more > 0 && (
                    <tr className="window-row">
                      <td colSpan={3} className="muted small window-title">
                        and {more} more {more === 1 ? 'window' : 'windows'}
                      </td>
                    </tr>
                  )}
                </Fragment>
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
