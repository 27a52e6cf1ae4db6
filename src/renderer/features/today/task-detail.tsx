import { useState } from 'react';
import type { Task } from '../../../shared/contract/index';
import type { ShadowClient } from '../../api/index';
import { formatClockTime, formatDuration } from '../../format';
import { taskEndMs, taskSeconds } from '../day-chart/chart-model';
import { MomentDialog } from '../evidence/moment-dialog';

const TITLES_SHOWN = 8;

interface TaskDetailProps {
  readonly client: ShadowClient;
  readonly task: Task;
  readonly nowMs: number;
  readonly onClose: () => void;
}

/** The task opened from the chart: when, how long (while it goes on, until now), its apps and windows. */
export function TaskDetail({ client, task, nowMs, onClose }: TaskDetailProps) {
  const [seeing, setSeeing] = useState(false);
  const fromMs = Date.parse(task.startedAt);
  const open = task.endedAt === null;
  return (
    <section className="task-detail" aria-labelledby={`task-${task.id}-name`} data-testid="task-detail" data-task-id={task.id}>
      <div className="card-head">
        <h3 id={`task-${task.id}-name`} className="task-name">
          {task.name}
        </h3>
        <button type="button" className="link icon" onClick={onClose} aria-label="Close the task">
          ×
        </button>
      </div>
      <p className="small">
        <time dateTime={task.startedAt}>{formatClockTime(fromMs)}</time>–
        {open ? 'now' : <time dateTime={task.endedAt!}>{formatClockTime(taskEndMs(task, nowMs))}</time>} ·{' '}
        <span data-testid="task-duration">{formatDuration(taskSeconds(task, nowMs))}</span>
        {open && ' so far'}
        {task.switches > 0 && ` · ${task.switches} ${task.switches === 1 ? 'switch' : 'switches'}`}
      </p>
      {task.brief && <p className="small">{task.brief}</p>}
      {task.apps.length > 0 && <p className="small muted">In {task.apps.join(', ')}</p>}
      {task.titles.length > 0 && (
        <ul className="task-titles small">
          {task.titles.slice(0, TITLES_SHOWN).map((title) => (
            <li key={title} className="ellipsis" title={title}>
              {title}
            </li>
          ))}
          {task.titles.length > TITLES_SHOWN && <li className="muted">and {task.titles.length - TITLES_SHOWN} more windows</li>}
        </ul>
      )}
      <button type="button" className="small" onClick={() => setSeeing(true)} data-testid="task-see-screen">
        What was on screen
      </button>
      {seeing && (
        <MomentDialog
          client={client}
          target={{ at: task.startedAt, screenTextId: null, device: task.device?.id ?? null }}
          onClose={() => setSeeing(false)}
        />
      )}
    </section>
  );
}
