import type { Evidence } from '../../../shared/contract/evidence';
import { formatDuration } from '../../../shared/format-duration';
import { iso } from '../../clock';
import { windowName } from '../day-tasks';
import { entitiesOf, type Entity } from '../entities';
import { when } from '../evidence-format';
import { termMatches } from '../question-terms';
import type { ListKind, UnderstoodQuestion } from '../question-understanding';
import { oneLine } from '../retrieval';
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

const LIST_NAMES: Record<ListKind, string> = {
  app: 'apps',
  window: 'windows',
  file: 'documents',
  invoice: 'invoices',
  bill: 'bills',
  po: 'purchase orders',
  document: 'documents',
  organization: 'companies',
  person: 'people',
  channel: 'channels',
};
const SCREEN_ROWS = 2000;

interface Seen {
  readonly key: string;
  readonly forms: Map<string, number>;
  readonly apps: Set<string>;
  firstMs: number;
  inTitle: boolean;
  evidence: Evidence;
}

/** "Which invoices did I look at?", "which vendors did I see in NetSuite?", "which apps did I use today?". */
export function answerWhich(ctx: RecallContext, question: UnderstoodQuestion): RecallAnswer {
  const time = askedWindow(question, today(ctx.nowMs));
  const window = windowOf(time);
  const listOf = question.listOf!;
  const windows = ctx.store.activity.windowsIn(window).filter((w) => question.terms.every((t) => termMatches(t, `${w.app} ${w.title}`)));
  if (windows.length === 0) {
    const none =
      question.terms.length > 0
        ? `I saw no window matching “${question.terms.join(' ')}” ${time.label}.`
        : nothingObserved(ctx, window, time.label);
    return answer([none], [], ctx.nowMs, false);
  }
  if (listOf === 'app') {
    const apps = ctx.store.activity.appTime({ window }).apps.filter((a) => windows.some((w) => w.app === a.app));
    const lines = [
      `You used ${apps.length} app${apps.length === 1 ? '' : 's'} ${time.label}:`,
      ...apps.map((a) => `- ${a.app}: ${formatDuration(a.seconds)}`),
    ];
    const evidence = apps.slice(0, LIST_MAX).flatMap((a) => {
      const main = windows.find((w) => w.app === a.app);
      return main ? [windowEvidence(main, `used ${a.app}`)] : [];
    });
    return answer(lines, evidence, ctx.nowMs);
  }
  if (listOf === 'window') {
    const lines = [
      `The windows you used most ${time.label}:`,
      ...windows.slice(0, LIST_MAX).map((w) => `- ${windowName(w.title, [w.app]) || w.app} (${w.app}): ${formatDuration(w.seconds)}`),
    ];
    const cut = leftOut(windows.length - LIST_MAX, 'other window', 'ask about one app to see its windows');
    if (cut) lines.push(cut);
    return answer(
      lines,
      windows.slice(0, LIST_MAX).map((w) => windowEvidence(w, `${formatDuration(w.seconds)} in ${w.title}`)),
      ctx.nowMs,
    );
  }
  const seen = collect(ctx, listOf, window, (app, title) => question.terms.every((t) => termMatches(t, `${app} ${title}`)));
  const name = LIST_NAMES[listOf];
  if (seen.length === 0)
    return answer(
      [`I saw no ${name} ${time.label}${question.terms.length ? ` in “${question.terms.join(' ')}”` : ''}.`],
      [],
      ctx.nowMs,
      false,
    );
  const shown = seen.slice(0, LIST_MAX);
  const lines = [
    `The ${name} I saw ${time.label}${question.terms.length ? ` in “${question.terms.join(' ')}”` : ''}:`,
    ...shown.map((s) => {
      const others = [...s.forms.keys()].filter((f) => f !== display(s)).slice(0, 2);
      const also = others.length > 0 ? ` (also written ${others.join(', ')})` : '';
      return `- **${display(s)}**${also} — in ${joinAnd([...s.apps])}; first at ${when(s.firstMs, ctx.nowMs)}`;
    }),
  ];
  const cut = leftOut(
    seen.length - LIST_MAX,
    `other ${name.replace(/s$/, '')}`,
    'ask about one app or a part of the day to narrow it down',
  );
  if (cut) lines.push(cut);
  return answer(
    lines,
    shown.map((s) => s.evidence),
    ctx.nowMs,
  );
}

/** Entities of the kind asked for, from window titles and screen text; ones in a title (opened) first, then the most seen. */
function collect(
  ctx: RecallContext,
  listOf: ListKind,
  window: { startMs: number; endMs: number },
  inScope: (app: string, title: string) => boolean,
): Seen[] {
  const byKey = new Map<string, Seen>();
  const note = (entity: Entity, app: string, atMs: number, inTitle: boolean, evidence: () => Evidence): void => {
    if (!wanted(entity, listOf)) return;
    const seen = byKey.get(entity.key);
    if (!seen) {
      byKey.set(entity.key, {
        key: entity.key,
        forms: new Map([[entity.text, 1]]),
        apps: new Set([app]),
        firstMs: atMs,
        inTitle,
        evidence: evidence(),
      });
      return;
    }
    seen.forms.set(entity.text, (seen.forms.get(entity.text) ?? 0) + 1);
    seen.apps.add(app);
    seen.inTitle ||= inTitle;
    if (atMs < seen.firstMs) {
      seen.firstMs = atMs;
      seen.evidence = evidence();
    }
  };
  for (const w of ctx.store.activity.windowsIn(window)) {
    if (!inScope(w.app, w.title)) continue;
    for (const entity of entitiesOf(w.title))
      note(entity, w.app, w.firstMs, true, () => windowEvidence(w, `${entity.text}: the window was open`));
  }
  for (const row of ctx.store.screenText.textBetween(window.startMs, window.endMs, SCREEN_ROWS)) {
    if (!inScope(row.app, row.title)) continue;
    for (const entity of entitiesOf(row.text)) {
      note(entity, row.app, row.atMs, false, () => ({
        claim: `${entity.text} was on screen`,
        at: iso(row.atMs),
        until: null,
        app: row.app,
        windowTitle: row.title,
        snippet: lineWith(row.text, entity.text),
        source: 'screen_text',
        open: { at: iso(row.atMs), screenTextId: row.id },
      }));
    }
  }
  const count = (s: Seen): number => [...s.forms.values()].reduce((a, b) => a + b, 0);
  return [...byKey.values()].sort((a, b) => Number(b.inTitle) - Number(a.inTitle) || count(b) - count(a) || a.firstMs - b.firstMs);
}

function wanted(entity: Entity, listOf: ListKind): boolean {
  switch (listOf) {
    case 'invoice':
      return entity.kind === 'document' && /^(invoice|inv)\b/i.test(entity.text);
    case 'bill':
      return entity.kind === 'document' && /^(bill|vb)\b/i.test(entity.text);
    case 'po':
      return entity.kind === 'document' && /^po\b/i.test(entity.text);
    case 'document':
      return entity.kind === 'document';
    case 'file':
      return entity.kind === 'file';
    default:
      return entity.kind === listOf;
  }
}

/** The form a thing is best named by: the one seen most, preferring mixed case over capitals. */
function display(seen: Seen): string {
  return [...seen.forms.entries()].sort(
    (a, b) => Number(a[0] === a[0].toUpperCase()) - Number(b[0] === b[0].toUpperCase()) || b[1] - a[1],
  )[0]![0];
}

function lineWith(text: string, needle: string): string {
  const line = text.split('\n').find((l) => l.includes(needle)) ?? text;
  return oneLine(line).replace(needle, `**${needle}**`);
}
