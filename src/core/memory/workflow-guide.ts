import type { Question, WorkThreadView } from '../../shared/contract/memory';
import { threadCount, threadLine } from '../../shared/thread-words';
import type { AppTime } from '../../shared/contract/observation';
import { formatClockTime } from '../../shared/format-clock-time';
import { formatDuration } from '../../shared/format-duration';
import { iso } from '../clock';
import type { ActivityRepository, TimeWindow } from '../store/repositories/activity-repository';
import type { KnownTask } from '../store/repositories/memory-task-repository';
import { localDateOf, localDayBounds } from '../time';
import { INTERVIEW_QUESTIONS, interviewAnswerLead } from './interview';
import type { MemoryRepositories } from './memory-repositories';

export interface GuideInput {
  readonly generatedAt: string;
  readonly answers: Record<string, string>;
  readonly interviewSummary: string | null;
  readonly knownTasks: readonly KnownTask[];
  readonly appTime: Pick<AppTime, 'apps' | 'totalActiveSeconds'>;
  readonly answered: readonly Question[];
  readonly daysObserved: number;
  /** The workflows found across days, as procedures (Markdown from src/core/workflows/), when known. */
  readonly procedures?: string | null;
  /** The latest observed day's work threads, when known. */
  readonly latestDay?: LatestDayWork | null;
}

/** A day's work as threads: the tasks of the day joined by the records they share. */
export interface LatestDayWork {
  readonly date: string;
  readonly tasks: number;
  readonly threads: readonly WorkThreadView[];
}

/** Threads of the latest day the guide lists, the most time first; the rest are counted. */
const GUIDE_THREADS = 15;

/** The workflow guide: the user's job as Markdown, from the baseline, known tasks, app time and answers. */
export function buildWorkflowGuide(g: GuideInput): string {
  const generatedMs = Date.parse(g.generatedAt);
  const generated = `${localDateOf(generatedMs)} ${formatClockTime(generatedMs)}`;
  const out: string[] = [
    '# Workflow guide',
    '',
    `_Generated ${generated} from ${g.daysObserved} observed day${g.daysObserved === 1 ? '' : 's'}._`,
    '',
  ];
  out.push('## Role', '');
  out.push(g.answers.role ?? g.interviewSummary ?? '_Not told yet: answer the onboarding interview._', '');
  if (g.answers.team) out.push(`Team: ${g.answers.team}`, '');
  if (g.answers.responsibilities) out.push('### Responsibilities', '', g.answers.responsibilities, '');

  out.push('## Systems', '');
  if (g.answers.systems) out.push(`Named in the interview: ${g.answers.systems}`, '');
  if (g.appTime.apps.length) {
    out.push('| App | Time observed | Share |', '|---|---|---|');
    const total = g.appTime.totalActiveSeconds || 1;
    for (const a of g.appTime.apps.slice(0, 15))
      out.push(`| ${cell(a.app)} | ${formatDuration(a.seconds)} | ${Math.round((a.seconds / total) * 100)}% |`);
    out.push('', `Active time observed: ${formatDuration(g.appTime.totalActiveSeconds)}.`, '');
  } else out.push('_No app time observed yet._', '');

  if (g.procedures) out.push(g.procedures.trimEnd(), '');
  out.push('## Recurring tasks', '');
  if (g.answers['recurring-tasks']) out.push(`As described in the interview: ${g.answers['recurring-tasks']}`, '');
  const recurring = g.knownTasks.filter((t) => t.occurrences >= 2);
  const tasks = recurring.length ? recurring : g.knownTasks;
  if (tasks.length === 0) out.push('_No tasks observed yet._', '');
  for (const t of tasks.slice(0, 25)) {
    out.push(`### ${t.name}`, '');
    out.push(
      `- Seen ${t.occurrences} time${t.occurrences === 1 ? '' : 's'}, typically ${formatDuration(t.typicalSeconds)}; last ${localDateOf(t.lastSeenMs)}`,
    );
    out.push(`- Apps: ${t.apps.join(', ')}`);
    if (t.titles.length)
      out.push(
        `- Steps seen (windows, most time first): ${t.titles
          .slice(0, 6)
          .map((x) => `“${x}”`)
          .join(' → ')}`,
      );
    out.push(`- ${t.brief}`, '');
  }

  if (g.latestDay && g.latestDay.threads.length > 0) out.push(...latestDayLines(g.latestDay));
  out.push('## Answered questions', '');
  if (g.answered.length === 0) out.push('_None yet._', '');
  for (const q of g.answered)
    out.push(`- **${q.text}**  `, `  ${q.answer ?? ''} _(${localDateOf(Date.parse(q.answeredAt ?? q.askedAt))})_`);
  if (g.answers['never-observe']) out.push('', '## Never observed', '', g.answers['never-observe']);
  const order = INTERVIEW_QUESTIONS.map((q) => q.id as string);
  const other = Object.entries(g.answers).filter(([id]) => !order.includes(id));
  if (other.length) out.push('', '## Other notes', '', ...other.map(([id, a]) => `- **${interviewAnswerLead(id)}** ${a}`));
  return `${out.join('\n').trimEnd()}\n`;
}

/** What the guide is built from: the memory tables and app time. */
export interface GuideSources {
  readonly repositories: Pick<MemoryRepositories, 'interview' | 'tasks' | 'questions'>;
  readonly activity: ActivityRepository;
  readonly procedures?: () => string | null;
  /** The work threads of a window (src/core/understanding/day-threads.ts). */
  readonly threads?: (window: TimeWindow, nowMs: number) => WorkThreadView[];
}

/** The guide from what the profile holds now (the API, the window and `shadow guide`). */
export function workflowGuide(
  { repositories, activity, procedures, threads }: GuideSources,
  nowMs: number,
  generatedMs = nowMs,
): { markdown: string; generatedAt: string } {
  const generatedAt = iso(generatedMs);
  const knownTasks = repositories.tasks.knownTasks(100);
  const markdown = buildWorkflowGuide({
    generatedAt,
    answers: repositories.interview.answers(),
    interviewSummary: repositories.interview.summary()?.text ?? null,
    knownTasks,
    appTime: activity.appTime({ window: { startMs: 0, endMs: nowMs + 1 } }),
    answered: repositories.questions.answered(100),
    daysObserved: activity.observedDays(),
    procedures: procedures?.() ?? null,
    latestDay: threads ? latestDayWork(repositories.tasks, knownTasks, threads, nowMs) : null,
  });
  return { markdown, generatedAt };
}

/** "## Work on 2026-05-06": the day's count, then its threads by start, each with its time in all, apps and state. */
function latestDayLines(day: LatestDayWork): string[] {
  const shown = [...day.threads].sort((a, b) => b.seconds - a.seconds).slice(0, GUIDE_THREADS);
  const rest = day.threads.length - shown.length;
  return [
    `## Work on ${day.date}`,
    '',
    `${threadCount(day.tasks, day.threads.length)}; the threads the most time went to:`,
    '',
    ...day.threads.filter((t) => shown.includes(t)).map((t) => `- ${threadLine(t)}`),
    ...(rest > 0 ? [`- and ${rest} shorter thread${rest === 1 ? '' : 's'}`] : []),
    '',
  ];
}

/** The last day that has tasks (the latest a known task was seen): its date, task count and threads. */
function latestDayWork(
  tasks: Pick<MemoryRepositories['tasks'], 'listTasksIn'>,
  known: readonly KnownTask[],
  threads: NonNullable<GuideSources['threads']>,
  nowMs: number,
): LatestDayWork | null {
  if (known.length === 0) return null;
  const date = localDateOf(Math.max(...known.map((t) => t.lastSeenMs)));
  const window = localDayBounds(date);
  return { date, tasks: tasks.listTasksIn(window).length, threads: threads(window, nowMs) };
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}
