import { describe, expect, it } from 'vitest';
import type { JobDay } from '../../scripts/day/job-day';
import { DISPATCHER_DAY } from '../../scripts/day/jobs/dispatcher-day';
import { ENGINEER_DAY } from '../../scripts/day/jobs/engineer-day';
import { JOB_DAYS } from '../../scripts/day/jobs';
import { SALES_DAY } from '../../scripts/day/jobs/sales-day';
import { createRedactor } from '../../src/core/privacy/redactor';
import { redactionSettingsSchema } from '../../src/core/config/redaction-settings';
import { discoverWorkflows } from '../../src/core/workflows/discover-workflows';
import { buildEventLog } from '../../src/core/workflows/event-log';
import { casesFromSightings } from '../../src/core/workflows/work-cases';
import { windowKind } from '../../src/core/workflows/window-kind';
import { usualSteps } from '../../src/core/workflows/workflow-procedures';
import { jobDayStretches, storeOf, type Stretch } from '../helpers/synthetic-cases';

const DAY_MS = 86_400_000;

/** A job's day on `days` days in a row, its record numbers moved on each day (the same work on other items). */
function jobDays(day: JobDay, days: number) {
  const list = Array.from({ length: days }, (_, n) => ({
    startIso: new Date(Date.parse(day.startIso) + n * DAY_MS).toISOString(),
    stretches: jobDayStretches(day, n * 100),
  }));
  const { spans, sightings } = storeOf(list);
  const cases = casesFromSightings(spans, sightings);
  return { cases, from: list[0]!.startIso.slice(0, 10), to: list.at(-1)!.startIso.slice(0, 10) };
}

const names = (w: ReturnType<typeof discoverWorkflows>[number]): string[] => usualSteps(w).map((s) => `${s.name} @ ${s.where}`);

describe('the kind of a window', () => {
  it('is its title without the items, numbers, dates and the app’s own name; a browser’s site says where', () => {
    expect(
      windowKind('Microsoft Outlook', 'Invoice INV-5120 from Globex Logistics - Outlook', ['INV-5120', 'Globex Logistics']),
    ).toMatchObject({
      name: 'Invoice … from …',
      where: 'Microsoft Outlook',
    });
    expect(windowKind('Google Chrome', 'Ticket #48213 Payment status - Freshdesk - Google Chrome', ['Ticket #48213'])).toMatchObject({
      name: 'Ticket … Payment status',
      where: 'Freshdesk',
    });
    const march = windowKind('Microsoft Excel', 'AP Ledger March 2026.xlsx - Excel', []);
    expect(march.name).toBe('AP Ledger ….xlsx');
    expect(windowKind('Microsoft Excel', 'AP Ledger April 2026.xlsx - Excel', []).key).toBe(march.key);
  });
});

describe('workflows on the days of other jobs (their screens, three days each, other items each day)', () => {
  it('the engineer: a ticket goes from Jira through a terminal and a pull request back to Jira, once a day', () => {
    const { cases, from, to } = jobDays(ENGINEER_DAY, 3);
    const ticket = discoverWorkflows(cases, { from, to }).find((w) => w.kind === 'PLAT')!;
    expect(ticket.occurrences.perDay.map((d) => d.count)).toEqual([1, 1, 1]);
    const steps = names(ticket);
    expect(steps[0]).toMatch(/in progress @ Jira/);
    expect(steps.at(-1)).toMatch(/resolved @ Jira/);
    expect(steps.some((s) => /Pull Request/.test(s))).toBe(true);
  });

  it('the account executive: a quote drafted, approved and completed in one window is three steps', () => {
    const { cases, from, to } = jobDays(SALES_DAY, 3);
    const quote = discoverWorkflows(cases, { from, to }).find((w) => w.kind === 'quote')!;
    expect(quote.occurrences.total).toBe(3);
    expect(names(quote).map((s) => s.split(': ')[1])).toEqual(['draft @ PandaDoc', 'approved @ PandaDoc', 'completed @ PandaDoc']);
  });

  it('the dispatcher: two loads a day, one delivered and one still in transit when the day ends', () => {
    const { cases, from, to } = jobDays(DISPATCHER_DAY, 3);
    const load = discoverWorkflows(cases, { from, to }).find((w) => w.kind === 'load')!;
    expect(load.occurrences.perDay.map((d) => d.count)).toEqual([2, 2, 2]);
    expect(names(load)).toEqual(['Load …: in transit @ Tailwind TMS', 'Load …: delivered @ Tailwind TMS']);
    expect(load.inFlight).toHaveLength(3);
  });

  it.each(JOB_DAYS.map((d) => [d.id, d] as const))(
    '%s: one day alone repeats nothing, so it holds no workflow of two cases',
    (_id, day) => {
      const { cases, from, to } = jobDays(day, 1);
      for (const w of discoverWorkflows(cases, { from, to }))
        expect(w.cases.filter((c) => c.steps.length >= 2).length).toBeGreaterThanOrEqual(2);
    },
  );
});

/** An invoice's run: mail, PO match, ledger, payment, with the vendor and a summary of its own. */
function invoiceRun(id: string, vendor: string, options: { skipMatch?: boolean; matchMinutes?: number; extra?: Stretch } = {}): Stretch[] {
  return [
    { app: 'Mail', title: `Invoice ${id} from ${vendor} - Mail`, seconds: 180 },
    ...(options.extra ? [options.extra] : []),
    ...(options.skipMatch
      ? []
      : [
          {
            app: 'Firefox',
            title: `Bill ${id} - ERP - Firefox`,
            text: `Bill ${id}\nStatus: Approved`,
            seconds: (options.matchMinutes ?? 5) * 60,
          },
        ]),
    { app: 'Firefox', title: 'Payments - Bank - Firefox', text: `${id} ${vendor} Paid`, seconds: 120 },
  ];
}

describe('discovery by general rules', () => {
  const vendors = ['Quux Pallets', 'Brightline Parts', 'Norrland Oats', 'Pemberton Ink', 'Zed Haulage'];
  const day = (n: number, stretches: Stretch[]) => ({
    startIso: new Date(Date.parse('2026-06-01T08:00:00Z') + n * DAY_MS).toISOString(),
    stretches,
  });
  const week = (last: Stretch[]) => [
    day(0, [...invoiceRun('INV-101', vendors[0]!), ...invoiceRun('INV-102', vendors[1]!)]),
    day(1, [...invoiceRun('INV-103', vendors[2]!), ...invoiceRun('INV-104', vendors[3]!)]),
    day(2, last),
  ];

  it('finds one workflow across vendors the extraction does not know, and names how the last day differed (slower, a step skipped, a new app)', () => {
    const { spans, sightings } = storeOf(
      week([
        ...invoiceRun('INV-105', vendors[4]!, { matchMinutes: 20 }),
        ...invoiceRun('INV-106', vendors[0]!, { skipMatch: true }),
        ...invoiceRun('INV-107', vendors[1]!, {
          extra: { app: 'Phone', title: 'Call with the vendor', text: 'About INV-107: Pending', seconds: 300 },
        }),
      ]),
    );
    const [w, ...rest] = discoverWorkflows(casesFromSightings(spans, sightings), { from: '2026-06-01', to: '2026-06-03' });
    expect(rest).toEqual([]);
    expect(w!.kind).toBe('invoice');
    expect(w!.occurrences.perDay.map((d) => d.count)).toEqual([2, 2, 3]);
    expect(names(w!)).toEqual(['Invoice … from … @ Mail', 'Bill …: approved @ ERP', 'Payments: paid @ Bank']);
    const kinds = w!.deviations.map((d) => `${d.name} ${d.kind}`).sort();
    expect(kinds).toEqual(['INV-105 slower', 'INV-106 skipped_step', 'INV-107 new_step']);
    expect(w!.variants.find((v) => v.examples.includes('INV-106'))!.name).toMatch(/^skips Bill …: approved \(ERP\)$/);
  });

  it('takes one record code for one item, whatever word stood before it: the mail that brought it is its first step', () => {
    // A code whose prefix the extraction does not know, named by a word in one window and bare in the others.
    const run = (n: number, with_: string): Stretch[] => [
      { app: 'Mail', title: `New policy PMT-${n} from ${with_} - Mail`, seconds: 120 },
      { app: 'Firefox', title: `PMT-${n} - Permits portal - Firefox`, text: `PMT-${n}\nStatus: In review`, seconds: 300 },
      { app: 'Firefox', title: `PMT-${n} fee - Cashier - Firefox`, text: `PMT-${n}\nStatus: Paid`, seconds: 60 },
    ];
    const { spans, sightings } = storeOf([day(0, [...run(311, 'Ada Osei'), ...run(312, 'Ben Ruiz')]), day(1, run(313, 'Cy Lam'))]);
    const keys = new Set(sightings.filter((s) => s.itemName === 'PMT-311').map((s) => s.key));
    expect(keys, 'the index keys the code one way, labelled or bare').toEqual(new Set(['PMT-311']));
    const [w, ...rest] = discoverWorkflows(casesFromSightings(spans, sightings), { from: '2026-06-01', to: '2026-06-02' });
    expect(rest).toEqual([]);
    expect(w!.kind).toBe('policy');
    expect(w!.occurrences.total).toBe(3);
    expect(names(w!).map((n) => n.split(' @ ')[1])).toEqual(['Mail', 'Permits portal', 'Cashier']);
  });

  it('splits a stretch that served several items: each gets its share of the time', () => {
    const batch: Stretch = { app: 'Firefox', title: 'Payments - Bank - Firefox', text: 'INV-201 Paid\nINV-202 Paid', seconds: 600 };
    const run = (id: string) => [
      { app: 'Mail', title: `Invoice ${id} from Someone - Mail`, seconds: 60 },
      { app: 'Firefox', title: `Bill ${id} - ERP - Firefox`, text: `Bill ${id}\nStatus: Approved`, seconds: 60 },
    ];
    const { spans, sightings } = storeOf([day(0, [...run('INV-201'), ...run('INV-202'), batch])]);
    const [w] = discoverWorkflows(casesFromSightings(spans, sightings), { from: '2026-06-01', to: '2026-06-01' });
    const pay = w!.steps.find((s) => s.where === 'Bank')!;
    expect(pay.medianSeconds).toBe(300);
    expect(pay.stretchMedianSeconds).toBe(600);
  });
});

describe('the event log', () => {
  it('redacts every text, leaves out windows excluded now, and ties a batch to every item it paid', () => {
    const { spans, sightings } = storeOf([
      {
        startIso: '2026-06-01T08:00:00Z',
        stretches: [
          ...invoiceRun('INV-301', 'Acorn Tiles').map((s) =>
            s.app === 'Mail' ? { ...s, title: `${s.title} password: hunter2hunter2` } : s,
          ),
          ...invoiceRun('INV-302', 'Birch Glass'),
          { app: 'Firefox', title: 'Payments - Bank - Firefox', text: 'INV-301 Paid\nINV-302 Paid', seconds: 300 },
        ],
      },
    ]);
    const cases = casesFromSightings(spans, sightings);
    const window = { startMs: Date.parse('2026-06-01T00:00:00Z'), endMs: Date.parse('2026-06-02T00:00:00Z') };
    const redactor = createRedactor(redactionSettingsSchema.parse({}));
    const log = buildEventLog(cases, window, { redactor, exclusions: [] });
    const text = JSON.stringify(log);
    expect(text).not.toContain('hunter2hunter2');
    expect(log.traces.map((t) => t.name).sort()).toEqual(['INV-301', 'INV-302']);
    expect(log.events.some((e) => e.objects.filter((o) => o.id.startsWith('invoice:')).length === 2)).toBe(true);
    const without = buildEventLog(cases, window, { redactor, exclusions: [{ app: '^Mail$' }] });
    expect(without.events.some((e) => e.app === 'Mail')).toBe(false);
    expect(without.events.length).toBeLessThan(log.events.length);
  });
});
