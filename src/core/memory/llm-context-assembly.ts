import type { ContextReceipt } from '../../shared/contract/memory';
import type { FrameSummary, ImmediateContextView } from '../../shared/contract/observation';
import { formatClockTime } from '../../shared/format-clock-time';
import { imagesOf } from '../observe/frame';
import { getRelevantHistory, type HistoricalContext } from './history';
import { PREVIOUS_SUMMARY_TOKENS, type DigestItem } from './work-session-digest';
import { tokenCount, truncateToTokens } from '../llm/tokens';
import type { VisionChoice } from './vision-frames';

/** The LLM context's token budgets (docs/architecture.md, Memory), in tokens of the real tokenizer. Immediate frames go as images, outside the text. */
export const TOKEN_BUDGETS = { workSession: 600, history: 1000, baseline: 500, totalText: 2000 } as const;
/** The immediate tier's text (current window, last change) is short; it is capped so it cannot crowd out the rest. */
const IMMEDIATE_TEXT_MAX = 150;

export interface LlmContextInput {
  readonly purpose: string;
  readonly workSessionId: number | null;
  readonly nowMs: number;
  readonly immediate: ImmediateContextView;
  /** The screenshots this call sends, and the FIFO's other frames with why not (`chooseVisionFrames`). */
  readonly vision: VisionChoice;
  readonly workSessionDigest: readonly DigestItem[];
  readonly history: HistoricalContext | null;
  /** What the user is doing now, in words: the query history is ranked against. */
  readonly currentActivity: string;
  readonly baseline: string | null;
}

export interface LlmContext {
  readonly immediate: {
    readonly currentState: string;
    readonly frames: readonly FrameSummary[];
    readonly images: readonly Buffer[];
    /** The dedup hashes of `images`, so a picture sent once is not sent again during the task. */
    readonly imageHashes: readonly string[];
  };
  readonly workSession: string;
  readonly history: string;
  readonly baseline: string;
  /** The four tiers as one text, in order, with headings. */
  readonly text: string;
  readonly receipt: Omit<ContextReceipt, 'id'>;
}

type Included = ContextReceipt['included'][number];
type Dropped = ContextReceipt['dropped'][number];

/**
 * Builds the LLM context of one call: immediate state (+ frames as images with vision), the
 * work session (≤600 tokens, 300 of them reserved for the latest summary), relevant history (≤1000) and the baseline (≤500), the text ≤2000 in all.
 * Each tier keeps its items in priority order while they fit; the receipt says what went in and out.
 */
export function assembleLlmContext(input: LlmContextInput): LlmContext {
  const included: Included[] = [];
  const dropped: Dropped[] = [];

  const currentState = truncateToTokens(describeImmediate(input.immediate), IMMEDIATE_TEXT_MAX);
  const immediateTokens = tokenCount(currentState);
  included.push({ tier: 'immediate', label: 'current window and last change', tokens: immediateTokens });
  const images = imagesOf(input.vision.chosen);
  for (const f of input.vision.chosen) included.push({ tier: 'immediate', label: `frame ${f.id} (${f.app})`, tokens: 0 });
  for (const { frame: f, reason } of input.vision.left)
    dropped.push({ tier: 'immediate', label: `frame ${f.id} (${f.app})`, tokens: 0, reason });

  const workSession = fillTier('session', input.workSessionDigest, TOKEN_BUDGETS.workSession, included, dropped);
  const baselineText = input.baseline?.trim() ?? '';
  let baseline = '';
  if (baselineText) {
    baseline = truncateToTokens(baselineText, TOKEN_BUDGETS.baseline);
    included.push({ tier: 'baseline', label: 'interview summary', tokens: tokenCount(baseline) });
  } else {
    dropped.push({ tier: 'baseline', label: 'interview summary', tokens: 0, reason: 'no onboarding interview yet' });
  }
  const workSessionTokens = tokenCount(workSession);
  const baselineTokens = tokenCount(baseline);
  // Headings and blank lines between tiers cost tokens too; reserve them so the whole text stays within the total.
  const framing = 24;
  const historyBudget = Math.max(
    0,
    Math.min(TOKEN_BUDGETS.history, TOKEN_BUDGETS.totalText - immediateTokens - workSessionTokens - baselineTokens - framing),
  );
  let history = '';
  if (input.history) {
    const relevant = getRelevantHistory(input.history, input.currentActivity, input.nowMs, historyBudget);
    history = relevant.text;
    for (const i of relevant.included) included.push({ tier: 'history', ...i });
    for (const d of relevant.dropped) dropped.push({ tier: 'history', ...d });
  }
  const historyTokens = tokenCount(history);

  const text = [
    `## Now\n${currentState}`,
    workSession && `## This work session\n${workSession}`,
    history && `## Relevant history\n${history}`,
    baseline && `## About the user (onboarding interview)\n${baseline}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  const total = tokenCount(text);
  return {
    immediate: { currentState, frames: input.immediate.recentFrames, images, imageHashes: input.vision.chosen.map((f) => f.hash) },
    workSession,
    history,
    baseline,
    text,
    receipt: {
      at: new Date(input.nowMs).toISOString(),
      purpose: input.purpose,
      workSessionId: input.workSessionId,
      engine: null,
      fallbackReason: null,
      tokens: {
        immediate: immediateTokens,
        session: workSessionTokens,
        history: historyTokens,
        baseline: baselineTokens,
        evidence: 0,
        conversation: 0,
        total,
      },
      imageCount: images.length,
      imageBytes: 0,
      included,
      dropped,
    },
  };
}

/**
 * Fills the work-session tier (named `session` in receipts, on the wire). The latest summary takes its
 * reserved share first (cut to it when longer), so no task list can crowd out the chain; the other
 * items then fill what is left in order. The text keeps the items' order.
 */
function fillTier(tier: 'session', items: readonly DigestItem[], budget: number, included: Included[], dropped: Dropped[]): string {
  const kept = new Map<DigestItem, string>();
  let used = 0;
  for (const item of items.filter((i) => i.reserved)) {
    const share = Math.min(PREVIOUS_SUMMARY_TOKENS, budget - used);
    const text = tokenCount(item.text) + 1 <= share ? item.text : truncateToTokens(item.text, share - 1);
    if (!text) {
      dropped.push({ tier, label: item.label, tokens: tokenCount(item.text) + 1, reason: 'session budget spent' });
      continue;
    }
    const cost = tokenCount(text) + 1;
    kept.set(item, text);
    included.push({ tier, label: text === item.text ? item.label : `${item.label} (shortened to its reserved share)`, tokens: cost });
    used += cost;
  }
  for (const item of items.filter((i) => !i.reserved)) {
    const cost = tokenCount(item.text) + 1;
    if (cost <= budget - used) {
      kept.set(item, item.text);
      included.push({ tier, label: item.label, tokens: cost });
      used += cost;
    } else {
      dropped.push({ tier, label: item.label, tokens: cost, reason: 'session budget spent' });
    }
  }
  const ordered = items.filter((i) => kept.has(i));
  let text = ordered.map((i) => kept.get(i)!).join('\n');
  // Token merges across joined lines can differ from the per-item counts: shed the last unreserved items.
  while (tokenCount(text) > budget) {
    const last = ordered.findLast((i) => !i.reserved);
    if (!last) break;
    ordered.splice(ordered.indexOf(last), 1);
    const index = included.findLastIndex((i) => i.label === last.label);
    const [removed] = included.splice(index, 1);
    dropped.push({ ...removed!, reason: 'session budget spent' });
    text = ordered.map((i) => kept.get(i)!).join('\n');
  }
  return text;
}

function describeImmediate(view: ImmediateContextView): string {
  if (!view.currentApp) return `Not observing now (${view.state}).`;
  const lines = [`Active window: ${view.currentApp} — “${view.currentWindowTitle ?? ''}”.`];
  if (view.lastAppSwitch) lines.push(`Last app switch at ${formatClockTime(view.lastAppSwitch)}.`);
  if (view.lastSignificantChange) lines.push(`Last change: ${view.lastSignificantChange.description}.`);
  const recent = [...new Set(view.recentFrames.map((f) => `${f.app} — ${f.title}`))].slice(-4);
  if (recent.length > 1) lines.push(`Recent windows: ${recent.join('; ')}.`);
  return lines.join(' ');
}
