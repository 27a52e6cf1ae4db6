import type { Db } from '../../src/core/store/database';

/**
 * Workdays of a busy desktop, written straight into a store (no replay): per day two work sessions
 * around lunch, a window switch every ~90 s (300 spans), 400 reads of screen text of ~1 KB (the text of
 * the demo day's kinds of screens, numbers and vendors varied), 30 tasks and a rolling summary every
 * five minutes. Used by the sync tests and benchmarks as "another device's month" or "a year".
 */
export interface SyntheticDays {
  readonly days: number;
  /** Midnight (UTC) of the first day; days follow one another, weekends included. */
  readonly startMs: number;
  /** Varies the numbers and vendors, so two devices' days differ. */
  readonly seed?: number;
  /** Screen-text reads a day (default 400). */
  readonly framesPerDay?: number;
}

/** The vendors and screens of the demo day's kind of work, varied by number: shared with bench/screen-search.ts. */
export const vendors = [
  'Acme Supplies',
  'Initech Software',
  'Globex Logistics',
  'Umbrella Catering',
  'Stark Hardware',
  'Wayne Paper',
  'Hooli Cloud',
  'Vandelay Imports',
];
export const screens = [
  {
    app: 'Microsoft Excel',
    title: 'Ledger 2026.xlsx - Excel',
    text: (n: number, v: string) =>
      `General ledger reconciliation\nEntry ${n} ${v} ${n % 9000}.00 matched bank statement\nBalance carried forward`,
  },
  {
    app: 'Google Chrome',
    title: 'Northwind Bank — Business Portal',
    text: (n: number, v: string) => `Account activity\nACH payment to ${v} reference ${n}\nPending approval by finance manager`,
  },
  {
    app: 'Google Chrome',
    title: 'NetSuite - Vendor Bills',
    text: (n: number, v: string) => `Vendor bills pending approval\nVB-${n} ${v} due in 30 days\nApprove Reject Hold`,
  },
  {
    app: 'Microsoft Outlook',
    title: 'Inbox - dana@example.com',
    text: (n: number, v: string) =>
      `From accounts@${v.split(' ')[0]!.toLowerCase()}.example\nInvoice ${n} attached, payment terms net 30\nPlease confirm receipt`,
  },
  {
    app: 'Slack',
    title: '#finance - Slack',
    text: (n: number, v: string) => `#finance\nCan someone check invoice ${n} from ${v}?\nMonth end close checklist updated`,
  },
  {
    app: 'Adobe Acrobat Reader',
    title: 'Invoice.pdf - Adobe Acrobat Reader',
    text: (n: number, v: string) => `${v.toUpperCase()} INVOICE ${n}\nItem Qty Unit price Total\nTotal due ${n % 7000}.50`,
  },
];
const filler =
  'Date Description Reference Debit Credit Balance Status Owner Due Terms Notes Approved Pending Posted Cleared Reconciled Vendor Customer Account Period';

/** Fills the days in one transaction per day; returns how many rows of each kind were written. */
export function fillSyntheticDays(db: Db, options: SyntheticDays): Record<string, number> {
  const frames = options.framesPerDay ?? 400;
  const seed = options.seed ?? 1;
  const st = {
    ws: db.prepare(
      `INSERT INTO work_sessions (started_at, ended_at, status, source, end_reason) VALUES (?, ?, 'completed', 'desktop', ?) RETURNING id`,
    ),
    span: db.prepare(`INSERT INTO activity_spans (work_session_id, kind, app, title, start_ms, end_ms) VALUES (?, ?, ?, ?, ?, ?)`),
    text: db.prepare(`INSERT INTO screen_text_entries (at_ms, app, title, text) VALUES (?, ?, ?, ?)`),
    task: db.prepare(
      `INSERT INTO tasks (work_session_id, name, start_ms, end_ms, is_open, apps, titles, switches, brief) VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?)`,
    ),
    summary: db.prepare(
      `INSERT INTO work_session_summaries (work_session_id, at_ms, kind, text, token_count, engine, duration_ms, tasks, apps)
       VALUES (?, ?, ?, ?, ?, 'offline', ?, ?, ?)`,
    ),
  };
  const counts = { workSessions: 0, spans: 0, screenText: 0, tasks: 0, summaries: 0 };
  let n = 1000 * seed;
  const fillDay = db.transaction((day: number) => {
    const base = options.startMs + day * 86_400_000;
    for (const [from, to] of [
      [8.5, 12.5],
      [13.25, 17.25],
    ] as const) {
      const startMs = base + from * 3_600_000;
      const endMs = base + to * 3_600_000;
      const ws = (st.ws.get(startMs, endMs, 'paused by the user') as { id: number }).id;
      counts.workSessions++;
      const spanMs = 96_000;
      for (let at = startMs, i = 0; at < endMs; at += spanMs, i++) {
        const screen = screens[(day * 5 + i * 7 + seed) % screens.length]!;
        const idle = i % 37 === 36;
        st.span.run(ws, idle ? 'idle' : 'app', idle ? null : screen.app, idle ? null : screen.title, at, Math.min(endMs, at + spanMs));
        counts.spans++;
      }
      for (let t = 0; t < 15; t++) {
        const screen = screens[(t + day + seed) % screens.length]!;
        const taskStart = startMs + t * 16 * 60_000;
        st.task.run(
          ws,
          `${screen.title.split(' - ')[0]} ${vendors[(t + day) % vendors.length]}`,
          taskStart,
          taskStart + 15 * 60_000,
          JSON.stringify([screen.app]),
          JSON.stringify([screen.title]),
          t % 4,
          `Worked in ${screen.title} on ${vendors[t % vendors.length]}.`,
        );
        counts.tasks++;
      }
      for (let at = startMs + 300_000; at <= endMs; at += 300_000) {
        const kind = at + 300_000 > endMs ? 'final' : 'rolling';
        const text = `Reconciled the ledger against the bank portal and approved ${(at / 60_000) % 9} vendor bills; followed up invoice ${n} with ${vendors[(at / 300_000) % vendors.length]}.`;
        st.summary.run(
          ws,
          at,
          kind,
          text,
          40,
          at - startMs,
          JSON.stringify(['Ledger reconciliation', 'Vendor bills']),
          JSON.stringify(['Microsoft Excel', 'Google Chrome']),
        );
        counts.summaries++;
      }
    }
    for (let i = 0; i < frames; i++) {
      const screen = screens[(day * 7 + i + seed) % screens.length]!;
      const vendor = vendors[(day + i * 3 + seed) % vendors.length]!;
      n += 1 + (i % 3);
      const text = `${screen.text(n, vendor)}\n${filler}\n${Array.from({ length: 8 }, (_, k) => `${n + k} ${vendors[(i + k) % vendors.length]} ${(n * (k + 3)) % 9999}.${k}0 posted`).join('\n')}`;
      st.text.run(base + 8.5 * 3_600_000 + i * 72_000, screen.app, screen.title, text);
      counts.screenText++;
    }
  });
  for (let day = 0; day < options.days; day++) fillDay(day);
  return counts;
}
