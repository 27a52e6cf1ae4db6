import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TOKEN_BUDGETS } from '../../src/core/memory/llm-context-assembly';
import { normalizeQuestion } from '../../src/core/memory/questions';
import { tokenCount } from '../../src/core/llm/tokens';
import type { CoreEvents } from '../../src/core/events';
import { replayWithMemory } from '../helpers/memory-replay';
import { useTempCore } from '../helpers/temp-core';

const dayDir = fileURLToPath(new URL('../../profiles/demo/day', import.meta.url));
const DEMO_APPS = ['Microsoft Excel', 'Google Chrome', 'Slack', 'Microsoft Outlook', 'Adobe Acrobat Reader'];

const cores = useTempCore();

describe('memory over the demo day (offline engine)', () => {
  it('cuts tasks, writes summaries and asks questions from what the day shows, within every budget', async () => {
    const { core } = cores.open({ replayDir: dayDir, settings: { pollIntervalMs: 1000, captureIntervalSec: 10, ocrEnabled: false } });
    expect(core.llm.configured).toBe(false);
    const seen: { [K in keyof CoreEvents]?: Array<CoreEvents[K]> } = {};
    for (const name of [
      'task:boundary',
      'context:summary-generated',
      'context:session-updated',
      'question:asked',
      'memory:error',
    ] as const) {
      core.events.on(name, (payload) => ((seen[name] ??= []) as unknown[]).push(payload));
    }
    await replayWithMemory(core);

    expect(seen['memory:error'] ?? [], JSON.stringify(seen['memory:error'])).toEqual([]);
    const [ws] = core.activity.listWorkSessions(1);
    const detail = core.memory.workSessionDetail(ws!.id)!;

    // Tasks: named after the day's windows, all closed, in order, apps from the day only.
    expect(detail.tasks.length).toBeGreaterThanOrEqual(4);
    expect(detail.tasks.every((t) => t.endedAt !== null)).toBe(true);
    const taskText = detail.tasks.map((t) => `${t.name} ${t.brief}`).join('\n');
    expect(taskText).toContain('Ledger 2026.xlsx');
    expect(taskText).toMatch(/Northwind Bank/);
    expect(taskText).not.toMatch(/1Password|Private vault/);
    for (const t of detail.tasks) for (const app of t.apps) expect(DEMO_APPS).toContain(app);
    const starts = detail.tasks.map((t) => Date.parse(t.startedAt));
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    expect((seen['task:boundary'] ?? []).length).toBeGreaterThanOrEqual(detail.tasks.length - 1);
    // The reconciliation (ledger ↔ bank portal back and forth) is one task, not one per switch.
    const reconcile = detail.tasks.find((t) => t.apps.includes('Microsoft Excel') && t.apps.includes('Google Chrome') && t.switches >= 6);
    expect(reconcile, taskText).toBeDefined();

    // Summaries: rolling ones and a final one, each within 500 tokens as the tokenizer counts it.
    const rolling = detail.summaries.filter((s) => s.kind === 'rolling');
    const final = detail.summaries.filter((s) => s.kind === 'final');
    // Every 5 minutes of observed work or at a task boundary (checked as frames arrive; none while idle).
    expect(rolling.length).toBeGreaterThanOrEqual(30);
    const boundaries = (seen['task:boundary'] ?? []).length;
    expect(rolling.length).toBeLessThanOrEqual(8 * 12 + boundaries);
    expect(final).toHaveLength(1);
    for (const s of detail.summaries) {
      expect(tokenCount(s.text)).toBe(s.tokenCount);
      expect(s.tokenCount).toBeLessThanOrEqual(500);
      expect(s.engine).toBe('offline');
    }
    expect(final[0]!.text).toContain('Ledger 2026.xlsx');
    expect(final[0]!.apps).toEqual(expect.arrayContaining(['Microsoft Excel', 'Google Chrome']));
    expect((seen['context:summary-generated'] ?? []).map((e) => e.kind)).toContain('final');
    expect(core.memory.repositories.summaries.finalSummaries(5).map((s) => s.id)).toEqual([final[0]!.id]);

    // Theory: the heuristic names a real window of the day.
    expect(detail.theory?.text).toMatch(/Excel|Chrome|Slack|Outlook|Acrobat/);

    // Questions: about this day's windows, never two alike, at most one per 20 minutes.
    const questions = detail.questions;
    expect(questions.length).toBeGreaterThanOrEqual(2);
    const text = questions.map((q) => q.text).join('\n');
    expect(text).toMatch(/Ledger 2026\.xlsx|Northwind Bank/);
    expect(text).toMatch(/Invoice-4471\.pdf/);
    const normalized = questions.map((q) => normalizeQuestion(q.text));
    expect(new Set(normalized).size).toBe(normalized.length);
    expect(new Set(questions.map((q) => `${q.trigger}:${q.subject}`)).size).toBe(questions.length);
    const askedAt = questions.map((q) => Date.parse(q.askedAt));
    for (let i = 1; i < askedAt.length; i++) expect(askedAt[i]! - askedAt[i - 1]!).toBeGreaterThanOrEqual(20 * 60_000);

    // Receipts: every memory call has one, each tier within its budget (counted again here).
    const receipts = core.memory.repositories.receipts.list(500, ws!.id);
    expect(receipts.length).toBeGreaterThan(rolling.length);
    for (const r of receipts) {
      expect(r.tokens.session).toBeLessThanOrEqual(TOKEN_BUDGETS.workSession);
      expect(r.tokens.history).toBeLessThanOrEqual(TOKEN_BUDGETS.history);
      expect(r.tokens.baseline).toBeLessThanOrEqual(TOKEN_BUDGETS.baseline);
      expect(r.tokens.total).toBeLessThanOrEqual(TOKEN_BUDGETS.totalText);
      expect(r.engine).toBe('offline');
    }

    // The demo profile's interview is the baseline, and the guide is built from the day.
    expect(core.memory.interview.view().answers.role).toBe('Accounts payable specialist');
    const assembled = core.memory.llmContext.preview('chat');
    expect(assembled.baseline).toContain('Accounts payable specialist');
    expect(tokenCount(assembled.text)).toBeLessThanOrEqual(TOKEN_BUDGETS.totalText);
    expect(assembled.history).toContain('Ledger 2026.xlsx');
    const guide = core.memory.guide().markdown;
    expect(guide).toContain('Accounts payable specialist');
    expect(guide).toContain('Microsoft Excel');
    expect(guide).toMatch(/### .*Ledger 2026\.xlsx/);
  }, 240_000);
});
