import type { Evidence } from '../../../shared/contract/evidence';
import { iso } from '../../clock';
import { itemViews, type ItemView } from '../../understanding/item-views';
import { isUnfinished } from '../../understanding/work-item';
import { when } from '../evidence-format';
import { termMatches } from '../question-terms';
import type { UnderstoodQuestion } from '../question-understanding';
import { oneLine } from '../retrieval';
import { localDateOf, localDayBounds } from '../../time';
import { answerLookup } from './lookup';
import { answer, askedWindow, joinAnd, LIST_MAX, leftOut, today, type RecallAnswer, type RecallContext } from './answer-kit';

/** Kinds of item that have a state of their own. */
const STATEFUL = new Set(['identifier', 'document']);

/**
 * "What's still open?", "which tickets are still waiting?", "did I finish the ledger?": the records whose
 * last state seen (a status column, a "Status:" line, a count not yet full) leaves work to do (open,
 * waiting, scheduled), newest first; for one record named, whether it was finished and what it last showed.
 */
export function answerOpen(ctx: RecallContext, question: UnderstoodQuestion): RecallAnswer {
  // "Anything left open for tomorrow?" asks what is open now, not what tomorrow holds.
  const time = question.time && question.time.startMs > ctx.nowMs ? today(ctx.nowMs) : askedWindow(question, today(ctx.nowMs));
  // A state lasts until another is seen: what was open at the end of the time asked about is read from the start of its day.
  const window = { startMs: Math.min(time.startMs, localDayBounds(localDateOf(time.startMs)).startMs), endMs: time.endMs };
  const sightings = ctx.store.items.sightingsIn(window);
  // What each screen or window showed in all, so "the ledger" finds the record a reconciled row stood in.
  const refText = new Map<string, string>();
  for (const s of sightings) {
    const key = `${s.source}:${s.refId}`;
    refText.set(key, `${refText.get(key) ?? `${s.app} ${s.title}`}\n${s.line}`);
  }
  const families = question.kindWord?.list === 'identifier' ? question.kindWord.families : null;
  const withState = itemViews(sightings, window).filter(
    (v) =>
      STATEFUL.has(v.kind) &&
      v.state !== null &&
      (question.kindWord?.list !== 'identifier' || v.kind === 'identifier') &&
      (!families || v.roles.some((r) => families.includes(r) || (families.includes('ticket') && /^[A-Z][A-Z0-9]+$/.test(r)))),
  );
  const about = (t: string, v: ItemView): boolean =>
    termMatches(t, `${v.name} ${v.forms.join(' ')}`) ||
    v.sightings.some((s) => termMatches(t, refText.get(`${s.source}:${s.refId}`) ?? ''));
  // A word that names a state ("pending approval") keeps the records in that state; a word that is about
  // none of them ("my plate", "end of shift") narrows nothing.
  const stateTerms = question.terms.filter((t) => withState.some((v) => termMatches(t, v.state!.text)));
  const aboutTerms = question.terms.filter((t) => !stateTerms.includes(t) && withState.some((v) => about(t, v)));
  const stateful = withState.filter(
    (v) => aboutTerms.every((t) => about(t, v)) && stateTerms.every((t) => termMatches(t, v.state!.text) || !isUnfinished(v.state!.cls)),
  );
  // One thing's state: "did I finish reconciling the ledger?", "is OPS-1187 resolved?", "what's the status of INC-2231?".
  const yesNo = question.terms.length > 0 && /^\W*(did|have|has|is|was|are|were)\b/i.test(question.text);
  const status = question.terms.length > 0 && /\b(status|state|stage|progress|stand|going|coming along|looking)\b/i.test(question.text);
  const asked = withState.filter((v) => question.terms.every((t) => about(t, v)));
  if ((yesNo || status) && asked.length > 0) {
    const stateful = asked;
    // The record the question names itself ("INC-2231", "the ledger" for "Ledger 2026.xlsx") before one only seen beside its words.
    const direct = (v: ItemView): number => question.terms.filter((t) => termMatches(t, `${v.name} ${v.forms.join(' ')}`)).length;
    const best = [...stateful].sort((a, b) => direct(b) - direct(a) || Number(b.inTitle) - Number(a.inTitle) || b.seconds - a.seconds)[0]!;
    const state = best.state!;
    // "Is L-10231 booked?" asks about the state it names: seen in it is a yes.
    const verdict = question.terms.some((t) => termMatches(t, state.text))
      ? 'Yes'
      : isUnfinished(state.cls)
        ? 'Not yet'
        : state.cls === 'done'
          ? 'Yes'
          : state.cls === 'declined'
            ? 'No'
            : 'It seems so';
    const lead = yesNo && !status ? `${verdict}: **${best.name}** last showed` : `**${best.name}** was last`;
    return answer(
      [`${lead} “${state.text}” at ${when(state.atMs, ctx.nowMs)}, in ${state.app} (“${state.title}”).`],
      [stateEvidence(best, `${best.name} was ${state.text}`)],
    );
  }
  const open = stateful.filter((v) => isUnfinished(v.state!.cls)).sort((a, b) => b.state!.atMs - a.state!.atMs);
  const what = question.kindWord?.list === 'identifier' ? question.kindWord.plural : 'things';
  if (open.length === 0) {
    if (stateful.length > 0)
      return answer(
        [
          `Nothing ${question.terms.length > 0 ? `about “${question.terms.join(' ')}” ` : ''}was left open ${time.label}: the ${stateful.length} ${stateful.length === 1 ? 'record' : 'records'} I saw with a state ended ${joinAnd([...new Set(stateful.map((v) => v.state!.text))].slice(0, 4))}.`,
        ],
        stateful.slice(0, 3).map((v) => stateEvidence(v, `${v.name} was ${v.state!.text}`)),
      );
    return answerLookup(ctx, question, `I saw no ${what} with a state ${time.label}`);
  }
  const shown = open.slice(0, LIST_MAX);
  const lines = [
    `${open.length} ${open.length === 1 ? what.replace(/s$/, '') : what} still open when last seen ${time.label}: ${joinAnd(shown.slice(0, 4).map((v) => `**${v.name}** (${v.state!.text})`))}${open.length > 4 ? ', …' : ''}.`,
    '',
    ...shown.map(
      (v) => `- **${v.name}** — ${v.state!.text}, last seen at ${when(v.state!.atMs, ctx.nowMs)} in ${v.state!.app} (“${v.state!.title}”)`,
    ),
  ];
  const cut = leftOut(
    open.length - LIST_MAX,
    `other open ${what === 'things' ? 'thing' : what.replace(/s$/, '')}`,
    'name one, or ask about a part of the day',
  );
  if (cut) lines.push(cut);
  return answer(
    lines,
    shown.map((v) => stateEvidence(v, `${v.name} was ${v.state!.text}`)),
  );
}

function stateEvidence(v: ItemView, claim: string): Evidence {
  const state = v.state!;
  return {
    claim,
    at: iso(state.atMs),
    until: null,
    app: state.app,
    windowTitle: state.title,
    snippet: oneLine(state.line),
    source: state.source === 'screen' ? 'screen_text' : 'window',
    open: { at: iso(state.atMs), screenTextId: state.source === 'screen' ? state.refId : null },
    ...(v.device && { device: v.device }),
  };
}
