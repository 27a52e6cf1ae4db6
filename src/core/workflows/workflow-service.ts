import type { EventLogFormat, Workflow, WorkflowDeviation, WorkflowList } from '../../shared/contract/workflows';
import { WORKFLOW_DAYS_MAX } from '../../shared/contract/workflows';
import type { Clock } from '../clock';
import type { ExclusionRule } from '../config/settings';
import { DomainError } from '../errors';
import type { Redactor } from '../privacy/redactor';
import { localDateOf, localDayBounds } from '../time';
import { discoverWorkflows } from './discover-workflows';
import { buildEventLog, type EventLog } from './event-log';
import { ocelJson } from './ocel-export';
import { proceduresMarkdown } from './workflow-procedures';
import type { CaseSource, WorkCase } from './work-cases';
import { xesXml } from './xes-export';

export interface WorkflowServiceDeps {
  readonly cases: CaseSource;
  readonly clock: Clock;
  readonly redactor: () => Redactor;
  readonly exclusions: () => readonly ExclusionRule[];
}

export interface DayRange {
  readonly from: string;
  readonly to: string;
}

const DAY_MS = 86_400_000;
/** Deviations of a day are worked out again at most this often (the question asker looks at every kept frame). */
const DEVIATIONS_FRESH_MS = 5 * 60_000;
/** How long (real time) a range's workflows are reused while the observed clock stays in the same minute. */
const LIST_FRESH_MS = 30_000;

/** Workflows across days (docs/architecture.md, Workflows): discovery, deviations and the event logs, over the cases of a range of days. */
export class WorkflowService {
  private deviationCache: { day: string; atMs: number; deviations: WorkflowDeviation[]; workflows: Workflow[] } | null = null;
  private listCache: { key: string; madeAt: number; list: WorkflowList } | null = null;

  constructor(private readonly deps: WorkflowServiceDeps) {}

  /** A range of days from optional bounds: `to` defaults to today, `from` to six days before it. */
  range(from?: string, to?: string): DayRange {
    const last = to ?? localDateOf(this.deps.clock.now());
    const first = from ?? localDateOf(localDayBounds(last).startMs - 6 * DAY_MS + DAY_MS / 2);
    if (first > last) throw new DomainError('invalid', 'bad_range', `from (${first}) is after to (${last}); give from ≤ to`);
    const days = Math.round((localDayBounds(last).startMs - localDayBounds(first).startMs) / DAY_MS) + 1;
    if (days > WORKFLOW_DAYS_MAX)
      throw new DomainError('invalid', 'range_too_long', `${days} days asked; at most ${WORKFLOW_DAYS_MAX} at once: narrow from and to`);
    return { from: first, to: last };
  }

  /** The cases with a step in the range, each with its earlier steps. */
  cases(range: DayRange): WorkCase[] {
    return this.deps.cases.casesIn({ startMs: localDayBounds(range.from).startMs, endMs: localDayBounds(range.to).endMs });
  }

  list(from?: string, to?: string): WorkflowList {
    const range = this.range(from, to);
    // Questions come in bursts (a chat, the window's refresh): the same range on the same observed minute is worked out once.
    const key = `${range.from}|${range.to}|${Math.floor(this.deps.clock.now() / 60_000)}`;
    if (this.listCache?.key === key && Date.now() - this.listCache.madeAt < LIST_FRESH_MS) return this.listCache.list;
    const list = { ...range, workflows: discoverWorkflows(this.cases(range), range) };
    this.listCache = { key, madeAt: Date.now(), list };
    return list;
  }

  /**
   * How today's work left its usual workflows, over the last fortnight (for the clarifying questions):
   * worked out again at most every few minutes of the observed clock.
   */
  deviationsToday(): { deviations: WorkflowDeviation[]; workflows: Workflow[] } {
    const now = this.deps.clock.now();
    const day = localDateOf(now);
    const cached = this.deviationCache;
    if (cached && cached.day === day && now - cached.atMs < DEVIATIONS_FRESH_MS && now >= cached.atMs) return cached;
    const workflows = this.list(localDateOf(now - 13 * DAY_MS), day).workflows;
    this.deviationCache = { day, atMs: now, workflows, deviations: workflows.flatMap((w) => w.deviations) };
    return this.deviationCache;
  }

  /** Procedures (Markdown) over the last four weeks, for the workflow guide. */
  procedures(): string {
    const range = this.range(localDateOf(this.deps.clock.now() - 27 * DAY_MS));
    return proceduresMarkdown(this.list(range.from, range.to).workflows, range);
  }

  /** The range's cases as a standard event log, private time and excluded windows left out, text redacted. */
  eventLog(format: EventLogFormat, from?: string, to?: string): { content: string; cases: number; events: number } & DayRange {
    const range = this.range(from, to);
    const log = this.log(range);
    const content = format === 'xes' ? xesXml(log) : ocelJson(log);
    return { ...range, content, cases: log.traces.length, events: log.events.length };
  }

  log(range: DayRange): EventLog {
    const window = { startMs: localDayBounds(range.from).startMs, endMs: localDayBounds(range.to).endMs };
    return buildEventLog(this.cases(range), window, { redactor: this.deps.redactor(), exclusions: this.deps.exclusions() });
  }
}
