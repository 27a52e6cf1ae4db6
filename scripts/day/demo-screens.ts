import sharp from 'sharp';

/**
 * The demo day's screens: drawn as SVG and rendered offline (librsvg + the DejaVu font), with
 * text an OCR can read (invoice numbers, vendors, amounts). Each image is reused by many frames.
 */
export const SCREEN_WIDTH = 1280;
export const SCREEN_HEIGHT = 800;

interface ScreenSpec {
  readonly file: string;
  readonly windowTitle: string;
  /** Colour of the app's title bar. */
  readonly accent: string;
  readonly heading: string;
  /** A table: the first row is the header. */
  readonly table?: readonly (readonly string[])[];
  readonly columns?: readonly number[];
  /** Free text lines under the heading (or under the table). */
  readonly lines?: readonly string[];
  readonly dark?: boolean;
}

const ledgerHeader = ['Date', 'Vendor', 'Invoice', 'Amount', 'Status'];
const ledgerRows = [
  ['2026-03-02', 'Acme Supplies', 'INV-4471', '12,480.00', 'Open'],
  ['2026-03-03', 'Globex Logistics', 'INV-2210', '3,915.50', 'Paid'],
  ['2026-03-04', 'Initech Software', 'INV-8830', '1,200.00', 'Open'],
  ['2026-03-05', 'Umbrella Facilities', 'INV-5102', '6,750.00', 'Paid'],
  ['2026-03-06', 'Stark Office Supply', 'INV-0917', '842.19', 'Open'],
  ['2026-03-09', 'Wayne Freight', 'INV-3306', '4,120.00', 'Open'],
];

export const DEMO_SCREENS = {
  budget: {
    file: 'excel-q3-budget.jpg',
    windowTitle: 'Q3 Budget.xlsx - Excel',
    accent: '#1d6f42',
    heading: 'Q3 Budget 2026 - by department',
    table: [
      ['Department', 'Q3 Budget', 'Actual', 'Variance', 'Owner'],
      ['Accounts Payable', '182,000', '176,420', '5,580', 'Dana Whitfield'],
      ['IT Services', '240,000', '251,300', '-11,300', 'Raj Patel'],
      ['Facilities', '96,500', '91,870', '4,630', 'Maria Chen'],
      ['Marketing', '130,000', '127,450', '2,550', 'Tom Becker'],
      ['Logistics', '88,000', '93,215', '-5,215', 'Maria Chen'],
      ['Total', '736,500', '740,255', '-3,755', ''],
    ],
    columns: [30, 330, 540, 740, 940],
    lines: ['Note: IT Services over budget - review with Raj before Thursday.'],
  },
  ledger: {
    file: 'excel-ledger-2026.jpg',
    windowTitle: 'Ledger 2026.xlsx - Excel',
    accent: '#1d6f42',
    heading: 'Accounts payable ledger - March 2026',
    table: [ledgerHeader, ...ledgerRows],
    columns: [30, 220, 560, 760, 960],
    lines: ['Matched to bank: 2 of 6'],
  },
  ledgerReconciled: {
    file: 'excel-ledger-2026-reconciled.jpg',
    windowTitle: 'Ledger 2026.xlsx - Excel',
    accent: '#1d6f42',
    heading: 'Accounts payable ledger - March 2026',
    table: [
      ledgerHeader,
      ...ledgerRows.map((row) => (row[4] === 'Paid' || row[2] === 'INV-4471' ? [...row.slice(0, 4), 'Reconciled'] : row)),
    ],
    columns: [30, 220, 560, 760, 960],
    lines: ['Matched to bank: 3 of 6', 'INV-4471 Acme Supplies 12,480.00 matched to ACH 03/10'],
  },
  bank: {
    file: 'chrome-northwind-bank.jpg',
    windowTitle: 'Northwind Bank — Business Portal - Google Chrome',
    accent: '#0b3d91',
    heading: 'Northwind Bank - Business Portal',
    lines: ['Operating account ****2231    Available balance $284,915.22'],
    table: [
      ['Date', 'Description', 'Reference', 'Amount'],
      ['03/10', 'ACH ACME SUPPLIES INC', 'INV-4471', '-12,480.00'],
      ['03/09', 'ACH GLOBEX LOGISTICS', 'INV-2210', '-3,915.50'],
      ['03/09', 'DEPOSIT CONTOSO CUSTOMER', 'RCPT-7781', '48,200.00'],
      ['03/06', 'ACH UMBRELLA FACILITIES', 'INV-5102', '-6,750.00'],
      ['03/05', 'WIRE INITECH SOFTWARE', 'PENDING', '-1,200.00'],
    ],
    columns: [30, 180, 640, 900],
  },
  netsuite: {
    file: 'chrome-netsuite-vendor-bills.jpg',
    windowTitle: 'NetSuite - Vendor Bills - Google Chrome',
    accent: '#24385b',
    heading: 'NetSuite - Vendor Bills (pending approval)',
    table: [
      ['Bill', 'Vendor', 'Due', 'Amount', 'Status'],
      ['VB-1043', 'Acme Supplies', '2026-03-20', '12,480.00', 'Pending Approval'],
      ['VB-1044', 'Initech Software', '2026-03-25', '1,200.00', 'Pending Approval'],
      ['VB-1045', 'Stark Office Supply', '2026-03-31', '842.19', 'Open'],
      ['VB-1046', 'Wayne Freight', '2026-04-02', '4,120.00', 'Open'],
    ],
    columns: [30, 180, 520, 720, 930],
    lines: ['PO 7789 linked to VB-1043 (Acme Supplies, invoice 4471)'],
  },
  inbox: {
    file: 'outlook-inbox.jpg',
    windowTitle: 'Inbox - dana@example.com - Outlook',
    accent: '#0a64ad',
    heading: 'Inbox - dana@example.com',
    table: [
      ['From', 'Subject', 'Received'],
      ['Acme Supplies', 'Invoice 4471 from Acme Supplies', '8:12 AM'],
      ['Maria Chen', 'Q3 budget review Thursday', '7:58 AM'],
      ['Globex Logistics', 'Remittance advice INV-2210', 'Yesterday'],
      ['Northwind Bank', 'Your ACH batch was received', 'Yesterday'],
      ['Raj Patel', 'IT renewals over budget?', 'Mon'],
    ],
    columns: [30, 300, 1000],
  },
  invoiceMail: {
    file: 'outlook-invoice-4471.jpg',
    windowTitle: 'Invoice 4471 from Acme Supplies - Outlook',
    accent: '#0a64ad',
    heading: 'Invoice 4471 from Acme Supplies',
    lines: [
      'From: billing@acmesupplies.example',
      'To: dana@example.com',
      '',
      'Hello Dana,',
      'please find attached invoice 4471 for the March office supplies order.',
      'Amount due: $12,480.00   Due date: March 20, 2026   PO 7789',
      'Payment by ACH to account ending 5520.',
      '',
      'Attachment: Invoice-4471.pdf',
    ],
  },
  slack: {
    file: 'slack-finance.jpg',
    windowTitle: '#finance - Contoso - Slack',
    accent: '#4a154b',
    heading: '#finance',
    lines: [
      'Maria Chen  9:20 AM',
      '   Dana, can you confirm the Acme payment went out?',
      'Dana Whitfield  9:22 AM',
      '   Invoice 4471 is approved in NetSuite, payment scheduled Friday.',
      'Raj Patel  10:05 AM',
      '   IT renewals are 11,300 over the Q3 budget, sorry',
      'Maria Chen  10:07 AM',
      '   Let us review the variance Thursday.',
    ],
  },
  invoicePdf: {
    file: 'acrobat-invoice-4471.jpg',
    windowTitle: 'Invoice-4471.pdf - Adobe Acrobat Reader',
    accent: '#b30b00',
    heading: 'ACME SUPPLIES INC - INVOICE 4471',
    lines: ['Bill to: Contoso Ltd, Accounts Payable    Invoice date: 2026-03-02    PO 7789'],
    table: [
      ['Item', 'Qty', 'Unit price', 'Total'],
      ['Copy paper A4, 500 sheets', '400', '9.20', '3,680.00'],
      ['Toner cartridge HP 26X', '40', '145.00', '5,800.00'],
      ['Ergonomic chair', '10', '300.00', '3,000.00'],
      ['Total due', '', '', '12,480.00'],
    ],
    columns: [30, 560, 720, 930],
  },
  passwordManager: {
    file: '1password-vault.jpg',
    windowTitle: '1Password',
    accent: '#1a8cff',
    heading: 'Private vault - Northwind Bank Business login',
    lines: ['username: dana@example.com', 'password: ••••••••••••', 'one-time code: 512 804'],
    dark: true,
  },
} as const satisfies Record<string, ScreenSpec>;

export type DemoScreen = keyof typeof DEMO_SCREENS;

const escapeXml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function screenSvg(spec: ScreenSpec): string {
  const fg = spec.dark ? '#f2f2f2' : '#1b1b1b';
  const parts: string[] = [
    `<rect width="${SCREEN_WIDTH}" height="${SCREEN_HEIGHT}" fill="${spec.dark ? '#1f2329' : '#ffffff'}"/>`,
    `<rect width="${SCREEN_WIDTH}" height="44" fill="${spec.accent}"/>`,
    `<text x="20" y="30" font-size="20" fill="#ffffff">${escapeXml(spec.windowTitle)}</text>`,
    `<text x="30" y="100" font-size="30" font-weight="bold" fill="${fg}">${escapeXml(spec.heading)}</text>`,
  ];
  let y = 150;
  const text = (x: number, line: string, bold = false): string =>
    `<text x="${x}" y="${y}" font-size="22"${bold ? ' font-weight="bold"' : ''} fill="${fg}">${escapeXml(line)}</text>`;
  const linesFirst = spec.table && spec.lines?.length === 1 && spec.heading.includes('Bank');
  const writeLines = (): void => {
    for (const line of spec.lines ?? []) {
      parts.push(text(30, line));
      y += 38;
    }
  };
  if (linesFirst || !spec.table) writeLines();
  if (spec.table) {
    const columns = spec.columns ?? [];
    y += 10;
    spec.table.forEach((row, r) => {
      if (r === 0) parts.push(`<rect x="20" y="${y - 28}" width="${SCREEN_WIDTH - 40}" height="38" fill="${spec.accent}" opacity="0.15"/>`);
      row.forEach((cell, c) => parts.push(text(columns[c] ?? 30 + c * 220, cell, r === 0)));
      parts.push(`<line x1="20" x2="${SCREEN_WIDTH - 20}" y1="${y + 12}" y2="${y + 12}" stroke="#c8c8c8"/>`);
      y += 46;
    });
    y += 20;
    if (!linesFirst) writeLines();
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SCREEN_WIDTH}" height="${SCREEN_HEIGHT}" font-family="DejaVu Sans">${parts.join('')}</svg>`;
}

/** One screen as a JPEG (small: text on flat colour compresses well). */
export function renderScreen(screen: DemoScreen): Promise<Buffer> {
  return sharp(Buffer.from(screenSvg(DEMO_SCREENS[screen])))
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
}
