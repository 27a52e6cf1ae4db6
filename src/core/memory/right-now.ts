import type { CaptureState, CurrentActivity, Task } from '../../shared/contract/index';
import { formatClockTime } from '../../shared/format-clock-time';
import { formatDuration } from '../../shared/format-duration';
import { iso } from '../clock';
import type { ActivityRepository } from '../store/repositories/activity-repository';
import { LOCAL_DEVICE } from '../store/repositories/device-repository';

export interface RightNowDeps {
  readonly activity: ActivityRepository;
  readonly tasks: { listTasks(workSessionId: number): Task[] };
}

const OBSERVING: ReadonlySet<CaptureState> = new Set(['observing', 'idle', 'private']);

/**
 * "Right now" from one record: this computer's latest work session, its latest span (the window, idle or
 * private time it holds) and the task that span belongs to. The window's header and its sentence, MCP's
 * `current_activity` and `work_session_summary` all read this, so they cannot name different windows;
 * once observation stopped it says when, and what was last seen.
 */
export function rightNow(deps: RightNowDeps, state: CaptureState, nowMs: number): CurrentActivity {
  const activity = deps.activity.scoped(LOCAL_DEVICE);
  const [latest] = activity.listWorkSessions(1);
  const span = latest ? activity.workSessionSpans(latest.id).at(-1) : undefined;
  const live = latest !== undefined && latest.status === 'active' && OBSERVING.has(state);
  if (!latest || !span) {
    return { live, kind: null, app: null, title: null, since: null, lastSeen: null, task: null, text: 'Nothing observed yet.' };
  }
  const task = deps.tasks
    .listTasks(latest.id)
    .filter((t) => Date.parse(t.startedAt) <= span.endMs)
    .at(-1);
  const taskEnd = task?.endedAt ? Math.min(Date.parse(task.endedAt), span.endMs) : span.endMs;
  const taskView = task
    ? { name: task.name, start: task.startedAt, seconds: Math.max(0, (taskEnd - Date.parse(task.startedAt)) / 1000) }
    : null;
  const what =
    span.kind === 'app'
      ? `${span.title ? `“${span.title}” in ` : ''}${span.app ?? 'an app'}`
      : span.kind === 'idle'
        ? 'away from the computer (idle)'
        : 'a private window (not recorded)';
  const inTask = taskView && span.kind === 'app' ? ` (task “${taskView.name}”, ${formatDuration(taskView.seconds)})` : '';
  const text = live
    ? span.kind === 'app'
      ? `Working on ${what} for ${formatDuration((span.endMs - span.startMs) / 1000)}${inTask}.`
      : `Now ${what}, for ${formatDuration((span.endMs - span.startMs) / 1000)}.`
    : `Observation stopped at ${formatClockTime(latest.endedAt ? Date.parse(latest.endedAt) : span.endMs)}; last seen: ${what}${inTask}.`;
  return {
    live,
    kind: span.kind,
    app: span.kind === 'app' ? span.app : null,
    title: span.kind === 'app' ? span.title : null,
    since: iso(span.startMs),
    lastSeen: iso(Math.min(span.endMs, nowMs)),
    task: taskView,
    text,
  };
}
