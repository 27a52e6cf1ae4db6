import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDemoWeek, stepSequence, WEEK_DATES, weekTruth } from '../../scripts/day/demo-week';
import { buildWeekDays, weekIsCurrent, WEEK_EXPECTED_FILE } from '../../scripts/day/write-week';
import { DEMO_WEEK_DIR } from '../fixtures/demo-week-replay';

describe('the demo week script', () => {
  it('is what profiles/demo/week holds (regenerate with scripts/make-day.ts --week after changing it)', () => {
    expect(weekIsCurrent(DEMO_WEEK_DIR)).toBe(true);
    const expected = JSON.parse(readFileSync(join(DEMO_WEEK_DIR, WEEK_EXPECTED_FILE), 'utf8')) as { date: string }[];
    expect(expected.map((d) => d.date)).toEqual([...WEEK_DATES]);
  });

  it('gives five 8-hour days, with private time in the password manager on the days money moves', () => {
    const { days } = buildWeekDays();
    expect(days.map((d) => d.expected.totalSeconds)).toEqual(WEEK_DATES.map(() => 8 * 3600));
    expect(days.filter((d) => d.expected.privateSeconds > 0).map((d) => d.expected.date)).toEqual([
      '2026-03-31',
      '2026-04-02',
      '2026-04-03',
    ]);
  });

  it('varies invoice numbers, POs and vendors from day to day: a workflow is found by its shape', () => {
    const { cases } = buildDemoWeek();
    const invoices = cases.filter((c) => c.kind === 'invoice');
    expect(new Set(invoices.map((c) => c.id)).size).toBe(invoices.length);
    for (const date of WEEK_DATES) expect(invoices.filter((c) => c.steps[0]?.date === date).length).toBeGreaterThanOrEqual(3);
    const vendors = (date: string) =>
      new Set(invoices.filter((c) => c.steps[0]?.date === date).map((c) => c.steps[0]!.title.split(' from ')[1]));
    expect([...vendors('2026-03-30')]).not.toEqual([...vendors('2026-03-31')]);
  });

  it('has the truth the issue asks for: the recurring workflows, the variants, one day in another order, items in flight', () => {
    const truth = weekTruth();
    const invoice = truth.workflows.find((w) => w.kind === 'invoice')!;
    expect(invoice.usual).toEqual(['invoice mail', 'invoice pdf', 'po match', 'ledger entry', 'payment run']);
    expect(invoice.variants.map((v) => v.name)).toEqual(['missing PO', 'duplicate invoice', 'rush payment', 'month-end reconciliation']);
    for (const v of invoice.variants) expect(v.cases.length).toBeGreaterThan(0);
    expect(invoice.inFlight.length).toBeGreaterThan(0);
    // Wednesday is done in batches: every intake before the first match, yet each invoice keeps the usual order.
    const wednesday = truth.cases.filter((c) => c.kind === 'invoice' && c.variant === 'usual' && c.steps[0]!.date === '2026-04-01');
    const lastIntake = Math.max(...wednesday.map((c) => c.steps.find((s) => s.step === 'invoice pdf')!.startMs));
    const firstMatch = Math.min(...wednesday.map((c) => c.steps.find((s) => s.step === 'po match')!.startMs));
    expect(lastIntake).toBeLessThan(firstMatch);
    for (const c of wednesday) expect(stepSequence(c)).toEqual(invoice.usual);
    expect(truth.workflows.find((w) => w.kind === 'ticket')!.usual).toEqual(['ticket', 'vendor bill lookup', 'ticket']);
  });
});
