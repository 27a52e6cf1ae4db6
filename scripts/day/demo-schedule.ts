import { DEMO_SCREENS, type DemoScreen } from './demo-screens';
import type { InputPattern, Random, Segment } from './timeline';

/** The persona: Dana Whitfield, accounts payable at Contoso Ltd. */
interface DemoWindow {
  readonly app: string;
  readonly title: string;
  readonly screens: readonly DemoScreen[];
  readonly private?: boolean;
}

const excel = 'Microsoft Excel';
const chrome = 'Google Chrome';
const outlook = 'Microsoft Outlook';

export const DEMO_WINDOWS = {
  budget: { app: excel, title: DEMO_SCREENS.budget.windowTitle, screens: ['budget'] },
  ledger: { app: excel, title: DEMO_SCREENS.ledger.windowTitle, screens: ['ledger'] },
  ledgerReconciled: { app: excel, title: DEMO_SCREENS.ledger.windowTitle, screens: ['ledgerReconciled'] },
  bank: { app: chrome, title: DEMO_SCREENS.bank.windowTitle, screens: ['bank'] },
  netsuite: { app: chrome, title: DEMO_SCREENS.netsuite.windowTitle, screens: ['netsuite'] },
  inbox: { app: outlook, title: DEMO_SCREENS.inbox.windowTitle, screens: ['inbox'] },
  invoiceMail: { app: outlook, title: DEMO_SCREENS.invoiceMail.windowTitle, screens: ['invoiceMail'] },
  slack: { app: 'Slack', title: DEMO_SCREENS.slack.windowTitle, screens: ['slack'] },
  invoicePdf: { app: 'Adobe Acrobat Reader', title: DEMO_SCREENS.invoicePdf.windowTitle, screens: ['invoicePdf'] },
  // The window title a password manager shows; the observer must never store it.
  passwordManager: { app: '1Password', title: '1Password — Private vault', screens: ['passwordManager'], private: true },
} as const satisfies Record<string, DemoWindow>;

export type DemoWindowName = keyof typeof DEMO_WINDOWS;

export const DEMO_DAY_START = '2026-03-10T08:30:00.000Z';
export const DEMO_DAY_SECONDS = 8 * 3600;

function segment(name: DemoWindowName, seconds: number, input: InputPattern = 'active'): Segment {
  const window: DemoWindow = DEMO_WINDOWS[name];
  return {
    app: window.app,
    title: window.title,
    seconds: Math.round(seconds),
    input,
    screens: window.screens.map((s) => DEMO_SCREENS[s].file),
    ...(window.private && { private: true }),
  };
}

const minutes = (n: number): number => n * 60;

/** Reconciling: many short hops between the ledger and the bank portal. */
function reconcile(random: Random, hops: number, reconciled: boolean): Segment[] {
  const out: Segment[] = [];
  for (let i = 0; i < hops; i++) {
    const seconds = 25 + Math.floor(random() * 70);
    out.push(segment(i % 2 === 0 ? (reconciled ? 'ledgerReconciled' : 'ledger') : 'bank', seconds));
  }
  return out;
}

/**
 * An 8-hour accounts-payable day: mail and the Acme invoice in the morning, the Q3 budget, a bank
 * login through 1Password, lunch, an afternoon of reconciling the ledger against the bank portal,
 * a few short breaks (some under the idle threshold, some over it).
 */
export function demoSchedule(random: Random): Segment[] {
  const day: Segment[] = [
    segment('inbox', minutes(6)),
    segment('invoiceMail', minutes(4), 'reading'),
    segment('invoicePdf', minutes(5), 'reading'),
    segment('netsuite', minutes(14)),
    segment('slack', minutes(3)),
    segment('netsuite', minutes(8)),
    segment('inbox', minutes(2)),
    segment('budget', minutes(30)),
    segment('budget', minutes(6), 'away'), // coffee: idle
    segment('budget', minutes(20)),
    segment('slack', minutes(4)),
    segment('bank', minutes(3)),
    segment('passwordManager', 45),
    segment('bank', minutes(10)),
    segment('ledger', minutes(15)),
    segment('ledger', 150, 'away'), // a short pause: under the idle threshold, still app time
    segment('ledger', minutes(6)),
    ...reconcile(random, 14, false),
    segment('inbox', minutes(5)),
    segment('invoiceMail', minutes(2), 'reading'),
    segment('netsuite', minutes(12)),
    segment('budget', minutes(10)),
    segment('inbox', minutes(47), 'away'), // lunch
    segment('slack', minutes(5)),
    segment('inbox', minutes(8)),
    ...reconcile(random, 30, false),
    segment('bank', minutes(4), 'away'), // a phone call: idle
    ...reconcile(random, 26, true),
    segment('invoicePdf', minutes(4), 'reading'),
    segment('netsuite', minutes(15)),
    segment('netsuite', minutes(5), 'away'), // a colleague at the desk: idle
    segment('netsuite', minutes(20)),
    segment('slack', minutes(5)),
    segment('invoicePdf', minutes(6), 'reading'),
    segment('ledgerReconciled', minutes(20)),
    segment('budget', minutes(25)),
    segment('slack', minutes(3)),
    segment('bank', minutes(2)),
    segment('passwordManager', 30),
    segment('bank', minutes(6)),
    segment('ledgerReconciled', minutes(12)),
    segment('netsuite', minutes(15)),
    segment('slack', minutes(4)),
  ];
  const used = day.reduce((sum, s) => sum + s.seconds, 0);
  const rest = DEMO_DAY_SECONDS - used;
  if (rest < 60) throw new Error(`the demo schedule is ${used - DEMO_DAY_SECONDS + 60}s too long for 8 hours`);
  day.push(segment('inbox', rest));
  return day;
}
