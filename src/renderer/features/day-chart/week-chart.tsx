import { scaleLinear } from '@visx/scale';
import type { DayTimeline } from '../../../shared/contract/index';
import { formatClockTime, formatDate, formatDuration } from '../../format';
import { appColors, appsByTime, APP_PALETTE, chartRange, OTHER_APPS, OTHER_APPS_COLOR, shadedStretches } from './chart-model';

/** Bands are drawn on a fixed grid and stretched to the column's width (no text inside them). */
const GRID = 1000;
const HOUR_MS = 3_600_000;

interface WeekChartProps {
  readonly days: readonly DayTimeline[];
  readonly onOpenDay: (date: string) => void;
}

/** A clock time from milliseconds after midnight (the week's rows share one time-of-day axis). */
const hourLabel = (msOfDay: number): string => formatClockTime(new Date(2000, 0, 1, Math.round(msOfDay / HOUR_MS)));

/**
 * A week as one band per day over the hours of the day, coloured by app (the week's top apps), with
 * idle, private and unobserved time shaded; each day opens in the day chart.
 */
export default function WeekChart({ days, onOpenDay }: WeekChartProps) {
  const range = chartRange(days, true);
  const apps = appsByTime(days);
  const colorOf = appColors(apps);
  if (!range) return <p className="muted small">Nothing was observed this week.</p>;
  const x = scaleLinear({ domain: [range.fromMs, range.toMs], range: [0, GRID] });
  const hours = (range.toMs - range.fromMs) / HOUR_MS;
  const step = hours > 12 ? 3 : hours > 6 ? 2 : 1;
  const ticks = Array.from({ length: Math.floor(hours / step) + 1 }, (_, i) => range.fromMs + i * step * HOUR_MS);
  const at = (ms: number, day: DayTimeline): number => x(Math.min(range.toMs, Math.max(range.fromMs, ms - Date.parse(day.from))));

  return (
    <div className="week-chart" data-testid="week-chart">
      <div className="week-axis" aria-hidden="true">
        {ticks.map((tick) => (
          <span key={tick} style={{ left: `${(x(tick) / GRID) * 100}%` }}>
            {hourLabel(tick)}
          </span>
        ))}
      </div>
      <ul className="week-rows">
        {days.map((day) => (
          <li key={day.date} className="week-row" data-testid="week-day" data-date={day.date} data-active-seconds={day.activeSeconds}>
            <button
              type="button"
              className="link week-day"
              onClick={() => onOpenDay(day.date)}
              aria-label={`Open ${formatDate(day.date + 'T12:00')}`}
            >
              {formatDate(day.date + 'T12:00')}
            </button>
            <svg className="week-band" viewBox={`0 0 ${GRID} 10`} preserveAspectRatio="none" aria-hidden="true">
              {shadedStretches(day).map((s) => (
                <rect
                  key={`${s.kind}-${s.fromMs}`}
                  className={`stretch stretch-${s.kind}`}
                  x={at(s.fromMs, day)}
                  width={Math.max(0.5, at(s.toMs, day) - at(s.fromMs, day))}
                  height={10}
                />
              ))}
              {day.spans
                .filter((span) => span.kind === 'app' && span.app !== null)
                .map((span) => (
                  <rect
                    key={`${span.from}-${span.app}`}
                    x={at(Date.parse(span.from), day)}
                    width={Math.max(0.5, at(Date.parse(span.to), day) - at(Date.parse(span.from), day))}
                    height={10}
                    fill={colorOf(span.app!)}
                    data-testid="week-span"
                  />
                ))}
            </svg>
            <span className="week-total muted small">{day.activeSeconds > 0 ? formatDuration(day.activeSeconds) : '—'}</span>
          </li>
        ))}
      </ul>
      <ul className="chart-legend" aria-label="Apps">
        {apps.slice(0, APP_PALETTE.length).map((app) => (
          <li key={app}>
            <span className="swatch" style={{ background: colorOf(app) }} aria-hidden="true" />
            {app}
          </li>
        ))}
        {apps.length > APP_PALETTE.length && (
          <li>
            <span className="swatch" style={{ background: OTHER_APPS_COLOR }} aria-hidden="true" />
            {OTHER_APPS}
          </li>
        )}
      </ul>
    </div>
  );
}
