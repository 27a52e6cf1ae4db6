import type { TimeWindow } from '../store/repositories/activity-repository';
import type { Sighting } from '../store/repositories/work-item-repository';

/**
 * Cases: the work items a person carries through several windows (an invoice from the mail to the bank),
 * each with its steps in order. This is the one seam between understanding and workflows: discovery,
 * the event logs and the answers read cases through `CaseSource`, never sightings, so a richer source of
 * work (the work threads) can replace `casesFromSightings` here alone.
 */
export interface CaseEvent {
  /** The window stretch (one activity span) this step happened in. */
  readonly atMs: number;
  readonly untilMs: number;
  /** Active seconds of the stretch, shared out among the cases it served (a payment run of nine invoices counts a ninth for each). */
  readonly seconds: number;
  /** How many cases the stretch served. */
  readonly sharedBy: number;
  readonly app: string;
  readonly title: string;
  /** The states the screen gave the item there ("matched", "paid"), in the order seen. */
  readonly actions: readonly string[];
  /** Whether the window was about this item (its title names it first) or it only changed state there. */
  readonly focus: boolean;
  /** Names of people and companies the window's title showed (masked in the window's kind when they vary). */
  readonly parties: readonly string[];
  /** Identifiers shown in the title (masked in the window's kind). */
  readonly identifiers: readonly string[];
  /** Keys of the other work items this stretch touched (the PO an invoice is matched to). */
  readonly related: readonly string[];
  /** The screen-text row that showed the item there, to open the moment at. */
  readonly screenTextId: number | null;
}

export interface WorkCase {
  /** The work item's key (`invoice:5120`, `PLAT-2147`). */
  readonly key: string;
  /** As the screen shows it (INV-5120). */
  readonly name: string;
  /** Its kind in everyday words: the identifier's family (invoice, ticket, purchase order, PLAT). */
  readonly kind: string;
  readonly events: readonly CaseEvent[];
  /** Its state when last seen, as the screen said it ("" when none was). */
  readonly lastState: string;
  /** Names of the other work items its events touched, by key. */
  readonly relatedNames: Readonly<Record<string, string>>;
}

/** What discovery needs: the cases with any step in a time window, each with all its steps. */
export interface CaseSource {
  casesIn(window: TimeWindow): WorkCase[];
}

/** An app span as the cases read it. */
export interface CaseSpan {
  readonly app: string;
  readonly title: string | null;
  readonly startMs: number;
  readonly endMs: number;
}

/** The family of an identifier's key: `invoice:5120` → invoice, `PLAT-2147` → PLAT, `#884` → number. */
export function kindOfKey(key: string): string {
  const colon = key.indexOf(':');
  if (colon > 0) return key.slice(0, colon);
  if (key.startsWith('#')) return 'number';
  const dash = /^([A-Za-z][A-Za-z0-9]*)-/.exec(key);
  return dash ? dash[1]! : key;
}

/** Index of the span holding `atMs` (spans sorted by start, not overlapping), or -1. */
function spanAt(spans: readonly CaseSpan[], atMs: number): number {
  let lo = 0;
  let hi = spans.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid]!.startMs <= atMs) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found >= 0 && atMs < Math.max(spans[found]!.endMs, spans[found]!.startMs + 1) ? found : -1;
}

interface SpanSightings {
  /** Title identifiers in the order the title shows them. */
  titleIds: Sighting[];
  parties: Set<string>;
  /** Every identifier on the screen or in the title, with the states seen with it here. */
  seen: Map<string, { name: string; states: string[]; screenTextId: number | null }>;
}

interface Building {
  key: string;
  name: string;
  events: Map<number, CaseEvent>;
  related: Set<string>;
  states: Set<string>;
  lastState: string;
  lastStateAt: number;
}

const PARTY_KINDS = new Set(['person', 'organization']);

/** A family in everyday words ("quote", "purchase order"), not a code's own prefix ("PLAT"). */
const FAMILY_WORD = /^[a-z][a-z ]*$/;

/** A record's own code as shown (`CLM-4100`, `INV5120`): the same code is the same item whatever word stood before it. */
const OWN_CODE = /^[A-Z][A-Z0-9]{1,9}-?\d{2,9}$/i;

/**
 * One key per record code: the index may key `claim CLM-4100` by its word (`claim:4100`) and a bare
 * `CLM-4100` by its prefix, so the mail that brought it and the system that paid it would be two items.
 * The key of a family word wins (it names the kind in everyday words), then the commoner one.
 */
function keysByCode(sightings: readonly Sighting[]): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const s of sightings) {
    if (s.kind !== 'identifier' || !OWN_CODE.test(s.itemName)) continue;
    const code = s.itemName.toUpperCase().replace('-', '');
    const keys = counts.get(code) ?? new Map<string, number>();
    keys.set(s.key, (keys.get(s.key) ?? 0) + 1);
    counts.set(code, keys);
  }
  const canonical = new Map<string, string>();
  for (const keys of counts.values()) {
    if (keys.size < 2) continue;
    const [best] = [...keys.entries()].sort((a, b) => Number(b[0].includes(':')) - Number(a[0].includes(':')) || b[1] - a[1]);
    for (const key of keys.keys()) canonical.set(key, best![0]);
  }
  return canonical;
}

/**
 * Cases from the work items' sightings (the understanding index) and the app spans they were seen in,
 * by three general rules:
 * - a window is about the first identifier its title names: that stretch is a step of its case;
 * - a stretch where a case already under way shows a state it had not shown before (a ledger row now
 *   "Posted", a payment "Released") is a step of that case too, though the window is about many;
 * - a stretch about another item the case's own windows named (the PO on the invoice) is a step of the
 *   case when it falls between the case's first and last step.
 * A list that merely shows an item (an inbox, a ledger row unchanged) is no step of it. One record code is
 * one item, whatever word the screen put before it.
 */
export function casesFromSightings(spans: readonly CaseSpan[], sightings: readonly Sighting[]): WorkCase[] {
  const sorted = [...spans].filter((s) => s.endMs > s.startMs).sort((a, b) => a.startMs - b.startMs);
  const perSpan = new Map<number, SpanSightings>();
  const at = (i: number): SpanSightings => {
    let entry = perSpan.get(i);
    if (!entry) {
      entry = { titleIds: [], parties: new Set(), seen: new Map() };
      perSpan.set(i, entry);
    }
    return entry;
  };
  const names = new Map<string, string>();
  const families = new Map<string, Map<string, number>>();
  const canonical = keysByCode(sightings);
  for (const sighting of sightings) {
    const key = canonical.get(sighting.key);
    const s = key ? { ...sighting, key } : sighting;
    if (s.kind === 'identifier' && !names.has(s.key)) names.set(s.key, s.itemName);
    if (s.kind === 'identifier' && FAMILY_WORD.test(s.role)) {
      const counts = families.get(s.key) ?? new Map<string, number>();
      families.set(s.key, counts.set(s.role, (counts.get(s.role) ?? 0) + 1));
    }
    const i = spanAt(sorted, s.atMs);
    if (i < 0) continue;
    const entry = at(i);
    if (s.source === 'title' && PARTY_KINDS.has(s.kind)) entry.parties.add(s.name);
    if (s.kind !== 'identifier') continue;
    if (s.source === 'title' && !entry.titleIds.some((t) => t.key === s.key)) entry.titleIds.push(s);
    const seen = entry.seen.get(s.key) ?? { name: s.itemName, states: [], screenTextId: null };
    if (s.state && !seen.states.includes(s.state)) seen.states.push(s.state);
    if (s.source === 'screen' && seen.screenTextId === null) seen.screenTextId = s.refId;
    entry.seen.set(s.key, seen);
  }

  const cases = new Map<string, Building>();
  const caseOf = (key: string, name: string): Building => {
    let c = cases.get(key);
    if (!c) {
      c = { key, name, events: new Map(), related: new Set(), states: new Set(), lastState: '', lastStateAt: -Infinity };
      cases.set(key, c);
    }
    return c;
  };
  const eventOf = (i: number, entry: SpanSightings, key: string, focus: boolean): CaseEvent => {
    const span = sorted[i]!;
    const seen = entry.seen.get(key);
    const title = span.title ?? '';
    return {
      atMs: span.startMs,
      untilMs: span.endMs,
      seconds: Math.round((span.endMs - span.startMs) / 1000),
      sharedBy: 1,
      app: span.app,
      title,
      actions: seen?.states ?? [],
      focus,
      parties: [...entry.parties],
      identifiers: entry.titleIds.map((t) => t.name),
      related: [...entry.seen.keys()].filter((k) => k !== key),
      screenTextId: seen?.screenTextId ?? null,
    };
  };
  const focusOf = (entry: SpanSightings): Sighting | null => {
    const title = entry.titleIds[0]?.title ?? '';
    let best: Sighting | null = null;
    let bestIndex = Infinity;
    for (const t of entry.titleIds) {
      const index = title.indexOf(t.name);
      if (index >= 0 && index < bestIndex) {
        best = t;
        bestIndex = index;
      }
    }
    return best ?? entry.titleIds[0] ?? null;
  };

  const indexes = [...perSpan.keys()].sort((a, b) => a - b);
  for (const i of indexes) {
    const entry = perSpan.get(i)!;
    const focus = focusOf(entry);
    if (focus) {
      const c = caseOf(focus.key, focus.itemName);
      c.events.set(i, eventOf(i, entry, focus.key, true));
      for (const key of entry.seen.keys()) if (key !== focus.key) c.related.add(key);
    }
    for (const [key, seen] of entry.seen) {
      const c = cases.get(key);
      if (c && seen.states.length > 0) {
        c.lastState = seen.states.at(-1)!;
        c.lastStateAt = sorted[i]!.startMs;
      }
      if (key === focus?.key) {
        if (c) for (const state of seen.states) c.states.add(state);
        continue;
      }
      const fresh = seen.states.filter((state) => !c?.states.has(state));
      // Only a case already under way takes a step in a window about something else.
      if (c && c.events.size > 0 && fresh.length > 0 && !c.events.has(i)) c.events.set(i, eventOf(i, entry, key, false));
      if (c) for (const state of seen.states) c.states.add(state);
      else if (seen.states.length > 0) {
        // Remember what a list said of an item before any window was about it: that is no news later.
        const known = caseOf(key, seen.name);
        for (const state of seen.states) known.states.add(state);
        known.lastState = seen.states.at(-1)!;
        known.lastStateAt = sorted[i]!.startMs;
      }
    }
  }

  // The windows about related items (the PO matched to the invoice) between a case's first and last step.
  const focusByKey = new Map<string, number[]>();
  for (const i of indexes) {
    const focus = focusOf(perSpan.get(i)!);
    if (!focus) continue;
    const list = focusByKey.get(focus.key) ?? [];
    list.push(i);
    focusByKey.set(focus.key, list);
  }
  for (const c of cases.values()) {
    if (c.events.size === 0 || c.related.size === 0) continue;
    const times = [...c.events.keys()];
    const first = Math.min(...times);
    const last = Math.max(...times);
    for (const key of c.related) {
      for (const i of focusByKey.get(key) ?? []) {
        if (i <= first || i >= last || c.events.has(i)) continue;
        const entry = perSpan.get(i)!;
        const own = eventOf(i, entry, c.key, false);
        const theirs = entry.seen.get(key);
        c.events.set(i, own.actions.length > 0 ? own : { ...own, actions: theirs?.states ?? [] });
      }
    }
  }

  // A bare code ("L-10222") is keyed without its family; the word a label put before it ("Load") names its kind.
  const kindOf = (key: string): string => {
    const counts = key.includes(':') ? undefined : families.get(key);
    return counts ? [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0] : kindOfKey(key);
  };
  // A stretch that served several items of one kind (a payment run) counts a share for each.
  const served = new Map<string, number>();
  for (const c of cases.values())
    for (const i of c.events.keys()) served.set(`${i}:${kindOf(c.key)}`, (served.get(`${i}:${kindOf(c.key)}`) ?? 0) + 1);
  const out: WorkCase[] = [];
  for (const c of cases.values()) {
    if (c.events.size === 0) continue;
    const events = [...c.events.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([i, e]) => {
        const sharedBy = served.get(`${i}:${kindOf(c.key)}`)!;
        return sharedBy > 1 ? { ...e, sharedBy, seconds: Math.round(e.seconds / sharedBy) } : e;
      });
    const relatedNames: Record<string, string> = {};
    for (const e of events)
      for (const key of e.related) {
        const name = names.get(key);
        if (name) relatedNames[key] = name;
      }
    out.push({ key: c.key, name: c.name, kind: kindOf(c.key), events, lastState: c.lastState, relatedNames });
  }
  return out.sort((a, b) => a.events[0]!.atMs - b.events[0]!.atMs);
}
