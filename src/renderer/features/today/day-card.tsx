import { lazy, Suspense } from 'react';
import type { DayTimeline, Task, Timeline } from '../../../shared/contract/index';
import type { ShadowClient } from '../../api/index';
import { formatClockTime, formatDate, formatDuration } from '../../format';
import { chartRange, shadedStretches } from '../day-chart/chart-model';
import { ShadeLegend } from '../day-chart/shade-legend';
import { MarkdownText } from '../markdown/markdown-text';
import { noonOf } from './local-dates';
import { TaskDetail } from './task-detail';

// The chart's libraries (visx, d3 scales) load with the chart, apart from the window's first bundle.
const DayChart = lazy(() => import('../day-chart/day-chart'));
const WeekChart = lazy(() => import('../day-chart/week-chart'));

export type ChartMode = 'day' | 'week';

interface DayCardProps {
  readonly client: ShadowClient;
  readonly timeline: Timeline | null;
  readonly error: string | null;
  readonly mode: ChartMode;
  /** The day shown (or the Monday of the week); null until the engine's today is known. */
  readonly date: string | null;
  readonly isToday: boolean;
  readonly onMode: (mode: ChartMode) => void;
  readonly onDate: (date: string | null) => void;
  readonly onStep: (direction: -1 | 1) => void;
  /** The task opened (from the chart, the list or a work thread); null when none is. */
  readonly selectedTaskId: number | null;
  readonly onSelectTask: (id: number | null) => void;
}

function TaskList({ day, onOpen }: { readonly day: DayTimeline; readonly onOpen: (task: Task) => void }) {
  return (
    <details className="task-list">
      <summary className="small">
        The {day.tasks.length} {day.tasks.length === 1 ? 'task' : 'tasks'} as a list
      </summary>
      <ol data-testid="task-list">
        {day.tasks.map((task) => (
          <li key={task.id}>
            <button type="button" className="link" onClick={() => onOpen(task)} data-testid="task-list-item">
              <time dateTime={task.startedAt}>{formatClockTime(task.startedAt)}</time> {task.name}
            </button>
          </li>
        ))}
      </ol>
    </details>
  );
}

/**
 * Today at a glance: the day chart (or the week), moving between days, the task opened from the chart,
 * the list or a work thread, and the day's latest summary.
 */
export function DayCard({
  client,
  timeline,
  error,
  mode,
  date,
  isToday,
  onMode,
  onDate,
  onStep,
  selectedTaskId: selected,
  onSelectTask: setSelected,
}: DayCardProps) {
  const day = mode === 'day' ? (timeline?.days[0] ?? null) : null;
  const nowMs = timeline ? Date.parse(timeline.now) : 0;
  const range = day ? chartRange([day]) : null;
  const task = day?.tasks.find((t) => t.id === selected) ?? null;
  const heading =
    mode === 'week'
      ? `Week of ${date ? formatDate(noonOf(date)) : '…'}`
      : date
        ? `${isToday ? 'Today · ' : ''}${formatDate(noonOf(date))}`
        : 'Today';

  return (
    <section className="card day-card" aria-labelledby="day-title">
      <div className="card-head wrap">
        <h2 id="day-title" data-testid="day-title">
          {heading}
        </h2>
        {day && <span className="muted">{formatDuration(day.activeSeconds)} active</span>}
      </div>
      <div className="day-nav" role="toolbar" aria-label="Day or week">
        <div className="segmented" role="group" aria-label="Show">
          {(['day', 'week'] as const).map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              onClick={() => onMode(m)}
              disabled={!date}
              data-testid={`chart-mode-${m}`}
            >
              {m === 'day' ? 'Day' : 'Week'}
            </button>
          ))}
        </div>
        <span className="spacer" />
        <button
          type="button"
          onClick={() => onStep(-1)}
          disabled={!date}
          aria-label={mode === 'day' ? 'Previous day' : 'Previous week'}
          data-testid="chart-previous"
        >
          ‹
        </button>
        <button type="button" onClick={() => onDate(null)} disabled={isToday} data-testid="chart-today">
          Today
        </button>
        <button
          type="button"
          onClick={() => onStep(1)}
          disabled={!date || isToday}
          aria-label={mode === 'day' ? 'Next day' : 'Next week'}
          data-testid="chart-next"
        >
          ›
        </button>
      </div>
      {error && !timeline && <p className="error-line small">{error}</p>}
      {!timeline && !error && <div className="chart-placeholder muted small">Loading the day…</div>}
      <Suspense fallback={<div className="chart-placeholder muted small">Loading the chart…</div>}>
        {mode === 'week' && timeline && (
          <WeekChart
            days={timeline.days}
            onOpenDay={(d) => {
              onMode('day');
              onDate(d);
            }}
          />
        )}
        {day && range && (
          <DayChart day={day} nowMs={nowMs} range={range} selectedTaskId={task?.id ?? null} onSelectTask={(t) => setSelected(t.id)} />
        )}
      </Suspense>
      {day && !range && <p className="muted small">{isToday ? 'Nothing observed yet today.' : 'Nothing was observed on this day.'}</p>}
      {day && <ShadeLegend kinds={[...new Set(shadedStretches(day).map((s) => s.kind))]} />}
      {task && <TaskDetail client={client} task={task} nowMs={nowMs} onClose={() => setSelected(null)} />}
      {day && day.tasks.length > 0 && <TaskList day={day} onOpen={(t) => setSelected(t.id)} />}
      {day?.latestSummary && (
        <details className="latest-summary">
          <summary className="small">
            {day.latestSummary.kind === 'final' ? 'Summary of the work session' : 'Summary so far'} ({formatClockTime(day.latestSummary.at)}
            )
          </summary>
          <div data-testid="latest-summary">
            <MarkdownText text={day.latestSummary.text} className="small" />
          </div>
        </details>
      )}
    </section>
  );
}
