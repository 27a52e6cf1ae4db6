import type { DiskMeter, OperationParsedInput, OperationOutput, Operations } from '../../shared/contract/index';
import type { ShadowCore } from '../shadow-core';
import { localDayBounds } from '../time';
import { VERSION } from '../version';
import { notFound } from '../errors';
import { LLM_OFF } from '../llm/llm-client';
import { rightNow } from '../memory/right-now';
import { dayCoverage } from '../observe/day-coverage';
import { healthPrivacy } from './privacy-handlers';
import { viewScope } from '../sync/device-filter';
import { dayInView } from './day-in-view';

type Op<K extends keyof Operations> = (input: OperationParsedInput<Operations[K]>) => OperationOutput<Operations[K]>;

/** The observer's live context with "right now" read from the store's latest span and task (one record for every surface). */
export function liveActivity(core: ShadowCore): OperationOutput<Operations['observationNow']> {
  core.observer.flushOpenSpan();
  const live = core.observer.immediateContext();
  return { ...live, current: rightNow({ activity: core.activity, tasks: core.memory.repositories.tasks }, live.state, core.clock.now()) };
}

export function observationHandlers(core: ShadowCore) {
  const health: Op<'health'> = () => {
    const { status, reasons, summary, capture } = core.health.report();
    return {
      status,
      reasons,
      summary,
      version: VERSION,
      profile: core.paths.profileId,
      source: core.source.kind,
      capture,
      llm: core.llm.status?.() ?? LLM_OFF,
      privacy: healthPrivacy(core.privacy.status()),
      ...diskMeterFields(core.diskBudget.meter()),
    };
  };
  const observationCoverage: Op<'observationCoverage'> = ({ date }) => {
    core.observer.flushOpenSpan();
    const day = date ?? dayInView(core).date;
    const window = localDayBounds(day);
    return dayCoverage(day, window, core.coverage.stretches(window), core.clock.now());
  };
  const observationNow: Op<'observationNow'> = () => liveActivity(core);
  const dayInViewOp: Op<'dayInView'> = () => dayInView(core);
  const appTime: Op<'appTime'> = ({ date, workSessionId, device }) => {
    core.observer.flushOpenSpan();
    const activity = core.activity.scoped(viewScope(core.sync, device));
    if (workSessionId !== undefined) {
      if (!core.activity.getWorkSession(workSessionId)) throw notFound(`Work session ${workSessionId}`);
      return { date: null, workSessionId, ...activity.appTime({ workSessionId }) };
    }
    const day = date ?? dayInView(core).date;
    return { date: day, workSessionId: null, ...activity.appTime({ window: localDayBounds(day) }) };
  };
  const listWorkSessions: Op<'listWorkSessions'> = ({ limit, date, device }) => {
    core.observer.flushOpenSpan();
    const activity = core.activity.scoped(viewScope(core.sync, device));
    return { workSessions: activity.listWorkSessions(limit, date ? localDayBounds(date) : undefined) };
  };
  const pauseCapture: Op<'pauseCapture'> = ({ reason }) => {
    core.observer.pause(reason ?? 'paused by the user');
    return core.observer.health();
  };
  const resumeCapture: Op<'resumeCapture'> = () => {
    core.observer.resume();
    return core.observer.health();
  };
  return { health, dayInView: dayInViewOp, observationNow, appTime, listWorkSessions, pauseCapture, resumeCapture, observationCoverage };
}

/** The disk meter in health, under its name and under `storage`, the name it had before (deprecated, docs/api.md). */
const diskMeterFields = (meter: DiskMeter): { disk: DiskMeter; storage: DiskMeter } => ({ disk: meter, storage: meter });
