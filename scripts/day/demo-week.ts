import { DEMO_INTERVIEW } from './demo-interview';
import type { ScreenSpec } from './screen-render';
import { seededRandom, type InputPattern, type Random, type Segment } from './timeline';

/**
 * The demo week: five workdays (Monday 30 March to Friday 3 April 2026) of the demo day's persona, Dana
 * Whitfield, accounts payable at Contoso Ltd. Each day she takes invoices in from the AP inbox, matches
 * them to their purchase order in NetSuite, enters them in the ledger and pays them in a payment run
 * (Tuesday and Friday) at the bank; vendors' questions come in as helpdesk tickets; Tuesday is month-end.
 * Invoice numbers, POs and vendors differ every day: a workflow is found by its shape. The script is
 * also the truth (`WEEK_TRUTH`): every case, its steps in order with their times, its workflow and
 * variant, the deviations of the last day.
 */

const outlook = 'Microsoft Outlook';
const chrome = 'Google Chrome';
const excel = 'Microsoft Excel';
const acrobat = 'Adobe Acrobat Reader';

export const WEEK_DATES = ['2026-03-30', '2026-03-31', '2026-04-01', '2026-04-02', '2026-04-03'] as const;
export type WeekDate = (typeof WEEK_DATES)[number];
const DAY_START = 'T08:30:00.000Z';
export const WEEK_DAY_SECONDS = 8 * 3600;
export const WEEK_SEED = 3031;

/** The steps a case can go through, as the truth names them. */
export type StepName =
  | 'invoice mail'
  | 'invoice pdf'
  | 'po match'
  | 'ledger entry'
  | 'payment run'
  | 'month-end reconciliation'
  | 'missing po mail'
  | 'missing po reply'
  | 'duplicate check'
  | 'duplicate reply'
  | 'wire transfer'
  | 'ticket'
  | 'vendor bill lookup';

/** Words a discovered step's name must contain to be this step (its window as the title shows it). */
export const STEP_WINDOW_WORDS: Readonly<Record<StepName, string>> = {
  'invoice mail': 'Invoice … from',
  'invoice pdf': 'Invoice PDF',
  'po match': 'Purchase Order',
  'ledger entry': 'AP Ledger',
  'payment run': 'Payments',
  'month-end reconciliation': 'AP reconciliation',
  'missing po mail': 'Missing PO',
  'missing po reply': 'RE: Missing PO',
  'duplicate check': 'Vendor Bills',
  'duplicate reply': 'RE: Invoice … from',
  'wire transfer': 'Wire transfer',
  ticket: 'Ticket',
  'vendor bill lookup': 'Vendor Bill …',
};

interface Vendor {
  readonly name: string;
  readonly mail: string;
  readonly goods: string;
}

const VENDORS = {
  globex: { name: 'Globex Logistics', mail: 'billing@globex.example', goods: 'Freight, inbound pallets' },
  initech: { name: 'Initech Software', mail: 'ar@initech.example', goods: 'Licence renewal, 25 seats' },
  umbrella: { name: 'Umbrella Facilities', mail: 'accounts@umbrella.example', goods: 'Office cleaning, monthly' },
  stark: { name: 'Stark Office Supply', mail: 'invoices@starkoffice.example', goods: 'Copy paper and toner' },
  wayne: { name: 'Wayne Freight', mail: 'billing@waynefreight.example', goods: 'Courier runs, March' },
  hooli: { name: 'Hooli Cloud', mail: 'billing@hooli.example', goods: 'Cloud storage, 40 TB' },
  vandelay: { name: 'Vandelay Industries', mail: 'ar@vandelay.example', goods: 'Latex gloves, 200 boxes' },
  soylent: { name: 'Soylent Catering', mail: 'orders@soylent.example', goods: 'Staff lunch catering' },
  cyberdyne: { name: 'Cyberdyne Parts', mail: 'sales@cyberdyne.example', goods: 'Server rack parts' },
} as const satisfies Record<string, Vendor>;

type Variant = 'usual' | 'missing po' | 'duplicate' | 'rush' | 'month-end' | 'slow match' | 'no pdf';

interface Invoice {
  readonly id: string;
  readonly vendor: Vendor;
  /** Its purchase order; for a missing PO, the one the vendor sends later. */
  readonly po: string;
  readonly amount: string;
  readonly due: string;
  readonly variant: Variant;
  /** The invoice a duplicate repeats. */
  readonly duplicateOf?: string;
}

const inv = (
  id: string,
  vendor: Vendor,
  po: string,
  amount: string,
  due: string,
  variant: Variant = 'usual',
  duplicateOf?: string,
): Invoice => ({
  id,
  vendor,
  po,
  amount,
  due,
  variant,
  ...(duplicateOf && { duplicateOf }),
});

/** The week's invoices by the day they arrive. */
const INVOICES: Readonly<Record<WeekDate, readonly Invoice[]>> = {
  '2026-03-30': [
    inv('INV-5120', VENDORS.globex, 'PO-7812', '3,915.50', '2026-04-29'),
    inv('INV-8841', VENDORS.initech, 'PO-7815', '1,200.00', '2026-04-15'),
    inv('INV-5133', VENDORS.umbrella, 'PO-7830', '6,980.00', '2026-04-30', 'missing po'),
    inv('INV-0931', VENDORS.stark, 'PO-7818', '842.19', '2026-04-10'),
  ],
  '2026-03-31': [
    inv('INV-2231', VENDORS.wayne, 'PO-7821', '4,120.00', '2026-04-30', 'month-end'),
    inv('INV-7710', VENDORS.hooli, 'PO-7822', '2,340.00', '2026-04-30', 'month-end'),
    inv('INV-3306', VENDORS.vandelay, 'PO-7824', '5,610.00', '2026-04-30', 'month-end'),
  ],
  '2026-04-01': [
    inv('INV-5147', VENDORS.globex, 'PO-7826', '2,880.00', '2026-05-01'),
    inv('INV-9012', VENDORS.soylent, 'PO-7827', '1,475.00', '2026-04-20'),
    inv('INV-5140', VENDORS.umbrella, 'PO-7713', '6,750.00', '2026-04-15', 'duplicate', 'INV-5102'),
    inv('INV-4418', VENDORS.cyberdyne, 'PO-7829', '9,230.00', '2026-05-01'),
  ],
  '2026-04-02': [
    inv('INV-6001', VENDORS.stark, 'PO-7833', '1,318.40', '2026-04-02', 'rush'),
    inv('INV-1187', VENDORS.initech, 'PO-7834', '600.00', '2026-05-02'),
    inv('INV-5160', VENDORS.globex, 'PO-7835', '3,402.75', '2026-05-02'),
  ],
  '2026-04-03': [
    inv('INV-2264', VENDORS.wayne, 'PO-7838', '3,980.00', '2026-05-03', 'slow match'),
    inv('INV-7745', VENDORS.hooli, 'PO-7839', '2,340.00', '2026-05-03', 'no pdf'),
    inv('INV-3321', VENDORS.vandelay, 'PO-7840', '4,015.00', '2026-05-03'),
  ],
};

interface Ticket {
  readonly id: string;
  readonly vendor: Vendor;
  /** The earlier invoice the vendor asks about, and when it was paid. */
  readonly about: string;
  readonly paidOn: string;
}

const TICKETS: Readonly<Record<WeekDate, readonly Ticket[]>> = {
  '2026-03-30': [{ id: '48213', vendor: VENDORS.globex, about: 'INV-4890', paidOn: '27 Mar 2026' }],
  '2026-03-31': [{ id: '48220', vendor: VENDORS.initech, about: 'INV-8512', paidOn: '24 Mar 2026' }],
  '2026-04-01': [{ id: '48231', vendor: VENDORS.wayne, about: 'INV-2050', paidOn: '20 Mar 2026' }],
  '2026-04-02': [
    { id: '48240', vendor: VENDORS.hooli, about: 'INV-6990', paidOn: '27 Mar 2026' },
    { id: '48244', vendor: VENDORS.soylent, about: 'INV-8870', paidOn: '13 Mar 2026' },
  ],
  '2026-04-03': [{ id: '48251', vendor: VENDORS.cyberdyne, about: 'INV-4102', paidOn: '31 Mar 2026' }],
};

// ---- screens -------------------------------------------------------------------------------------

const slug = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
const monthOf = (date: WeekDate): string => (date < '2026-04-01' ? 'March' : 'April');
const shortDate = (date: WeekDate): string => {
  const [, m, d] = date.split('-');
  return `${Number(d)} ${m === '03' ? 'Mar' : 'Apr'} 2026`;
};
const weekday = (date: WeekDate): string => ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'][WEEK_DATES.indexOf(date)]!;

const invoiceMail = (i: Invoice): ScreenSpec => ({
  file: `week-mail-${slug(i.id)}.png`,
  windowTitle: `Invoice ${i.id} from ${i.vendor.name} - Outlook`,
  accent: '#0a64ad',
  heading: `Invoice ${i.id} from ${i.vendor.name}`,
  before: [
    `From: ${i.vendor.mail}`,
    'To: dana@example.com',
    '',
    'Hello Dana,',
    `please find attached invoice ${i.id} for ${i.vendor.goods.toLowerCase()}.`,
    `Amount due: $${i.amount}   Due date: ${i.due}` + (i.variant === 'missing po' ? '' : `   ${i.po}`),
    ...(i.variant === 'rush' ? ['We need payment today to release your order. Thank you!'] : []),
    '',
    `Attachment: ${i.id}.pdf`,
  ],
});

const invoicePdf = (i: Invoice): ScreenSpec => ({
  file: `week-pdf-${slug(i.id)}.png`,
  windowTitle: `${i.id}.pdf - Adobe Acrobat Reader`,
  accent: '#b30b00',
  heading: `${i.vendor.name.toUpperCase()} - INVOICE ${i.id}`,
  before: [`Bill to: Contoso Ltd, Accounts Payable    Due: ${i.due}` + (i.variant === 'missing po' ? '' : `    ${i.po}`)],
  table: [
    ['Description', 'Qty', 'Total'],
    [i.vendor.goods, '1', i.amount],
    ['Total due', '', i.amount],
  ],
  columns: [30, 720, 930],
});

const poMatch = (i: Invoice, stage: 'variance' | 'matched'): ScreenSpec => ({
  file: `week-po-${slug(i.po)}${stage === 'variance' ? '-variance' : ''}.png`,
  windowTitle: `Purchase Order ${i.po} - NetSuite - Google Chrome`,
  accent: '#24385b',
  heading: `Purchase Order ${i.po} - ${i.vendor.name}`,
  table: [
    ['Line', 'Ordered', 'Received', 'Amount'],
    [i.vendor.goods, '1', '1', i.amount],
  ],
  columns: [30, 620, 820, 1000],
  after:
    stage === 'variance'
      ? [`Invoice ${i.id}   $${i.amount}   price differs from the PO by $120.00`, 'Check the price with the buyer before billing.']
      : [`Invoice ${i.id}   $${i.amount}   Matched`, '3-way match: order, receipt and invoice agree.'],
});

/** A ledger row once the invoice is entered. */
const ledgerRow = (date: WeekDate, i: Invoice): string[] => [date, i.vendor.name, i.po, i.id, i.amount, 'Posted'];

const ledger = (date: WeekDate, rows: readonly string[][], n: number): ScreenSpec => ({
  file: `week-ledger-${date}-${n}.png`,
  windowTitle: `AP Ledger ${monthOf(date)} 2026.xlsx - Excel`,
  accent: '#1d6f42',
  heading: `Accounts payable ledger - ${monthOf(date)} 2026`,
  table: [['Date', 'Vendor', 'PO', 'Invoice', 'Amount', 'Status'], ...rows],
  columns: [30, 180, 480, 640, 840, 1020],
  fontSize: 18,
});

const payments = (date: WeekDate, run: readonly Invoice[], status: 'Scheduled' | 'Released'): ScreenSpec => ({
  file: `week-payments-${date}-${status.toLowerCase()}.png`,
  windowTitle: 'Payments - Northwind Bank Business Portal - Google Chrome',
  accent: '#0b3d91',
  heading: `Payment run ${shortDate(date)}: ${run.length} ACH payments`,
  table: [['Invoice', 'Vendor', 'Amount', 'Status'], ...run.map((i) => [i.id, i.vendor.name, i.amount, status])],
  columns: [30, 240, 700, 960],
  fontSize: 18,
  after:
    status === 'Released'
      ? ['Approved by Dana Whitfield. Funds leave the operating account tonight.']
      : ['Review the run, then approve it.'],
});

const wire = (i: Invoice): ScreenSpec => ({
  file: `week-wire-${slug(i.id)}.png`,
  windowTitle: 'Wire transfer - Northwind Bank Business Portal - Google Chrome',
  accent: '#0b3d91',
  heading: 'Same-day wire',
  before: [`Wire to ${i.vendor.name} for ${i.id}   $${i.amount}   Released`, 'Approved by Dana Whitfield at the vendor’s request.'],
});

const BANK_LOGIN: ScreenSpec = {
  file: 'week-bank-login.png',
  windowTitle: 'Sign in - Northwind Bank Business Portal - Google Chrome',
  accent: '#0b3d91',
  heading: 'Northwind Bank - Business Portal',
  before: ['Sign in with your user name and password.', 'Then enter the one-time code from your authenticator.'],
};

const PASSWORD_MANAGER: ScreenSpec = {
  file: 'week-1password.png',
  windowTitle: '1Password — Private vault',
  accent: '#1a8cff',
  heading: 'Private vault - Northwind Bank Business login',
  before: ['username: dana@example.com', 'password: ••••••••••••', 'one-time code: 604 118'],
  dark: true,
};

const reconciliation = (date: WeekDate, open: readonly Invoice[]): ScreenSpec => ({
  file: `week-reconciliation-${date}.png`,
  windowTitle: `AP reconciliation ${monthOf(date)} 2026 - NetSuite - Google Chrome`,
  accent: '#24385b',
  heading: `Month-end: open AP to GL account 2000, ${shortDate(date)}`,
  table: [['Invoice', 'Vendor', 'Amount', 'Status'], ...open.map((i) => [i.id, i.vendor.name, i.amount, 'Reconciled'])],
  columns: [30, 240, 700, 960],
  after: [`Open payables at month-end: ${open.length} invoices. Difference to GL: 0.00`],
});

const missingPoMail = (i: Invoice): ScreenSpec => ({
  file: `week-missing-po-${slug(i.id)}.png`,
  windowTitle: `Missing PO for invoice ${i.id} - Outlook`,
  accent: '#0a64ad',
  heading: `Missing PO for invoice ${i.id}`,
  before: [
    `To: ${i.vendor.mail}`,
    'From: dana@example.com',
    '',
    `Hello, your invoice ${i.id} has no purchase order number.`,
    'We cannot enter it until you send us the PO it belongs to.',
    'Kind regards, Dana Whitfield, Accounts Payable, Contoso Ltd',
  ],
});

const missingPoReply = (i: Invoice): ScreenSpec => ({
  file: `week-missing-po-reply-${slug(i.id)}.png`,
  windowTitle: `RE: Missing PO for invoice ${i.id} - Outlook`,
  accent: '#0a64ad',
  heading: `RE: Missing PO for invoice ${i.id}`,
  before: [
    `From: ${i.vendor.mail}`,
    'To: dana@example.com',
    '',
    `Sorry about that: the order number is ${i.po}.`,
    'Best, the accounts team',
  ],
});

const duplicateCheck = (i: Invoice): ScreenSpec => ({
  file: `week-vendor-bills-${slug(i.id)}.png`,
  windowTitle: 'Vendor Bills - NetSuite - Google Chrome',
  accent: '#24385b',
  heading: `Vendor bills - ${i.vendor.name}`,
  table: [
    ['Invoice', 'Amount', 'Status'],
    [`${i.id}`, i.amount, 'Rejected'],
    [`${i.duplicateOf!}`, i.amount, 'Paid 6 Mar 2026'],
  ],
  columns: [30, 500, 800],
  after: [`${i.id} repeats an invoice already paid.`],
});

const duplicateReply = (i: Invoice): ScreenSpec => ({
  file: `week-duplicate-reply-${slug(i.id)}.png`,
  windowTitle: `RE: Invoice ${i.id} from ${i.vendor.name} - Outlook`,
  accent: '#0a64ad',
  heading: `RE: Invoice ${i.id} from ${i.vendor.name}`,
  before: [
    `To: ${i.vendor.mail}`,
    'From: dana@example.com',
    '',
    `Hello, this invoice repeats ${i.duplicateOf!}, which we paid on 6 March.`,
    'We will not pay it twice; please cancel it on your side.',
  ],
});

const ticketScreen = (t: Ticket, stage: 'open' | 'resolved'): ScreenSpec => ({
  file: `week-ticket-${t.id}-${stage}.png`,
  windowTitle: `Ticket #${t.id} Payment status - AP Helpdesk - Freshdesk - Google Chrome`,
  accent: '#12344d',
  heading: `Ticket #${t.id}: payment status`,
  before: [
    `Status: ${stage === 'open' ? 'Open' : 'Resolved'}      Requester: ${t.vendor.mail}`,
    '',
    `${t.vendor.name} asks when invoice ${t.about} will be paid.`,
    ...(stage === 'resolved' ? ['', `Reply from Dana Whitfield: ${t.about} went out by ACH on ${t.paidOn}.`] : []),
  ],
});

const vendorBill = (t: Ticket): ScreenSpec => ({
  file: `week-vendor-bill-${slug(t.about)}.png`,
  windowTitle: `Vendor Bill ${t.about} - NetSuite - Google Chrome`,
  accent: '#24385b',
  heading: `Vendor Bill ${t.about} - ${t.vendor.name}`,
  before: [`Status: Paid ${t.paidOn}`, 'Payment method: ACH   Account: Operating ****2231'],
});

const inbox = (date: WeekDate, part: 'am' | 'pm', invoices: readonly Invoice[]): ScreenSpec => ({
  file: `week-inbox-${date}-${part}.png`,
  windowTitle: 'Inbox - dana@example.com - Outlook',
  accent: '#0a64ad',
  heading: 'Inbox - dana@example.com',
  table: [
    ['From', 'Subject', 'Received'],
    ...invoices.map((i, n) => [i.vendor.name, `Invoice ${i.id} from ${i.vendor.name}`, `${weekday(date)} ${7 + n}:${10 + n * 7} AM`]),
    ['Maria Chen', part === 'am' ? 'Team update' : 'Thanks for the update', `${weekday(date)} 7:02 AM`],
    ['Northwind Bank', 'Statement available', 'Yesterday'],
  ],
  columns: [30, 300, 1000],
  fontSize: 18,
});

const SLACK_LINES: Readonly<Record<WeekDate, readonly string[]>> = {
  '2026-03-30': [
    'Maria Chen  9:40 AM',
    '   Reminder: month-end close is tomorrow, please reconcile open AP.',
    'Dana Whitfield  9:41 AM',
    '   Will do.',
  ],
  '2026-03-31': [
    'Maria Chen  8:55 AM',
    '   Close checklist is in the shared drive.',
    'Raj Patel  11:20 AM',
    '   Can IT renewals wait until April?',
  ],
  '2026-04-01': [
    'Maria Chen  10:05 AM',
    '   Umbrella sent their March cleaning bill twice, watch out.',
    'Dana Whitfield  10:06 AM',
    '   Thanks, I will check.',
  ],
  '2026-04-02': [
    'Maria Chen  9:15 AM',
    '   Stark is holding our toner order until they are paid.',
    '   Please pay their new bill today by wire.',
    'Dana Whitfield  9:16 AM',
    '   On it.',
  ],
  '2026-04-03': ['Maria Chen  9:30 AM', '   Payment run after lunch as usual?', 'Dana Whitfield  9:31 AM', '   Yes, around 1:30.'],
};

const slack = (date: WeekDate): ScreenSpec => ({
  file: `week-slack-${date}.png`,
  windowTitle: '#finance - Contoso - Slack',
  accent: '#4a154b',
  heading: '#finance',
  before: SLACK_LINES[date],
});

const AGING: ScreenSpec = {
  file: 'week-aging.png',
  windowTitle: 'AP aging report.xlsx - Excel',
  accent: '#1d6f42',
  heading: 'AP aging by vendor',
  table: [
    ['Vendor', 'Current', '31-60 days', 'Over 60'],
    ['Globex Logistics', '10,198.25', '0.00', '0.00'],
    ['Umbrella Facilities', '6,980.00', '0.00', '0.00'],
    ['Wayne Freight', '8,100.00', '0.00', '0.00'],
    ['Hooli Cloud', '4,680.00', '1,250.00', '0.00'],
  ],
  columns: [30, 420, 680, 940],
};

const CHECKLIST: ScreenSpec = {
  file: 'week-close-checklist.png',
  windowTitle: 'Close checklist.xlsx - Excel',
  accent: '#1d6f42',
  heading: 'Month-end close checklist - accounts payable',
  table: [
    ['Step', 'Owner', 'Done'],
    ['Enter every invoice received this month', 'Dana Whitfield', 'yes'],
    ['Reconcile open AP to the GL', 'Dana Whitfield', 'yes'],
    ['Review accruals with Maria', 'Maria Chen', 'no'],
  ],
  columns: [30, 700, 1000],
};

// ---- the schedule --------------------------------------------------------------------------------

/** One step of a case in the truth: what it was, where and when. */
export interface TruthStep {
  readonly step: StepName;
  readonly date: WeekDate;
  readonly app: string;
  readonly title: string;
  readonly startMs: number;
  readonly seconds: number;
}

export interface TruthCase {
  /** The work item as shown on screen (INV-5120, Ticket #48213). */
  readonly id: string;
  readonly kind: 'invoice' | 'ticket';
  readonly workflow: WorkflowName;
  readonly variant: Variant | 'query';
  readonly steps: TruthStep[];
}

export type WorkflowName = 'invoice processing' | 'vendor query';

export interface WeekDay {
  readonly date: WeekDate;
  readonly startIso: string;
  readonly segments: Segment[];
}

class DayPlan {
  readonly segments: Segment[] = [];
  private seconds = 0;
  private lastStartSec = 0;

  constructor(
    readonly date: WeekDate,
    private readonly random: Random,
    private readonly cases: Map<string, TruthCase>,
    readonly screens: Map<string, ScreenSpec>,
  ) {}

  get startMs(): number {
    return Date.parse(`${this.date}${DAY_START}`);
  }

  /** A stretch in a window; `minutes` vary by ±20% unless `exact`. */
  show(
    app: string,
    screen: ScreenSpec | readonly ScreenSpec[],
    minutes: number,
    options: { input?: InputPattern; step?: { readonly id: string; readonly step: StepName }; exact?: boolean; private?: boolean } = {},
  ): void {
    const list = Array.isArray(screen) ? (screen as readonly ScreenSpec[]) : [screen as ScreenSpec];
    for (const s of list) this.screens.set(s.file, s);
    const jitter = options.exact ? 1 : 0.8 + 0.4 * this.random();
    const seconds = Math.max(20, Math.round((minutes * 60 * jitter) / 10) * 10);
    this.segments.push({
      app,
      title: list[0]!.windowTitle,
      seconds,
      input: options.input ?? 'active',
      screens: list.map((s) => s.file),
      ...(list.length > 1 && { screenEverySec: Math.ceil(seconds / list.length) }),
      ...(options.private && { private: true }),
    });
    this.lastStartSec = this.seconds;
    this.seconds += seconds;
    if (options.step) this.stepOfLast(options.step.id, options.step.step);
  }

  /** Records the last stretch as a step of a case (a stretch that serves several cases, such as a payment run). */
  stepOfLast(id: string, step: StepName): void {
    const c = this.cases.get(id);
    if (!c) throw new Error(`the week names a step of ${id}, which is no case`);
    const last = this.segments.at(-1)!;
    c.steps.push({
      step,
      date: this.date,
      app: last.app,
      title: last.title,
      startMs: this.startMs + this.lastStartSec * 1000,
      seconds: last.seconds,
    });
  }

  /** The rest of the day in one window (the last stretch). */
  fill(app: string, screen: ScreenSpec): void {
    const rest = WEEK_DAY_SECONDS - this.seconds;
    if (rest < 60) throw new Error(`${this.date} is ${60 - rest}s too long for 8 hours`);
    this.show(app, screen, rest / 60, { exact: true, input: 'reading' });
  }
}

/** Everything of the week: its days and its truth, the same on every machine. */
export function buildDemoWeek(): { days: WeekDay[]; screens: ScreenSpec[]; cases: TruthCase[] } {
  const cases = new Map<string, TruthCase>();
  const screens = new Map<string, ScreenSpec>();
  for (const date of WEEK_DATES) {
    for (const i of INVOICES[date])
      cases.set(i.id, {
        id: i.id,
        kind: 'invoice',
        workflow: 'invoice processing',
        variant: i.variant === 'slow match' || i.variant === 'no pdf' ? 'usual' : i.variant,
        steps: [],
      });
    for (const t of TICKETS[date])
      cases.set(`Ticket #${t.id}`, { id: `Ticket #${t.id}`, kind: 'ticket', workflow: 'vendor query', variant: 'query', steps: [] });
  }
  const random = seededRandom(WEEK_SEED);
  const ledgerRows: Record<string, string[][]> = { March: [], April: [] };
  let ledgerShots = 0;
  const days: WeekDay[] = [];
  const all = (date: WeekDate): Invoice[] => [...INVOICES[date]];
  const byId = (id: string): Invoice =>
    Object.values(INVOICES)
      .flat()
      .find((i) => i.id === id)!;

  for (const date of WEEK_DATES) {
    const plan = new DayPlan(date, random, cases, screens);
    const invoices = all(date);
    const step = (id: string, name: StepName) => ({ step: { id, step: name } });

    const intake = (i: Invoice): void => {
      plan.show(outlook, invoiceMail(i), 3, { input: 'reading', ...step(i.id, 'invoice mail') });
      if (i.variant !== 'no pdf') plan.show(acrobat, invoicePdf(i), 3, { input: 'reading', ...step(i.id, 'invoice pdf') });
    };
    const match = (i: Invoice): void => {
      if (i.variant === 'slow match') {
        plan.show(chrome, poMatch(i, 'variance'), 14, step(i.id, 'po match'));
        plan.show(chrome, poMatch(i, 'variance'), 4, { input: 'away', exact: true }); // waiting on the buyer: idle
        plan.show(chrome, poMatch(i, 'matched'), 8, step(i.id, 'po match'));
      } else plan.show(chrome, poMatch(i, 'matched'), 6, step(i.id, 'po match'));
    };
    const enter = (i: Invoice): void => {
      const rows = ledgerRows[monthOf(date)]!;
      rows.push(ledgerRow(date, i));
      plan.show(excel, ledger(date, rows, ++ledgerShots), 4, step(i.id, 'ledger entry'));
    };
    const ticket = (t: Ticket): void => {
      const id = `Ticket #${t.id}`;
      plan.show(chrome, ticketScreen(t, 'open'), 3, { input: 'reading', ...step(id, 'ticket') });
      plan.show(chrome, vendorBill(t), 2, step(id, 'vendor bill lookup'));
      plan.show(chrome, ticketScreen(t, 'resolved'), 3, step(id, 'ticket'));
    };
    const paymentRun = (run: Invoice[]): void => {
      plan.show(chrome, BANK_LOGIN, 1, { exact: true });
      plan.show('1Password', PASSWORD_MANAGER, 0.75, { exact: true, private: true });
      const scheduled = payments(date, run, 'Scheduled');
      const released = payments(date, run, 'Released');
      plan.show(chrome, [scheduled, released], 10 + run.length, { exact: true });
      for (const i of run) plan.stepOfLast(i.id, 'payment run');
    };
    const slackBreak = (): void => plan.show('Slack', slack(date), 3);

    plan.show(outlook, inbox(date, 'am', invoices), 5);
    if (date === '2026-03-30') {
      const [a, b, c, d] = invoices as [Invoice, Invoice, Invoice, Invoice];
      intake(a);
      match(a);
      enter(a);
      ticket(TICKETS[date][0]!);
      intake(b);
      slackBreak();
      match(b);
      enter(b);
      plan.show(excel, AGING, 30);
      plan.show(excel, AGING, 6, { input: 'away', exact: true }); // coffee
      intake(c);
      plan.show(outlook, missingPoMail(c), 4, step(c.id, 'missing po mail'));
      plan.show(outlook, inbox(date, 'pm', invoices), 45, { input: 'away', exact: true }); // lunch
      intake(d);
      match(d);
      enter(d);
      plan.show(excel, AGING, 40);
    } else if (date === '2026-03-31') {
      const [a, b, c] = invoices as [Invoice, Invoice, Invoice];
      intake(a);
      match(a);
      enter(a);
      slackBreak();
      intake(b);
      match(b);
      enter(b);
      ticket(TICKETS[date][0]!);
      plan.show(excel, CHECKLIST, 25);
      plan.show(outlook, inbox(date, 'pm', invoices), 45, { input: 'away', exact: true }); // lunch
      intake(c);
      match(c);
      enter(c);
      paymentRun(['INV-5120', 'INV-8841', 'INV-0931'].map(byId));
      plan.show(excel, CHECKLIST, 20);
      plan.show(chrome, reconciliation(date, [a, b, c]), 12);
      for (const i of [a, b, c]) plan.stepOfLast(i.id, 'month-end reconciliation');
      plan.show(excel, CHECKLIST, 15);
    } else if (date === '2026-04-01') {
      // The day done in another order: every invoice taken in first, then matched, then entered.
      const [a, b, dup, d] = invoices as [Invoice, Invoice, Invoice, Invoice];
      const late = byId('INV-5133');
      intake(a);
      intake(b);
      slackBreak();
      intake(dup);
      intake(d);
      plan.show(chrome, duplicateCheck(dup), 4, step(dup.id, 'duplicate check'));
      plan.show(outlook, duplicateReply(dup), 4, step(dup.id, 'duplicate reply'));
      plan.show(outlook, missingPoReply(late), 2, { input: 'reading', ...step(late.id, 'missing po reply') });
      ticket(TICKETS[date][0]!);
      plan.show(outlook, inbox(date, 'pm', invoices), 45, { input: 'away', exact: true }); // lunch
      match(a);
      match(b);
      match(d);
      match(late);
      plan.show(chrome, poMatch(d, 'matched'), 5, { input: 'away', exact: true }); // a colleague at the desk: idle
      enter(a);
      enter(b);
      enter(d);
      enter(late);
      plan.show(excel, AGING, 30);
    } else if (date === '2026-04-02') {
      const [rush, b, c] = invoices as [Invoice, Invoice, Invoice];
      const [t1, t2] = TICKETS[date] as [Ticket, Ticket];
      ticket(t1);
      slackBreak();
      intake(rush);
      match(rush);
      enter(rush);
      plan.show(chrome, BANK_LOGIN, 1, { exact: true });
      plan.show('1Password', PASSWORD_MANAGER, 0.5, { exact: true, private: true });
      plan.show(chrome, wire(rush), 5, step(rush.id, 'wire transfer'));
      intake(b);
      match(b);
      enter(b);
      plan.show(outlook, inbox(date, 'pm', invoices), 45, { input: 'away', exact: true }); // lunch
      ticket(t2);
      intake(c);
      match(c);
      plan.show(chrome, poMatch(c, 'matched'), 3, { input: 'away', exact: true }); // a phone call: idle
      enter(c);
      plan.show(excel, AGING, 35);
    } else {
      const [slow, noPdf, c] = invoices as [Invoice, Invoice, Invoice];
      intake(slow);
      match(slow);
      enter(slow);
      slackBreak();
      intake(noPdf);
      match(noPdf);
      enter(noPdf);
      ticket(TICKETS[date][0]!);
      plan.show(outlook, inbox(date, 'pm', invoices), 45, { input: 'away', exact: true }); // lunch
      paymentRun(['INV-2231', 'INV-7710', 'INV-3306', 'INV-5147', 'INV-9012', 'INV-4418', 'INV-5133', 'INV-1187', 'INV-5160'].map(byId));
      intake(c);
      match(c);
      enter(c);
      plan.show(excel, AGING, 25);
    }
    plan.fill(outlook, inbox(date, 'pm', invoices));
    days.push({ date, startIso: `${date}${DAY_START}`, segments: plan.segments });
  }
  return { days, screens: [...screens.values()], cases: [...cases.values()] };
}

// ---- the truth -----------------------------------------------------------------------------------

/** A case's steps in order, a step repeated back to back counted once (as discovery sees it). */
export function stepSequence(c: TruthCase): StepName[] {
  const out: StepName[] = [];
  for (const s of [...c.steps].sort((a, b) => a.startMs - b.startMs)) if (out.at(-1) !== s.step) out.push(s.step);
  return out;
}

export interface WorkflowTruth {
  readonly name: WorkflowName;
  /** The kind of work item, as the identifiers' family reads. */
  readonly kind: 'invoice' | 'ticket';
  /** Its usual steps, in order. */
  readonly usual: readonly StepName[];
  /** Cases begun per day. */
  readonly occurrences: Readonly<Record<WeekDate, number>>;
  /** The other variants: what sets each apart (a step's window words), and its cases. */
  readonly variants: readonly { readonly name: string; readonly words: string; readonly cases: readonly string[] }[];
  /** Cases not finished when the week ends. */
  readonly inFlight: readonly string[];
}

/** The truth of the week, from the script: the workflows discovery must find, as the script has them. */
export function weekTruth(week = buildDemoWeek()): {
  workflows: WorkflowTruth[];
  cases: TruthCase[];
  /** What the last day did differently from the usual. */
  lastDayDeviations: readonly { readonly id: string; readonly what: 'slower' | 'skipped step' }[];
  privateTitle: string;
} {
  const of = (workflow: WorkflowName) => week.cases.filter((c) => c.workflow === workflow);
  const occurrences = (list: TruthCase[]) =>
    Object.fromEntries(WEEK_DATES.map((d) => [d, list.filter((c) => c.steps[0]?.date === d).length])) as Record<WeekDate, number>;
  const invoices = of('invoice processing');
  const finished = (c: TruthCase): boolean => {
    const last = stepSequence(c).at(-1);
    return last === 'payment run' || last === 'wire transfer' || last === 'duplicate reply';
  };
  const variantCases = (v: Variant) => invoices.filter((c) => c.variant === v && finished(c)).map((c) => c.id);
  return {
    workflows: [
      {
        name: 'invoice processing',
        kind: 'invoice',
        usual: ['invoice mail', 'invoice pdf', 'po match', 'ledger entry', 'payment run'],
        occurrences: occurrences(invoices),
        variants: [
          { name: 'missing PO', words: STEP_WINDOW_WORDS['missing po mail'], cases: variantCases('missing po') },
          { name: 'duplicate invoice', words: STEP_WINDOW_WORDS['duplicate check'], cases: variantCases('duplicate') },
          { name: 'rush payment', words: STEP_WINDOW_WORDS['wire transfer'], cases: variantCases('rush') },
          { name: 'month-end reconciliation', words: STEP_WINDOW_WORDS['month-end reconciliation'], cases: variantCases('month-end') },
        ],
        inFlight: invoices.filter((c) => !finished(c)).map((c) => c.id),
      },
      {
        name: 'vendor query',
        kind: 'ticket',
        usual: ['ticket', 'vendor bill lookup', 'ticket'],
        occurrences: occurrences(of('vendor query')),
        variants: [],
        inFlight: [],
      },
    ],
    cases: week.cases,
    lastDayDeviations: [
      { id: 'INV-2264', what: 'slower' },
      { id: 'INV-7745', what: 'skipped step' },
    ],
    privateTitle: PASSWORD_MANAGER.windowTitle,
  };
}

/** Onboarding answers of the week's persona: the demo day's. */
export const WEEK_INTERVIEW = DEMO_INTERVIEW;
