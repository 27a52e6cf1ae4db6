import type { ContextReceipt } from '../../shared/contract/memory';
import type { FrameSummary, ImmediateContextView } from '../../shared/contract/observation';
import { formatClockTime } from '../../shared/format-clock-time';
import { imagesOf, type Frame } from '../observe/frame';
import { getRelevantHistory, type HistoricalContext } from './history';
import type { DigestItem } from './work-session-digest';
import { tokenCount, truncateToTokens } from '../llm/tokens';

/** The LLM context's token budgets (docs/architecture.md, Memory), in tokens of the real tokenizer. Immediate frames go as images, outside the text. */
export const TOKEN_BUDGETS = { workSession: 500, history: 1000, baseline: 500, totalText: 2000 } as const;
/** The immediate tier's text (current window, last change) is short; it is capped so it cannot crowd out the rest. */
const IMMEDIATE_TEXT_MAX = 150;

export interface LlmContextInput {
  readonly purpose: string;
  readonly workSessionId: number | null;
  readonly nowMs: number;
  readonly immediate: ImmediateContextView;
  /** The FIFO's frames with their images (sent only when vision is on). */
  readonly frames: readonly Frame[];
  readonly visionEnabled: boolean;
  readonly workSessionDigest: readonly DigestItem[];
  readonly history: HistoricalContext | null;
  /** What the user is doing now, in words: the query history is ranked against. */
  readonly currentActivity: string;
  readonly baseline: string | null;
}

export interface LlmContext {
  readonly immediate: { readonly currentState: string; readonly frames: readonly FrameSummary[]; readonly images: readonly Buffer[] };
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
 * work session (≤500 tokens), relevant history (≤1000) and the baseline (≤500), the text ≤2000 in all.
 * Each tier keeps its items in priority order while they fit; the receipt says what went in and out.
 */
export function assembleLlmContext(input: LlmContextInput): LlmContext {
  const included: Included[] = [];
  const dropped: Dropped[] = [];

  const currentState = truncateToTokens(describeImmediate(input.immediate), IMMEDIATE_TEXT_MAX);
  const immediateTokens = tokenCount(currentState);
  included.push({ tier: 'immediate', label: 'current window and last change', tokens: immediateTokens });
  const images = input.visionEnabled ? imagesOf(input.frames) : [];
  for (const f of input.frames) {
    if (input.visionEnabled) included.push({ tier: 'immediate', label: `frame ${f.id} (${f.app})`, tokens: 0 });
    else dropped.push({ tier: 'immediate', label: `frame ${f.id} (${f.app})`, tokens: 0, reason: 'no vision model configured' });
  }

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
    immediate: { currentState, frames: input.immediate.recentFrames, images },
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
      tokens: { immediate: immediateTokens, session: workSessionTokens, history: historyTokens, baseline: baselineTokens, total },
      imageCount: images.length,
      included,
      dropped,
    },
  };
}

/** Fills the work-session tier (named `session` in receipts, on the wire) with the digest items that fit. */
function fillTier(tier: 'session', items: readonly DigestItem[], budget: number, included: Included[], dropped: Dropped[]): string {
  const kept: string[] = [];
  let used = 0;
  for (const item of items) {
    const cost = tokenCount(item.text) + 1;
    const left = budget - used;
    if (cost <= left) {
      kept.push(item.text);
      included.push({ tier, label: item.label, tokens: cost });
      used += cost;
    } else if (left >= 60 && item.label.startsWith('summary')) {
      // The running summary is worth keeping in part rather than not at all.
      const cut = truncateToTokens(item.text, left - 1);
      kept.push(cut);
      const t = tokenCount(cut) + 1;
      included.push({ tier, label: `${item.label} (shortened)`, tokens: t });
      used += t;
    } else {
      dropped.push({ tier, label: item.label, tokens: cost, reason: 'session budget spent' });
    }
  }
  let text = kept.join('\n');
  while (tokenCount(text) > budget && kept.length > 0) {
    kept.pop();
    const last = included.pop()!;
    dropped.push({ ...last, reason: 'session budget spent' });
    text = kept.join('\n');
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
