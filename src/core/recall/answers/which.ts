import type { Evidence } from '../../../shared/contract/evidence';
import { formatDuration } from '../../../shared/format-duration';
import { iso } from '../../clock';
import type { WindowUse } from '../../store/repositories/activity-repository';
import { itemViews, type ItemView } from '../../understanding/item-views';
import { isUser } from '../../understanding/user-identity';
import { stateClass } from '../../understanding/work-item';
import { identityOf, windowName } from '../day-tasks';
import { when } from '../evidence-format';
import type { KindWord } from '../kind-words';
import { SYNONYMS } from '../lexicon';
import { termMatches } from '../question-terms';
import type { UnderstoodQuestion } from '../question-understanding';
import { windowEvidence } from './time-spent';
import {
  answer,
  askedWindow,
  joinAnd,
  LIST_MAX,
  leftOut,
  nothingObserved,
  today,
  windowOf,
  type RecallAnswer,
  type RecallContext,
} from './answer-kit';

/** Window words that make a window a meeting, a call or an interview. */
const MEETING_WORDS = [...SYNONYMS.meeting!, 'interview', 'webinar', 'standup'];
const MAIL_WORDS = SYNONYMS.email!;
const BROWSER_WORDS = SYNONYMS.browser!;

/**
 * "Which tickets did I work on?", "what servers did I log into?", "which invoices did I look at?",
 * "which candidates did I see?", "which meetings did I have?": the items of the kind asked for, from the
 * work-item index (records of the family the noun names, people with the role it names), or the windows
 * that are meetings, mails or pages; the ones opened first (a title named them), then the longest on screen.
 */
export function answerWhich(ctx: RecallContext, question: UnderstoodQuestion): RecallAnswer {
  const time = askedWindow(question, today(ctx.nowMs));
  const window = windowOf(time);
  const noun = question.kindWord!;
  // "Which appointments were cancelled or no-shows?": words that name a state keep the records seen in any of them.
  const stateTerms = question.terms.filter((t) => stateClass(t.replace(/-/g, ' ').replace(/s$/, '')) !== null || stateClass(t) !== null);
  const scopeTerms = question.terms.filter((t) => !stateTerms.includes(t));
  const inScope = (app: string, title: string, line = ''): boolean => scopeTerms.every((t) => termMatches(t, `${app} ${title} ${line}`));
  const inState = (v: ItemView): boolean =>
    stateTerms.length === 0 ||
    v.sightings.some(
      (s) => s.state !== '' && stateTerms.some((t) => termMatches(t, s.state.replace(/\s+/g, '-')) || termMatches(t, s.state)),
    );
  const windows = ctx.store.activity.windowsIn(window);
  if (windows.length === 0) return answer([nothingObserved(ctx, window, time.label)], [], false);
  const where = question.terms.length > 0 ? ` in “${question.terms.join(' ')}”` : '';
  switch (noun.list) {
    case 'app':
      return whichApps(
        ctx,
        time.label,
        window,
        windows.filter((w) => inScope(w.app, w.title)),
      );
    case 'window':
      return whichWindows(
        time.label,
        windows.filter((w) => inScope(w.app, w.title)),
        noun,
      );
    case 'meeting':
    case 'email':
      return whichWindowsOfKind(
        ctx,
        time.label,
        where,
        noun,
        windows.filter((w) => inScope(w.app, w.title) && isOfKind(noun.list as 'meeting' | 'email', w)),
      );
    default:
      break;
  }
  const sightings = ctx.store.items.sightingsIn(window).filter((s) => inScope(s.app, s.title, s.line));
  const identity = identityOf(ctx.store, ctx.store.items.sightingsIn(window));
  // A key's prefix that records of the family asked for carry ("Load L-10218") makes a bare key with it ("L-10299") one too.
  const prefixes = new Set(
    noun.families
      ? itemViews(ctx.store.items.sightingsIn(window), window)
          .filter((v) => v.kind === 'identifier' && v.roles.some((r) => noun.families!.includes(r)))
          .flatMap((v) => [...v.roles.filter((r) => /^[A-Z][A-Z0-9]*$/.test(r)), /^([A-Z][A-Z0-9]*)-\d/.exec(v.name)?.[1] ?? ''])
          .filter(Boolean)
      : [],
  );
  const all = itemViews(sightings, window).filter(
    (v) => (wanted(v, noun) || (v.kind === 'identifier' && v.roles.some((r) => prefixes.has(r)))) && inState(v) && !isUser(identity, v),
  );
  // A role the noun names ("candidates") narrows the list when the screen gave anyone that role.
  // A title written before a name is a role too ("Dr. Hana Sato", "NP Laura Quinn").
  const titled = (v: ItemView): boolean =>
    v.forms.some((f) => {
      const title = /^(dr|np|pa|rn|md|judge|prof|officer)\.?\s/i.exec(f)?.[1]?.toLowerCase();
      return (
        title !== undefined &&
        noun.roles!.some((want) => want === title || (title === 'dr' && want === 'doctor') || (title === 'np' && want === 'provider'))
      );
    });
  const roled = noun.roles
    ? all.filter((v) => v.roles.some((r) => noun.roles!.some((want) => r === want || r.startsWith(want))) || titled(v))
    : [];
  const items = (roled.length > 0 ? roled : all).sort(
    (a, b) =>
      Number(b.inTitle) - Number(a.inTitle) || b.seconds - a.seconds || b.sightings.length - a.sightings.length || a.firstMs - b.firstMs,
  );
  if (noun.list === 'link' && items.length === 0) {
    const pages = windows.filter((w) => inScope(w.app, w.title) && BROWSER_WORDS.some((b) => termMatches(b, w.app)));
    return whichWindowsOfKind(ctx, time.label, where, noun, pages);
  }
  if (noun.list === 'document' && items.length === 0)
    return whichWindows(
      time.label,
      windows.filter((w) => inScope(w.app, w.title)),
      noun,
    );
  if (items.length === 0) {
    const kinds = itemViews(ctx.store.items.sightingsIn(window), window).filter((v) => wanted(v, noun)).length;
    const none = `I saw no ${noun.plural} ${time.label}${where}${kinds > 0 ? ` (${kinds} elsewhere ${time.label})` : ''}.`;
    return answer([none], [], false);
  }
  const shown = items.slice(0, LIST_MAX);
  const names = shown.map((v) => `**${v.name}**`);
  const lines = [
    `${items.length === 1 ? `One ${singular(noun.plural)}` : `${items.length} ${noun.plural}`} ${time.label}${where}: ${joinAnd(names.slice(0, 5))}${items.length > 5 ? ', …' : ''}.`,
    '',
    ...shown.map((v) => itemLine(v, ctx.nowMs)),
  ];
  const cut = leftOut(
    items.length - LIST_MAX,
    `other ${singular(noun.plural)}`,
    'ask about one app or a part of the day to narrow it down',
  );
  if (cut) lines.push(cut);
  return answer(
    lines,
    shown.map((v) => itemEvidence(v, `${v.name}: seen ${time.label}`)),
  );
}

const singular = (plural: string): string => plural.replace(/ies$/, 'y').replace(/(?<!s)s$/, '');

function wanted(view: ItemView, noun: KindWord): boolean {
  switch (noun.list) {
    case 'identifier':
      if (view.kind !== 'identifier') return false;
      if (!noun.families) return true;
      // A key with a prefix of its own ("OPS-1187") is a ticket of its tracker, never an invoice.
      return (
        view.roles.some((family) => noun.families!.includes(family)) ||
        (noun.families.includes('ticket') && view.roles.some((r) => /^[A-Z][A-Z0-9]+$/.test(r)))
      );
    case 'document':
      return view.kind === 'document';
    case 'link':
      return view.kind === 'link';
    default:
      return view.kind === noun.list;
  }
}

function isOfKind(list: 'meeting' | 'email' | 'link', w: WindowUse): boolean {
  const text = `${w.app} ${w.title}`;
  if (list === 'meeting') return MEETING_WORDS.some((m) => termMatches(m, text));
  if (list === 'email') return MAIL_WORDS.some((m) => termMatches(m, text));
  return BROWSER_WORDS.some((b) => termMatches(b, w.app));
}

/** `- **OPS-1187** — 42m on screen in Google Chrome and Terminal; 09:12–15:40; last seen resolved (also written …)` */
function itemLine(v: ItemView, nowMs: number): string {
  const also = v.forms.filter((f) => f !== v.name).slice(0, 2);
  const role = v.kind === 'person' || v.kind === 'organization' ? v.roles.filter((r) => r && r !== 'wrote').slice(0, 2) : [];
  const span = v.lastMs - v.firstMs > 60_000 ? `${when(v.firstMs, nowMs)}–${when(v.lastMs, nowMs)}` : `at ${when(v.firstMs, nowMs)}`;
  const seen = v.seconds >= 60 ? `${formatDuration(v.seconds)} on screen ` : '';
  return `- **${v.name}**${role.length > 0 ? ` (${role.join(', ')})` : ''} — ${seen}in ${joinAnd(v.apps.slice(0, 3))}, ${span}${
    v.state ? `; last seen ${v.state.text}` : ''
  }${also.length > 0 ? ` (also written ${also.join(', ')})` : ''}`;
}

export function itemEvidence(v: ItemView, claim: string): Evidence {
  const best = v.sightings.find((s) => s.source === 'screen') ?? v.sightings[0]!;
  return {
    claim,
    at: iso(best.atMs),
    until: iso(best.untilMs),
    app: best.app,
    windowTitle: best.title,
    snippet: best.line.replace(best.name, `**${best.name}**`),
    source: best.source === 'screen' ? 'screen_text' : 'window',
    open: { at: iso(best.atMs), screenTextId: best.source === 'screen' ? best.refId : null },
    ...(v.device && { device: v.device }),
  };
}

function whichApps(
  ctx: RecallContext,
  label: string,
  window: { startMs: number; endMs: number },
  windows: readonly WindowUse[],
): RecallAnswer {
  const apps = ctx.store.activity.appTime({ window }).apps.filter((a) => windows.some((w) => w.app === a.app));
  const lines = [
    `You used ${apps.length} app${apps.length === 1 ? '' : 's'} ${label}: ${joinAnd(apps.slice(0, 5).map((a) => a.app))}${apps.length > 5 ? ', …' : ''}.`,
    '',
    ...apps.map((a) => `- ${a.app}: ${formatDuration(a.seconds)}`),
  ];
  const evidence = apps.slice(0, LIST_MAX).flatMap((a) => {
    const main = windows.find((w) => w.app === a.app);
    return main ? [windowEvidence(main, `used ${a.app}`)] : [];
  });
  return answer(lines, evidence, apps.length > 0);
}

function whichWindows(label: string, windows: readonly WindowUse[], noun: KindWord): RecallAnswer {
  if (windows.length === 0) return answer([`I saw no ${noun.plural} ${label}.`], [], false);
  const lines = [
    `The ${noun.plural} you used most ${label}: ${joinAnd(windows.slice(0, 3).map((w) => `**${windowName(w.title, [w.app]) || w.app}**`))}.`,
    '',
    ...windows.slice(0, LIST_MAX).map((w) => `- ${windowName(w.title, [w.app]) || w.app} (${w.app}): ${formatDuration(w.seconds)}`),
  ];
  const cut = leftOut(windows.length - LIST_MAX, 'other window', 'ask about one app to see its windows');
  if (cut) lines.push(cut);
  return answer(
    lines,
    windows.slice(0, LIST_MAX).map((w) => windowEvidence(w, `${formatDuration(w.seconds)} in ${w.title}`)),
  );
}

/** Meetings, mails or pages: the windows of that kind, with their time, and for meetings who was in them. */
function whichWindowsOfKind(ctx: RecallContext, label: string, where: string, noun: KindWord, windows: readonly WindowUse[]): RecallAnswer {
  if (windows.length === 0) return answer([`I saw no ${noun.plural} ${label}${where}.`], [], false);
  const byFirst = [...windows].sort((a, b) => a.firstMs - b.firstMs);
  const people = (w: WindowUse): string[] => {
    if (noun.list !== 'meeting') return [];
    const sightings = ctx.store.items
      .sightingsIn({ startMs: w.firstMs, endMs: w.lastMs + 1 })
      .filter((s) => s.app === w.app && s.title === w.title);
    const identity = identityOf(ctx.store, sightings);
    return itemViews(sightings)
      .filter((v) => v.kind === 'person' && !isUser(identity, v))
      .map((v) => v.name)
      .slice(0, 4);
  };
  const shown = byFirst.slice(0, LIST_MAX);
  const lines = [
    `${windows.length === 1 ? `One ${singular(noun.plural)}` : `${windows.length} ${noun.plural}`} ${label}${where}: ${joinAnd(shown.slice(0, 4).map((w) => `**${windowName(w.title, [w.app]) || w.app}**`))}${windows.length > 4 ? ', …' : ''}.`,
    '',
    ...shown.map((w) => {
      const with_ = people(w);
      return `- ${when(w.firstMs, ctx.nowMs)} **${windowName(w.title, [w.app]) || w.app}** (${w.app}, ${formatDuration(w.seconds)})${with_.length > 0 ? ` — with ${joinAnd(with_)}` : ''}`;
    }),
  ];
  const cut = leftOut(windows.length - LIST_MAX, `other ${singular(noun.plural)}`, 'ask about a part of the day to narrow it down');
  if (cut) lines.push(cut);
  return answer(
    lines,
    shown.map((w) => windowEvidence(w, `${windowName(w.title, [w.app])}, ${when(w.firstMs, ctx.nowMs)}`)),
  );
}
