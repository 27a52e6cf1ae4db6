import { createHash } from 'node:crypto';
import { formatDuration } from '../../shared/format-duration';
import type { Workflow, WorkflowCase, WorkflowDeviation, WorkflowStep, WorkflowVariant } from '../../shared/contract/workflows';
import { iso } from '../clock';
import { localDateOf } from '../time';
import { stateClass } from '../understanding/work-item';
import type { CaseEvent, WorkCase } from './work-cases';
import { isHandoff, properNameRuns, stepLabel, titleWords, windowKind, type WindowKind } from './window-kind';

/** A kind of step: a kind of window and the state the screen left the item in there ("Ticket …: resolved"). */
export interface StepKind extends WindowKind {
  readonly state: string | null;
}

/** One step of one case: consecutive stretches in the same kind of window, joined while the item's state holds. */
export interface CaseStep {
  readonly kind: StepKind;
  readonly startMs: number;
  readonly endMs: number;
  readonly seconds: number;
  readonly actions: readonly string[];
  readonly title: string;
  readonly screenTextId: number | null;
  /** The stretches it joins. */
  readonly events: readonly CaseEvent[];
}

export interface ShapedCase {
  readonly source: WorkCase;
  readonly steps: readonly CaseStep[];
  readonly sequence: readonly string[];
}

/** A step one case in five or more goes on from is no end of the work. */
const FOLLOWED_AT_MOST = 0.2;
/** A step this much slower than its median (and by this many seconds) is a deviation. */
const SLOWER_FACTOR = 2;
const SLOWER_MIN_SECONDS = 120;
/** A step fewer than this share of cases take is not part of the usual work. */
const RARE_STEP = 0.2;
const EXAMPLES = 5;

const median = (values: readonly number[]): number => quantile(values, 0.5);
function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return Math.round(sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo));
}
const shortId = (text: string): string => createHash('sha1').update(text).digest('hex').slice(0, 10);

/** Names of people and companies that vary across a kind's cases (in fewer than half of them): taken out of window kinds. */
function varyingParties(cases: readonly WorkCase[]): Set<string> {
  const count = new Map<string, Set<string>>();
  for (const c of cases)
    for (const e of c.events)
      for (const p of e.parties) {
        const set = count.get(p) ?? new Set<string>();
        set.add(c.key);
        count.set(p, set);
      }
  const bar = Math.max(2, Math.ceil(cases.length / 2));
  return new Set([...count.entries()].filter(([, set]) => set.size < bar).map(([p]) => p));
}

/** The step's name: its window's kind and the state it left the item in. */
export function stepName(kind: Pick<StepKind, 'name' | 'state'>): string {
  return kind.state ? `${kind.name}: ${kind.state}` : kind.name;
}

/** "Ticket …: resolved (Freshdesk)". */
export function stepKindLabel(kind: StepKind): string {
  return stepLabel({ name: stepName(kind), where: kind.where });
}

const withState = (kind: WindowKind, state: string | null): StepKind => ({ ...kind, state, key: `${kind.key}\u0000${state ?? ''}` });

/**
 * The kinds of window of a kind of item's cases. A kind few cases have may hold a case's own words (a
 * company the extraction did not know, a ticket's summary): it is tried without each name in its title,
 * and a kind only one case has without every word no other case's titles have; when that makes it a
 * kind more cases share (or reach the same way), those were the varying words. A step only one case
 * takes (a "Missing PO" mail) keeps its words: nothing else reads like it.
 */
function windowKindsOf(group: readonly WorkCase[]): WindowKind[][] {
  const varying = varyingParties(group);
  const masksOf = (c: WorkCase, e: CaseEvent): string[] => [
    c.name,
    ...e.identifiers,
    ...e.related.map((k) => c.relatedNames[k] ?? ''),
    ...e.parties.filter((p) => varying.has(p)),
  ];
  const kinds = group.map((c) => c.events.map((e) => windowKind(e.app, e.title, masksOf(c, e))));
  const casesPer = (): Map<string, Set<string>> => {
    const map = new Map<string, Set<string>>();
    group.forEach((c, n) => kinds[n]!.forEach((k) => map.set(k.key, (map.get(k.key) ?? new Set()).add(c.key))));
    return map;
  };
  let perKind = casesPer();
  const single = (n: number, i: number): boolean => (perKind.get(kinds[n]![i]!.key)?.size ?? 0) <= 1;
  const casesOfWord = new Map<string, Set<string>>();
  for (const c of group)
    for (const e of c.events) for (const w of titleWords(e.title)) casesOfWord.set(w, (casesOfWord.get(w) ?? new Set()).add(c.key));
  const bare = new Map<string, { n: number; i: number; kind: WindowKind }[]>();
  group.forEach((c, n) =>
    c.events.forEach((e, i) => {
      if (!single(n, i)) return;
      const own = titleWords(e.title).filter((w) => casesOfWord.get(w)!.size === 1);
      if (own.length === 0) return;
      const kind = windowKind(e.app, e.title, masksOf(c, e), own);
      bare.set(kind.key, [...(bare.get(kind.key) ?? []), { n, i, kind }]);
    }),
  );
  for (const list of bare.values()) {
    if (new Set(list.map((x) => group[x.n]!.key)).size < 2) continue;
    for (const { n, i, kind } of list) kinds[n]![i] = kind;
  }
  perKind = casesPer();
  // A name whose removal makes the window a kind more cases share was the case's own (a vendor seen twice).
  group.forEach((c, n) =>
    c.events.forEach((e, i) => {
      const own = perKind.get(kinds[n]![i]!.key)?.size ?? 0;
      for (const name of properNameRuns(e.title)) {
        const other = windowKind(e.app, e.title, [...masksOf(c, e), name]);
        if ((perKind.get(other.key)?.size ?? 0) > own) {
          kinds[n]![i] = other;
          break;
        }
      }
    }),
  );
  return kinds;
}

/**
 * A case as steps: each stretch's kind of window, consecutive stretches of one kind joined while the
 * item's state holds (a quote drafted, then approved, in the same window: two steps).
 */
export function shapeCases(cases: readonly WorkCase[]): ShapedCase[] {
  const byKind = new Map<string, WorkCase[]>();
  for (const c of cases) byKind.set(c.kind, [...(byKind.get(c.kind) ?? []), c]);
  const out: ShapedCase[] = [];
  for (const group of byKind.values()) {
    const kinds = windowKindsOf(group);
    group.forEach((c, n) => {
      const steps: CaseStep[] = [];
      c.events.forEach((e, i) => {
        const window = fileOfItem(kinds[n]![i]!, c.kind);
        const state = e.actions.at(-1) ?? null;
        const last = steps.at(-1);
        const sameWindow = last && last.kind.key.startsWith(`${window.key}\u0000`);
        if (last && sameWindow && (state === null || last.kind.state === null || last.kind.state === state)) {
          steps[steps.length - 1] = {
            ...last,
            kind: last.kind.state === null && state !== null ? withState(window, state) : last.kind,
            endMs: e.untilMs,
            seconds: last.seconds + e.seconds,
            actions: [...new Set([...last.actions, ...e.actions])],
            events: [...last.events, e],
          };
        } else
          steps.push({
            kind: withState(window, state),
            startMs: e.atMs,
            endMs: e.untilMs,
            seconds: e.seconds,
            actions: e.actions,
            title: e.title,
            screenTextId: e.screenTextId,
            events: [e],
          });
      });
      out.push({ source: c, steps, sequence: [] });
    });
  }
  return withUsualStates(out);
}

/**
 * A step whose screen showed no state (read badly, or not read at all) leaves the item in the state that
 * kind of window usually does for that kind of item: a missed word is no new step. Steps that become
 * alike are joined again.
 */
function withUsualStates(cases: readonly ShapedCase[]): ShapedCase[] {
  const states = new Map<string, Map<string, number>>();
  const windowOf = (kind: StepKind): string => `${kind.key.slice(0, kind.key.lastIndexOf('\u0000'))}`;
  for (const c of cases)
    for (const s of c.steps) {
      if (s.kind.state === null) continue;
      const key = `${c.source.kind}\u0001${windowOf(s.kind)}`;
      const counts = states.get(key) ?? new Map<string, number>();
      counts.set(s.kind.state, (counts.get(s.kind.state) ?? 0) + 1);
      states.set(key, counts);
    }
  return cases.map((c) => {
    const steps: CaseStep[] = [];
    for (const step of c.steps) {
      let s = step;
      const counts = step.kind.state === null ? states.get(`${c.source.kind}\u0001${windowOf(step.kind)}`) : undefined;
      if (counts) {
        const usual = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
        s = { ...step, kind: { ...step.kind, state: usual, key: `${windowOf(step.kind)}\u0000${usual}` } };
      }
      const last = steps.at(-1);
      if (last && last.kind.key === s.kind.key)
        steps[steps.length - 1] = {
          ...last,
          endMs: s.endMs,
          seconds: last.seconds + s.seconds,
          actions: [...new Set([...last.actions, ...s.actions])],
          events: [...last.events, ...s.events],
        };
      else steps.push(s);
    }
    return { ...c, steps, sequence: steps.map((s) => s.kind.key) };
  });
}

/** A window that is nothing but the item's file ("INV-5120.pdf") is named by what it is: the invoice's PDF. */
function fileOfItem(kind: WindowKind, itemKind: string): WindowKind {
  const file = /^…\.([a-z0-9]{2,5})$/i.exec(kind.name);
  if (!file) return kind;
  const name = `${/^[A-Z0-9]+$/.test(itemKind) ? itemKind : itemKind.charAt(0).toUpperCase() + itemKind.slice(1)} ${file[1]!.toUpperCase()}`;
  return { ...kind, name };
}

export interface DiscoveryWindow {
  /** First and last day (local dates, inclusive): cases begun on them are the occurrences. */
  readonly from: string;
  readonly to: string;
  /** The day whose deviations are reported (default `to`). */
  readonly day?: string;
}

/**
 * Workflows from cases by general rules: cases of one kind of work item that begin in the same kind of
 * window are one workflow when at least two of them go through two steps or more. A case is finished
 * when it reached a step that ends the work (one that cases seldom go on from) or its item was turned
 * down; the usual variant is the commonest sequence of finished cases; the others are named by how
 * they differ from it. Works on any job's days: nothing here knows invoices or tickets.
 */
export function discoverWorkflows(cases: readonly WorkCase[], window: DiscoveryWindow): Workflow[] {
  const inWindow = cases.filter((c) => {
    const day = localDateOf(c.events[0]!.atMs);
    return day >= window.from && day <= window.to;
  });
  const groups = new Map<string, ShapedCase[]>();
  for (const shaped of shapeCases(inWindow)) {
    const id = `${shaped.source.kind}\u0000${shaped.sequence[0]}`;
    groups.set(id, [...(groups.get(id) ?? []), shaped]);
  }
  const workflows: Workflow[] = [];
  for (const [id, group] of groups) {
    if (group.filter((c) => c.sequence.length >= 2).length < 2) continue;
    workflows.push(describeWorkflow(shortId(id), group, window));
  }
  return workflows.sort((a, b) => b.occurrences.total - a.occurrences.total || a.name.localeCompare(b.name));
}

function describeWorkflow(id: string, group: readonly ShapedCase[], window: DiscoveryWindow): Workflow {
  const kinds = new Map<string, StepKind>();
  for (const c of group) for (const s of c.steps) kinds.set(s.kind.key, s.kind);

  // Steps that end the work: some case ends there, and cases seldom go on from their last visit to it.
  const ends = new Map<string, { containing: number; followed: number; last: number }>();
  for (const c of group)
    for (const key of new Set(c.sequence)) {
      const e = ends.get(key) ?? { containing: 0, followed: 0, last: 0 };
      e.containing++;
      if (c.sequence.lastIndexOf(key) < c.sequence.length - 1) e.followed++;
      else e.last++;
      ends.set(key, e);
    }
  const final = new Set([...ends.entries()].filter(([, e]) => e.last > 0 && e.followed / e.containing < FOLLOWED_AT_MOST).map(([k]) => k));
  const finished = (c: ShapedCase): boolean =>
    final.has(c.sequence.at(-1)!) || stateClass(c.source.lastState) === 'declined' || c.sequence.length === 0;
  const done = group.filter(finished);
  const basis = done.length > 0 ? done : group;

  const bySequence = new Map<string, ShapedCase[]>();
  for (const c of basis) bySequence.set(c.sequence.join('\u0001'), [...(bySequence.get(c.sequence.join('\u0001')) ?? []), c]);
  const ranked = [...bySequence.values()].sort((a, b) => b.length - a.length || b[0]!.sequence.length - a[0]!.sequence.length);
  const usual = ranked[0]![0]!.sequence;
  const label = (key: string): string => stepKindLabel(kinds.get(key)!);
  const variants: WorkflowVariant[] = ranked.map((list, n) => {
    const sequence = list[0]!.sequence;
    const differences = n === 0 ? [] : differencesOf(usual, sequence, label);
    return {
      id: shortId(`${id}\u0000${sequence.join('\u0001')}`),
      name: n === 0 ? 'usual' : differences.join('; '),
      usual: n === 0,
      steps: sequence.map((k) => shortId(k)),
      cases: list.length,
      share: list.length / basis.length,
      differences,
      examples: list.slice(0, EXAMPLES).map((c) => c.source.name),
    };
  });
  const variantOf = new Map<ShapedCase, string>();
  ranked.forEach((list, n) => list.forEach((c) => variantOf.set(c, variants[n]!.id)));

  const stepKeys = [
    ...new Set(usual),
    ...[...kinds.keys()].filter((k) => !usual.includes(k)).sort((a, b) => share(group, b) - share(group, a)),
  ];
  const steps: WorkflowStep[] = stepKeys.map((key) => {
    const kind = kinds.get(key)!;
    const taken = group.flatMap((c) => c.steps.filter((s) => s.kind.key === key).map((s) => ({ c, s })));
    const actions = new Map<string, number>();
    for (const { s } of taken) for (const a of s.actions) actions.set(a, (actions.get(a) ?? 0) + 1);
    const example = taken[0]!;
    return {
      id: shortId(key),
      name: stepName(kind),
      state: kind.state,
      app: kind.app,
      where: kind.where,
      actions: [...actions.entries()].sort((a, b) => b[1] - a[1]).map(([a]) => a),
      share: share(group, key),
      medianSeconds: median(taken.map((t) => t.s.seconds)),
      stretchMedianSeconds: median(taken.map((t) => t.s.events.reduce((sum, e) => sum + e.seconds * e.sharedBy, 0))),
      handoff: isHandoff(kind),
      example: { at: iso(example.s.startMs), screenTextId: example.s.screenTextId, item: example.c.source.name, title: example.s.title },
    };
  });

  const transitions = new Map<string, { from: string; to: string; waits: number[] }>();
  for (const c of group)
    for (let i = 1; i < c.steps.length; i++) {
      const from = c.steps[i - 1]!;
      const to = c.steps[i]!;
      const key = `${from.kind.key}\u0001${to.kind.key}`;
      const t = transitions.get(key) ?? { from: shortId(from.kind.key), to: shortId(to.kind.key), waits: [] };
      t.waits.push(Math.max(0, Math.round((to.startMs - from.endMs) / 1000)));
      transitions.set(key, t);
    }

  const active = basis.map((c) => c.steps.reduce((sum, s) => sum + s.seconds, 0));
  const elapsed = basis.map((c) => Math.round((c.steps.at(-1)!.endMs - c.steps[0]!.startMs) / 1000));
  const perDay = new Map<string, number>();
  const perWeek = new Map<string, number>();
  for (const c of group) {
    const day = localDateOf(c.steps[0]!.startMs);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
    const week = mondayOf(day);
    perWeek.set(week, (perWeek.get(week) ?? 0) + 1);
  }
  const usualWheres = [...new Set(usual.map((k) => kinds.get(k)!.where))];
  const kindName = group[0]!.source.kind;
  const cases: WorkflowCase[] = group.map((c) => ({
    item: c.source.key,
    name: c.source.name,
    startedAt: iso(c.steps[0]!.startMs),
    endedAt: iso(c.steps.at(-1)!.endMs),
    seconds: c.steps.reduce((sum, s) => sum + s.seconds, 0),
    variant: finished(c) ? (variantOf.get(c) ?? null) : null,
    finished: finished(c),
    state: c.source.lastState,
    steps: c.steps.map((s) => ({
      step: shortId(s.kind.key),
      at: iso(s.startMs),
      until: iso(s.endMs),
      seconds: s.seconds,
      actions: [...s.actions],
    })),
  }));
  const day = window.day ?? window.to;
  return {
    id,
    name: `${kindTitle(kindName)}: ${usualWheres.join(' → ')}`,
    kind: kindName,
    occurrences: {
      total: group.length,
      perDay: [...perDay.entries()].sort().map(([date, count]) => ({ date, count })),
      perWeek: [...perWeek.entries()].sort().map(([week, count]) => ({ week, count })),
    },
    duration: {
      medianSeconds: median(active),
      p25Seconds: quantile(active, 0.25),
      p75Seconds: quantile(active, 0.75),
      minSeconds: Math.min(...active),
      maxSeconds: Math.max(...active),
      elapsedMedianSeconds: median(elapsed),
    },
    steps,
    transitions: [...transitions.values()].map((t) => ({
      from: t.from,
      to: t.to,
      count: t.waits.length,
      medianWaitSeconds: median(t.waits),
    })),
    variants,
    handoffs: steps.filter((s) => s.handoff).map((s) => ({ step: s.id, name: s.name, where: s.where, share: s.share })),
    inFlight: group
      .filter((c) => !finished(c))
      .map((c) => ({
        item: c.source.key,
        name: c.source.name,
        lastStep: stepKindLabel(c.steps.at(-1)!.kind),
        lastAt: iso(c.steps.at(-1)!.endMs),
        state: c.source.lastState,
      })),
    cases,
    deviations: group.flatMap((c) => deviationsOf(c, group, usual, day, label)),
  };
}

function share(group: readonly ShapedCase[], key: string): number {
  return group.filter((c) => c.sequence.includes(key)).length / group.length;
}

/** How a sequence differs from the usual one, in words: what it adds, skips, does instead, or in another order. */
export function differencesOf(usual: readonly string[], other: readonly string[], label: (key: string) => string): string[] {
  const added = other.filter((k) => !usual.includes(k));
  const skipped = usual.filter((k) => !other.includes(k));
  const out: string[] = [];
  if (added.length === 1 && skipped.length === 1) out.push(`${label(added[0]!)} instead of ${label(skipped[0]!)}`);
  else {
    if (added.length) out.push(`adds ${added.map(label).join(', ')}`);
    if (skipped.length) out.push(`skips ${skipped.map(label).join(', ')}`);
  }
  const common = other.filter((k) => usual.includes(k));
  const expected = usual.filter((k) => common.includes(k));
  const swapped = common.findIndex((k, i) => k !== expected[i]);
  if (swapped >= 0) out.push(`${label(common[swapped]!)} before ${label(expected[swapped]!)}`);
  if (out.length === 0) out.push(`repeats ${label(other.find((k, i) => other.indexOf(k) !== i) ?? other[0]!)}`);
  return out;
}

/** How a case's steps on `day` left the usual: a usual step skipped, a step the work seldom takes, a step twice its usual time. */
function deviationsOf(
  c: ShapedCase,
  group: readonly ShapedCase[],
  usual: readonly string[],
  day: string,
  label: (key: string) => string,
): WorkflowDeviation[] {
  const today = c.steps.filter((s) => localDateOf(s.startMs) === day);
  if (today.length === 0) return [];
  const out: WorkflowDeviation[] = [];
  const base = { item: c.source.key, name: c.source.name };
  const others = group.filter((o) => o !== c);
  for (const s of today) {
    const key = s.kind.key;
    const position = usual.indexOf(key);
    // A usual step before this one that the case never took.
    if (position > 0) {
      for (let i = 0; i < position; i++) {
        const missing = usual[i]!;
        if (c.sequence.includes(missing) || out.some((d) => d.kind === 'skipped_step' && d.step === shortId(missing))) continue;
        out.push({
          ...base,
          kind: 'skipped_step',
          step: shortId(missing),
          stepName: label(missing),
          text: `${c.source.name} went on to “${label(key)}” without “${label(missing)}”, a step it usually takes first.`,
          at: iso(s.startMs),
          screenTextId: s.screenTextId,
        });
      }
    }
    const taken = others.filter((o) => o.sequence.includes(key)).length;
    if (position < 0 && others.length > 0 && taken / others.length < RARE_STEP)
      out.push({
        ...base,
        kind: 'new_step',
        step: shortId(key),
        stepName: label(key),
        text: `${c.source.name} went through “${label(key)}”, which this work seldom takes${taken === 0 ? ' (never before)' : ''}.`,
        at: iso(s.startMs),
        screenTextId: s.screenTextId,
      });
    const usualSeconds = median(others.flatMap((o) => o.steps.filter((x) => x.kind.key === key).map((x) => x.seconds)));
    if (usualSeconds > 0 && s.seconds >= SLOWER_FACTOR * usualSeconds && s.seconds - usualSeconds >= SLOWER_MIN_SECONDS)
      out.push({
        ...base,
        kind: 'slower',
        step: shortId(key),
        stepName: label(key),
        text: `${c.source.name} took ${formatDuration(s.seconds)} in “${label(key)}”; it usually takes ${formatDuration(usualSeconds)}.`,
        at: iso(s.startMs),
        screenTextId: s.screenTextId,
      });
  }
  return out;
}

/** The Monday of a local date's week. */
function mondayOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const back = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

/** "invoice" → "Invoices", "PLAT" → "PLAT items", "number" → "#-numbered items". */
export function kindTitle(kind: string): string {
  if (kind === 'number') return '#-numbered items';
  if (/^[A-Z0-9]+$/.test(kind)) return `${kind} items`;
  const plural = /(?:s|x|ch|sh)$/.test(kind)
    ? `${kind}es`
    : kind.endsWith('y') && !/[aeiou]y$/.test(kind)
      ? `${kind.slice(0, -1)}ies`
      : `${kind}s`;
  return plural.charAt(0).toUpperCase() + plural.slice(1);
}
