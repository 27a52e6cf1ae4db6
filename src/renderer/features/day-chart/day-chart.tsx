import { Group } from '@visx/group';
import { scaleTime } from '@visx/scale';
import { TooltipWithBounds, useTooltip } from '@visx/tooltip';
import { useId, useMemo, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import type { DayTimeline, Task } from '../../../shared/contract/index';
import { formatClockTime, formatDuration } from '../../format';
import { useElementWidth } from '../../hooks/use-element-width';
import { isJoined, threadFacts, threadName } from '../../../shared/thread-words';
import { appLanes, shadedStretches, taskEndMs, taskSeconds, threadsByTask, type ShadedStretch } from './chart-model';
import { ChartTooltipBody, type ChartTip } from './chart-tooltip';
import { clockLabelWidth } from './label-width';
import { ShadePatterns, shadeFill } from './shade-patterns';
import { timeTicks } from './time-ticks';

const LANE = 20;
const LANE_GAP = 6;
const AXIS = 22;
const NARROW = 560;
/** The font size of the axis labels (day-chart.css `.tick-label`). */
const TICK_FONT_PX = 11;

interface DayChartProps {
  readonly day: DayTimeline;
  readonly nowMs: number;
  readonly range: { readonly fromMs: number; readonly toMs: number };
  readonly selectedTaskId: number | null;
  readonly onSelectTask: (task: Task) => void;
}

const stretchText = (fromMs: number, toMs: number): string =>
  `${formatClockTime(fromMs)}–${formatClockTime(toMs)} · ${formatDuration((toMs - fromMs) / 1000)}`;

/**
 * The day as lanes over its hours (visx scales, SVG): the tasks on top (each a button that opens the
 * task), one lane per app, and the stretches when nothing was worked on (idle, private, paused, not
 * observed) shaded across every lane and labelled in the last one. Hover or focus shows the window
 * and how long.
 */
export default function DayChart({ day, nowMs, range, selectedTaskId, onSelectTask }: DayChartProps) {
  const [containerRef, width] = useElementWidth<HTMLDivElement>();
  const tip = useTooltip<ChartTip>();
  // The chart's labels take the page's font: measured once.
  const tickLabelWidth = useMemo(() => clockLabelWidth(document.documentElement, TICK_FONT_PX), []);
  // Pattern ids are referenced from fill="url(#…)": letters and digits only.
  const ids = `chart${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const labelWidth = width < NARROW ? 92 : 132;
  const lanes = appLanes(day);
  const stretches = shadedStretches(day);
  const rows = 1 + lanes.length + 1;
  const height = AXIS + rows * (LANE + LANE_GAP);
  // Room under the lanes for the "now" mark.
  const svgHeight = height + 10;
  const plotEnd = Math.max(labelWidth + 1, width - 8);
  const x = scaleTime({ domain: [range.fromMs, range.toMs], range: [labelWidth, plotEnd] });
  const clampX = (ms: number): number => x(Math.min(range.toMs, Math.max(range.fromMs, ms)));
  const barWidth = (fromMs: number, toMs: number): number => Math.max(1, clampX(toMs) - clampX(fromMs));
  const laneY = (row: number): number => AXIS + row * (LANE + LANE_GAP);
  const today = nowMs >= Date.parse(day.from) && nowMs < Date.parse(day.to);
  // Labels may use the axis row over the lane labels too, but never hang past the chart's right edge.
  const ticks = timeTicks(range.fromMs, range.toMs, { x0: labelWidth, x1: plotEnd, labelWidth: tickLabelWidth, minX: 0, maxX: width });

  const show = (event: MouseEvent<SVGElement>, data: ChartTip): void => {
    const box = containerRef.current?.getBoundingClientRect();
    if (box) tip.showTooltip({ tooltipData: data, tooltipLeft: event.clientX - box.left, tooltipTop: event.clientY - box.top });
  };
  const showAt = (target: SVGGraphicsElement, data: ChartTip): void => {
    const bar = target.getBBox();
    tip.showTooltip({ tooltipData: data, tooltipLeft: bar.x + bar.width / 2, tooltipTop: bar.y + bar.height });
  };
  const threadOf = threadsByTask(day);
  // A task that is part of a longer piece of work says which: "part of ticket ENG-142 — 3h in all, 5 tasks…".
  const partOf = (task: Task): string | null => {
    const thread = threadOf.get(task.id);
    return thread && isJoined(thread) ? `Part of ${threadFacts(thread)}` : null;
  };
  const taskTip = (task: Task): ChartTip => ({
    title: task.name,
    lines: [stretchText(Date.parse(task.startedAt), taskEndMs(task, nowMs)), task.apps.join(', '), partOf(task) ?? ''].filter(Boolean),
    note: task.endedAt ? null : `going on · ${formatDuration(taskSeconds(task, nowMs))} so far`,
  });
  const taskLabel = (task: Task, fromMs: number, toMs: number): string => {
    const thread = threadOf.get(task.id);
    const part = thread && isJoined(thread) ? `, part of ${threadName(thread)}` : '';
    return `${task.name}, ${stretchText(fromMs, toMs)}${part}`;
  };
  const stretchTip = (s: ShadedStretch): ChartTip => ({ title: s.label, lines: [stretchText(s.fromMs, s.toMs)], note: s.reason });
  const onTaskKey = (event: KeyboardEvent<SVGRectElement>, task: Task): void => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelectTask(task);
    }
  };

  const laneLabel = (row: number, text: string, full: string): ReactNode => (
    <text x={0} y={laneY(row) + LANE / 2} dominantBaseline="central" className="lane-label">
      <title>{full}</title>
      {text.length > (width < NARROW ? 11 : 17) ? `${text.slice(0, width < NARROW ? 10 : 16)}…` : text}
    </text>
  );

  return (
    <div className="day-chart" ref={containerRef} data-testid="day-chart" onMouseLeave={tip.hideTooltip}>
      {width > 0 && (
        <svg width={width} height={svgHeight} role="group" aria-label={`Day chart of ${day.date}`}>
          <ShadePatterns idPrefix={ids} />
          <Group aria-hidden="true">
            {ticks.map((tick) => (
              <g key={tick} transform={`translate(${x(tick)},0)`}>
                <line className="tick-line" y1={AXIS - 4} y2={height - LANE_GAP} />
                <text className="tick-label" y={AXIS - 10} textAnchor="middle">
                  {formatClockTime(tick)}
                </text>
              </g>
            ))}
            {stretches.map((s) => (
              <rect
                key={`shade-${s.kind}-${s.fromMs}`}
                className={`shade shade-${s.kind}`}
                x={clampX(s.fromMs)}
                width={barWidth(s.fromMs, s.toMs)}
                y={AXIS - 2}
                height={height - AXIS - LANE_GAP + 2}
                fill={shadeFill(ids, s.kind)}
              />
            ))}
          </Group>

          {laneLabel(0, 'Tasks', 'Tasks: click one to open it')}
          {day.tasks.map((task) => {
            const fromMs = Date.parse(task.startedAt);
            const toMs = taskEndMs(task, nowMs);
            const data = taskTip(task);
            return (
              <rect
                key={task.id}
                className={task.id === selectedTaskId ? 'task-bar selected' : 'task-bar'}
                x={clampX(fromMs)}
                width={barWidth(fromMs, toMs)}
                y={laneY(0)}
                height={LANE}
                rx={3}
                role="button"
                tabIndex={0}
                aria-label={taskLabel(task, fromMs, toMs)}
                aria-pressed={task.id === selectedTaskId}
                data-testid="chart-task"
                data-task-id={task.id}
                data-thread-id={threadOf.get(task.id)?.id}
                onClick={() => onSelectTask(task)}
                onKeyDown={(event) => onTaskKey(event, task)}
                onMouseMove={(event) => show(event, data)}
                onFocus={(event) => showAt(event.currentTarget, data)}
                onBlur={tip.hideTooltip}
              />
            );
          })}

          {lanes.map((lane, i) => (
            <g key={lane.label}>
              {laneLabel(i + 1, lane.label, `${lane.label}: ${formatDuration(lane.seconds)}`)}
              <g aria-hidden="true">
                {lane.spans.map((span) => {
                  const fromMs = Date.parse(span.from);
                  const toMs = Date.parse(span.to);
                  return (
                    <rect
                      key={`${span.from}-${span.app}`}
                      className="span-bar"
                      x={clampX(fromMs)}
                      width={barWidth(fromMs, toMs)}
                      y={laneY(i + 1)}
                      height={LANE}
                      fill={lane.color}
                      data-testid="chart-span"
                      data-app={span.app}
                      onMouseMove={(event) =>
                        show(event, { title: span.app ?? '', lines: [span.title ?? '', stretchText(fromMs, toMs)], note: null })
                      }
                    />
                  );
                })}
              </g>
            </g>
          ))}

          {laneLabel(rows - 1, 'Away & gaps', 'Idle, private, paused and not observed')}
          {stretches.map((s) => {
            const w = barWidth(s.fromMs, s.toMs);
            return (
              <g key={`status-${s.kind}-${s.fromMs}`} data-testid="chart-stretch" data-kind={s.kind}>
                <rect
                  className={`stretch stretch-${s.kind}`}
                  x={clampX(s.fromMs)}
                  width={w}
                  y={laneY(rows - 1)}
                  height={LANE}
                  rx={3}
                  fill={shadeFill(ids, s.kind)}
                  onMouseMove={(event) => show(event, stretchTip(s))}
                >
                  <title>{`${s.label}${s.reason ? ` (${s.reason})` : ''}, ${stretchText(s.fromMs, s.toMs)}`}</title>
                </rect>
                {w >= 56 && (
                  <text className="stretch-label" x={clampX(s.fromMs) + 5} y={laneY(rows - 1) + LANE / 2} dominantBaseline="central">
                    {s.label}
                  </text>
                )}
              </g>
            );
          })}

          {today && nowMs <= range.toMs && (
            <g className="now-line" aria-hidden="true" transform={`translate(${clampX(nowMs)},0)`}>
              <line y1={AXIS - 4} y2={height - LANE_GAP} />
              <text y={height + 4} textAnchor="middle">
                now
              </text>
            </g>
          )}
        </svg>
      )}
      {tip.tooltipOpen && tip.tooltipData && (
        <TooltipWithBounds left={tip.tooltipLeft} top={tip.tooltipTop} unstyled applyPositionStyle className="chart-tooltip">
          <ChartTooltipBody tip={tip.tooltipData} />
        </TooltipWithBounds>
      )}
    </div>
  );
}
