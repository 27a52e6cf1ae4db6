import type { ExclusionRule } from '../config/settings';
import { compileExclusions } from '../observe/exclusion';
import type { Redactor } from '../privacy/redactor';
import type { TimeWindow } from '../store/repositories/activity-repository';
import { shapeCases, stepKindLabel } from './discover-workflows';
import { kindOfKey, type CaseEvent, type WorkCase } from './work-cases';

/** A work item in the log (an OCEL object; a case of the XES log when its own steps are there). */
export interface LogObject {
  readonly id: string;
  readonly type: string;
  readonly name: string;
  /** Other items its windows named (the PO on an invoice). */
  readonly related: readonly string[];
}

/** One step of work: a stretch in a window, tied to every item it touched. */
export interface LogEvent {
  readonly id: string;
  /** The step's name: the kind of window and where ("Purchase Order … (NetSuite)"). */
  readonly activity: string;
  readonly timeMs: number;
  readonly endMs: number;
  /** Active seconds of the stretch. */
  readonly seconds: number;
  readonly app: string;
  readonly where: string;
  readonly title: string;
  readonly actions: readonly string[];
  readonly objects: readonly { readonly id: string; readonly qualifier: 'about' | 'changed' | 'shown' }[];
}

/** A case's steps in the time asked about, in order (an XES trace: one item's run, not one day). */
export interface LogTrace {
  readonly id: string;
  readonly name: string;
  readonly kind: string;
  readonly events: readonly LogEvent[];
}

export interface EventLog {
  readonly window: TimeWindow;
  readonly traces: readonly LogTrace[];
  readonly events: readonly LogEvent[];
  readonly objects: readonly LogObject[];
}

/**
 * The cases of a time window as an event log, for both formats: each stretch of work once (an event),
 * tied to the items it touched (objects); each case's stretches in order (a trace). Windows the
 * exclusion rules name now are left out (rules added after the fact count too), every text goes
 * through the redactor again, and private time is not there to begin with: cases are made of app time.
 */
export function buildEventLog(
  cases: readonly WorkCase[],
  window: TimeWindow,
  privacy: { readonly redactor: Redactor; readonly exclusions: readonly ExclusionRule[] },
): EventLog {
  const excluded = compileExclusions(privacy.exclusions);
  const clean = (text: string): string => privacy.redactor.redact(text).text;
  const allowed = (e: CaseEvent): boolean => excluded.match({ app: e.app, title: e.title }) === null;
  const kept = cases
    .map((c) => ({ ...c, events: c.events.filter(allowed) }))
    .filter((c) => c.events.some((e) => e.untilMs > window.startMs && e.atMs < window.endMs));

  const events = new Map<string, { event: LogEvent; objects: Map<string, LogEvent['objects'][number]['qualifier']> }>();
  const objects = new Map<string, LogObject>();
  const traces: LogTrace[] = [];
  const object = (id: string, name: string, related: readonly string[] = []): void => {
    const known = objects.get(id);
    objects.set(id, {
      id,
      type: kindOfKey(id),
      name: clean(known?.name ?? name),
      related: [...new Set([...(known?.related ?? []), ...related])],
    });
  };
  for (const shaped of shapeCases(kept)) {
    const c = shaped.source;
    object(
      c.key,
      c.name,
      c.events.flatMap((e) => e.related),
    );
    const own: LogEvent[] = [];
    for (const step of shaped.steps)
      for (const e of step.events) {
        if (e.untilMs <= window.startMs || e.atMs >= window.endMs) continue;
        const key = `${e.atMs}\u0000${e.app}\u0000${e.title}`;
        let entry = events.get(key);
        if (!entry) {
          entry = {
            event: {
              id: `e${events.size + 1}`,
              activity: clean(stepKindLabel(step.kind)),
              timeMs: e.atMs,
              endMs: e.untilMs,
              seconds: e.seconds * e.sharedBy,
              app: e.app,
              where: clean(step.kind.where),
              title: clean(e.title),
              actions: e.actions,
              objects: [],
            },
            objects: new Map(),
          };
          events.set(key, entry);
        }
        entry.objects.set(c.key, e.focus ? 'about' : 'changed');
        for (const r of e.related) {
          if (!entry.objects.has(r)) entry.objects.set(r, 'shown');
          object(r, c.relatedNames[r] ?? r);
        }
        own.push(entry.event);
      }
    if (own.length > 0) traces.push({ id: c.key, name: clean(c.name), kind: c.kind, events: own });
  }
  const finished = [...events.values()]
    .map(({ event, objects: related }) => ({ ...event, objects: [...related.entries()].map(([id, qualifier]) => ({ id, qualifier })) }))
    .sort((a, b) => a.timeMs - b.timeMs);
  const byId = new Map(finished.map((e) => [e.id, e]));
  return {
    window,
    traces: traces.map((t) => ({ ...t, events: t.events.map((e) => byId.get(e.id)!) })),
    events: finished,
    objects: [...objects.values()].sort((a, b) => a.id.localeCompare(b.id)),
  };
}

/** A time with the machine's offset, as both formats want it ("2026-03-30T08:30:00.000+02:00"). */
export function zonedTime(ms: number): string {
  const offset = -new Date(ms).getTimezoneOffset();
  const local = new Date(ms + offset * 60_000).toISOString().slice(0, 23);
  const abs = Math.abs(offset);
  return `${local}${offset >= 0 ? '+' : '-'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
