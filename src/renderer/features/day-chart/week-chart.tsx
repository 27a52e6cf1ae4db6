import { scaleLinear } from '@visx/scale';
import { useId, useMemo } from 'react';
import type { DayTimeline } from '../../../shared/contract/index';
import { formatClockTime, formatDate, formatDuration, formatShortDay } from '../../format';
import { useElementWidth } from '../../hooks/use-element-width';
import { appColors, appsByTime, APP_PALETTE, chartRange, OTHER_APPS, OTHER_APPS_COLOR, SHADE_LABELS, shadedStretches } from './chart-model';
import { clockLabelWidth } from './label-width';
import { ShadeLegend } from './shade-legend';
import { ShadePatterns, shadeFill } from './shade-patterns';
import { timeTicks } from './time-ticks';

const BAND_HEIGHT = 18;
const TICK_FONT_PX = 11;

interface WeekChartProps {
  readonly days: readonly DayTimeline[];
  readonly onOpenDay: (date: string) => void;
}

/** Midnight of a fixed day: the week's rows share one time-of-day axis, laid on this day to find round local times. */
const AXIS_DAY = new Date(2000, 0, 3).getTime();

/**
 * A week as one band per day over the hours of the day, coloured by app (the week's top apps), with
 * idle, private, paused and unobserved time filled as the day chart fills them, and a legend of both;
 * each day opens in the day chart.
 */
export default function WeekChart({ days, onOpenDay }: WeekChartProps) {
  const [axisRef, bandWidth] = useElementWidth<HTMLDivElement>();
  const tickLabelWidth = useMemo(() => clockLabelWidth(document.documentElement, TICK_FONT_PX), []);
  const ids = `week${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const range = chartRange(days, true);
  const apps = appsByTime(days);
  const colorOf = appColors(apps);
  if (!range) return <p className="muted small">Nothing was observed this week.</p>;
  const x = scaleLinear({ domain: [range.fromMs, range.toMs], range: [0, Math.max(1, bandWidth)] });
  const ticks = timeTicks(AXIS_DAY + range.fromMs, AXIS_DAY + range.toMs, { x0: 0, x1: bandWidth, labelWidth: tickLabelWidth }).map(
    (t) => t - AXIS_DAY,
  );
  const at = (ms: number, day: DayTimeline): number => x(Math.min(range.toMs, Math.max(range.fromMs, ms - Date.parse(day.from))));
  const kinds = [...new Set(days.flatMap((day) => shadedStretches(day).map((s) => s.kind)))].sort(
    (a, b) => Object.keys(SHADE_LABELS).indexOf(a) - Object.keys(SHADE_LABELS).indexOf(b),
  );

  return (
    <div className="week-chart" data-testid="week-chart">
      {/* The fills every band refers to. */}
      <svg width={0} height={0} className="week-patterns" aria-hidden="true">
        <ShadePatterns idPrefix={ids} />
      </svg>
      <div className="week-axis" ref={axisRef} aria-hidden="true">
        {bandWidth > 0 &&
          ticks.map((tick) => (
            <span key={tick} className="week-tick" style={{ left: `${x(tick)}px` }}>
              {formatClockTime(AXIS_DAY + tick)}
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
              {formatShortDay(day.date + 'T12:00')}
            </button>
            <svg className="week-band" width={bandWidth} height={BAND_HEIGHT} aria-hidden="true">
              {bandWidth > 0 &&
                shadedStretches(day).map((s) => (
                  <rect
                    key={`${s.kind}-${s.fromMs}`}
                    className={`stretch stretch-${s.kind}`}
                    x={at(s.fromMs, day)}
                    width={Math.max(1, at(s.toMs, day) - at(s.fromMs, day))}
                    height={BAND_HEIGHT}
                    fill={shadeFill(ids, s.kind)}
                    data-testid="week-stretch"
                    data-kind={s.kind}
                  />
                ))}
              {bandWidth > 0 &&
                day.spans
                  .filter((span) => span.kind === 'app' && span.app !== null)
                  .map((span) => (
                    <rect
                      key={`${span.from}-${span.app}`}
                      x={at(Date.parse(span.from), day)}
                      width={Math.max(1, at(Date.parse(span.to), day) - at(Date.parse(span.from), day))}
                      height={BAND_HEIGHT}
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
      <ShadeLegend kinds={kinds} />
    </div>
  );
}
