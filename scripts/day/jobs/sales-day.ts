import { fillTo, minutes, stretch, stretchesOf, windowOf, type JobDay, type JobSegment } from '../job-day';
import type { ScreenSpec } from '../screen-render';

/**
 * Priya Raman, mid-market account executive at Brightwave Analytics: a Tuesday closing the Halvorsen
 * Foods renewal (CRM, mail, a quote, the deal desk in Slack, contract redlines, the signature), a
 * discovery call on Zoom, phone calls, the forecast sheet, an expense report and lunch.
 */
const chrome = 'Google Chrome';
const outlook = 'Microsoft Outlook';
const excel = 'Microsoft Excel';
const sfBlue = '#0176d3';

const pipelineRow = (stage482: string, stage517: string, stage503: string) => [
  ['Opportunity', 'ID', 'Stage', 'Amount', 'Close'],
  ['Halvorsen Foods - Enterprise Renewal', 'OPP-00482', stage482, '$148,500.00', '4/30/2026'],
  ['Kestrel Logistics - New Business', 'OPP-00517', stage517, '$62,000.00', '6/15/2026'],
  ['Pinecrest Dental Group - Expansion', 'OPP-00503', stage503, '$24,750.00', '5/8/2026'],
  ['Coldwater Mills - New Business', 'OPP-00521', 'Qualification', '$38,000.00', '6/30/2026'],
  ['Orchard Lane Clinics - Renewal', 'OPP-00469', 'Closed Lost', '$18,900.00', '4/2/2026'],
];

const forecast = (closedWon: string, note: string): ScreenSpec => ({
  file: closedWon === '$96,200' ? 'sales-excel-forecast.jpg' : 'sales-excel-forecast-late.jpg',
  windowTitle: 'Q2 Forecast - Priya Raman.xlsx - Excel',
  accent: '#1d6f42',
  heading: 'Q2 2026 Forecast - Priya Raman (Mid-Market West)',
  table: [
    ['Category', 'Amount', 'Deals'],
    ['Quota', '$450,000', ''],
    ['Closed Won', closedWon, closedWon === '$96,200' ? '3' : '4'],
    ['Commit', '$412,000', '5'],
    ['Best Case', '$598,500', '8'],
    ['Pipeline', '$1,240,000', '19'],
  ],
  columns: [30, 420, 760],
  after: ['Gap to quota (commit): $38,000', note],
});

const quote = (file: string, status: string, last: string): ScreenSpec => ({
  file,
  windowTitle: 'Halvorsen Foods - Quote Q-20418 - PandaDoc - Google Chrome',
  accent: '#248567',
  heading: 'Quote Q-20418 - Halvorsen Foods',
  table: [
    ['Item', 'Qty', 'Unit price', 'Total'],
    ['Brightwave Analytics Enterprise (annual)', '250', '$630.00', '$157,500.00'],
    ['Premium support', '1', '$11,250.00', '$11,250.00'],
    ['Discount (12%, 3-year term)', '', '', '-$20,250.00'],
    ['Annual total', '', '', '$148,500.00'],
  ],
  columns: [30, 620, 760, 1000],
  after: [`Status: ${status}      Valid until: April 30, 2026`, 'Prepared by Priya Raman for Ingrid Halvorsen (Halvorsen Foods)', last],
});

const opportunity = (file: string, stage: string, closeNote: string): ScreenSpec => ({
  file,
  windowTitle: 'Halvorsen Foods - Enterprise Renewal | Opportunity | Salesforce - Google Chrome',
  accent: sfBlue,
  heading: 'Opportunity: Halvorsen Foods - Enterprise Renewal',
  before: [
    'Opportunity ID: OPP-00482      Account: Halvorsen Foods',
    `Stage: ${stage}      Amount: $148,500.00      Close Date: 4/30/2026`,
    'Opportunity Owner: Priya Raman      Probability: 75%',
    'Primary Contact: Ingrid Halvorsen (VP Operations)',
    closeNote,
  ],
  table: [
    ['Activity', 'Date', 'By'],
    ['Email: RE: Pricing for 250 seats', '4/14/2026', 'Ingrid Halvorsen'],
    ['Call: pricing and term', '4/14/2026', 'Priya Raman'],
    ['Call: renewal kickoff', '4/2/2026', 'Priya Raman'],
  ],
  columns: [30, 640, 900],
});

const kestrel = (file: string, stage: string, next: string): ScreenSpec => ({
  file,
  windowTitle: 'Kestrel Logistics - New Business | Opportunity | Salesforce - Google Chrome',
  accent: sfBlue,
  heading: 'Opportunity: Kestrel Logistics - New Business',
  before: [
    'Opportunity ID: OPP-00517      Account: Kestrel Logistics',
    `Stage: ${stage}      Amount: $62,000.00      Close Date: 6/15/2026`,
    'Primary Contact: Tom Okafor (Head of Fleet Operations)',
    'Other contacts: Lena Fischer (IT Manager)',
    next,
    'Notes: 340 trucks, 6 depots; dispatch runs on spreadsheets today.',
  ],
});

const screens = {
  inbox: {
    file: 'sales-outlook-inbox.jpg',
    windowTitle: 'Inbox - priya.raman@brightwave.io - Outlook',
    accent: '#0a64ad',
    heading: 'Inbox - priya.raman@brightwave.io',
    table: [
      ['From', 'Subject', 'Received', 'Flag'],
      ['Ingrid Halvorsen', 'RE: Pricing for 250 seats', '7:42 AM', ''],
      ['Lena Fischer', 'Security questionnaire for Brightwave', 'Mon', 'Reply by Apr 16'],
      ['Marcus Lee', 'Deal desk: discount approvals this week', 'Mon', ''],
      ['Salesforce', 'OPP-00503 stage changed to Proposal', 'Mon', ''],
      ['Concur', 'Expense report ER-20931 is ready to submit', 'Fri', ''],
    ],
    columns: [30, 270, 840, 1010],
    fontSize: 18,
  },
  inboxLate: {
    file: 'sales-outlook-inbox-late.jpg',
    windowTitle: 'Inbox - priya.raman@brightwave.io - Outlook',
    accent: '#0a64ad',
    heading: 'Inbox - priya.raman@brightwave.io',
    table: [
      ['From', 'Subject', 'Received', 'Flag'],
      ['PandaDoc', 'Ingrid Halvorsen completed Quote Q-20418', '3:21 PM', ''],
      ['Hannah Cole', 'Congrats on Halvorsen! Forecast call Friday 9:00', '3:50 PM', ''],
      ['Lena Fischer', 'Security questionnaire for Brightwave', 'Mon', 'Reply by Apr 16'],
      ['Concur', 'ER-20931 submitted for approval', '1:40 PM', ''],
    ],
    columns: [30, 270, 860, 1010],
    fontSize: 18,
  },
  halvorsenMail: {
    file: 'sales-outlook-halvorsen-mail.jpg',
    windowTitle: 'RE: Pricing for 250 seats - Message (HTML) - Outlook',
    accent: '#0a64ad',
    heading: 'RE: Pricing for 250 seats',
    before: [
      'From: Ingrid Halvorsen <ingrid.halvorsen@halvorsenfoods.com>',
      'To: Priya Raman <priya.raman@brightwave.io>',
      'Cc: Marcus Lee <marcus.lee@brightwave.io>',
      'Sent: Tuesday, April 14, 2026 7:42 AM',
      '',
      'Priya,',
      'we can sign a 3-year term for 250 seats if the price lands at or under $148,500 a year.',
      'Legal still has two redlines on the MSA (sections 7.2 and 11.4).',
      'Can you send a revised quote by Thursday?',
      '',
      'Ingrid Halvorsen, VP Operations, Halvorsen Foods',
    ],
  },
  opportunity: opportunity('sales-sf-halvorsen.jpg', 'Negotiation', 'Next Step: Revised quote Q-20418 to Ingrid by Thursday'),
  opportunityWon: opportunity('sales-sf-halvorsen-won.jpg', 'Closed Won', 'Next Step: Hand over to onboarding (signed 4/14/2026)'),
  kestrelBefore: kestrel('sales-sf-kestrel.jpg', 'Discovery', 'Next Step: Discovery call on Zoom 4/14 10:00'),
  kestrelAfter: kestrel(
    'sales-sf-kestrel-demo.jpg',
    'Demo Scheduled',
    'Next Step: Product demo scheduled Apr 21, 2026 10:00 with Sam Oyelaran',
  ),
  pinecrest: {
    file: 'sales-sf-pinecrest.jpg',
    windowTitle: 'Pinecrest Dental Group - Expansion | Opportunity | Salesforce - Google Chrome',
    accent: sfBlue,
    heading: 'Opportunity: Pinecrest Dental Group - Expansion',
    before: [
      'Opportunity ID: OPP-00503      Account: Pinecrest Dental Group',
      'Stage: Waiting on Legal      Amount: $24,750.00      Close Date: 5/8/2026',
      'Primary Contact: Nadia Brooks (Practice Operations Director)',
      'Next Step: follow up with Nadia on Apr 21',
      '',
      'Call notes 4/14: their counsel wants the DPA signed before the order form,',
      'because patient data falls under HIPAA.',
    ],
  },
  pipeline: {
    file: 'sales-sf-pipeline.jpg',
    windowTitle: 'My Opportunities | Salesforce - Google Chrome',
    accent: sfBlue,
    heading: 'My Opportunities - Q2 2026',
    table: pipelineRow('Negotiation', 'Discovery', 'Proposal'),
    columns: [30, 470, 640, 850, 1060],
    fontSize: 17,
  },
  pipelineLate: {
    file: 'sales-sf-pipeline-late.jpg',
    windowTitle: 'My Opportunities | Salesforce - Google Chrome',
    accent: sfBlue,
    heading: 'My Opportunities - Q2 2026',
    table: pipelineRow('Closed Won', 'Demo Scheduled', 'Waiting on Legal'),
    columns: [30, 470, 640, 850, 1060],
    fontSize: 17,
  },
  quoteDraft: quote('sales-pandadoc-quote-draft.jpg', 'Draft', 'Discount needs deal desk approval above 10%'),
  quoteApproved: quote(
    'sales-pandadoc-quote-approved.jpg',
    'Approved',
    'Approved by Marcus Lee (deal desk); sent to Ingrid Halvorsen 10:58 AM',
  ),
  quoteSigned: quote('sales-pandadoc-quote-signed.jpg', 'Completed', 'Signed by Ingrid Halvorsen on April 14, 2026 at 3:21 PM'),
  dealDeskAsk: {
    file: 'sales-slack-deal-desk-ask.jpg',
    windowTitle: '#deal-desk - Brightwave - Slack',
    accent: '#4a154b',
    heading: '#deal-desk',
    before: [
      'Priya Raman  9:36 AM',
      '   Requesting 12% on Q-20418 (Halvorsen Foods, 250 seats, $148,500/yr).',
      '   Customer asked for it in writing by Thursday.',
    ],
  },
  dealDeskApproved: {
    file: 'sales-slack-deal-desk-approved.jpg',
    windowTitle: '#deal-desk - Brightwave - Slack',
    accent: '#4a154b',
    heading: '#deal-desk',
    before: [
      'Priya Raman  9:36 AM',
      '   Requesting 12% on Q-20418 (Halvorsen Foods, 250 seats, $148,500/yr).',
      '   Customer asked for it in writing by Thursday.',
      'Marcus Lee  10:31 AM',
      '   Approved 12% because they committed to a 3-year term. Max 15% next time.',
      'Priya Raman  10:48 AM',
      '   Thanks Marcus! Sending it now.',
    ],
  },
  wins: {
    file: 'sales-slack-wins.jpg',
    windowTitle: '#wins - Brightwave - Slack',
    accent: '#4a154b',
    heading: '#wins',
    before: [
      'Priya Raman  3:41 PM',
      '   Halvorsen Foods renewal is Closed Won: $148,500/yr, 3-year term, 250 seats.',
      'Hannah Cole  3:44 PM',
      '   Huge, Priya! That puts Mid-Market West at 54% of quota.',
    ],
  },
  zoom: {
    file: 'sales-zoom-kestrel.jpg',
    windowTitle: 'Zoom Meeting',
    accent: '#0b5cff',
    heading: 'Kestrel Logistics <> Brightwave - Discovery call',
    before: [
      'Participants (4)',
      '   Priya Raman (Host, me)',
      '   Tom Okafor (Kestrel Logistics)',
      '   Lena Fischer (Kestrel Logistics)',
      '   Sam Oyelaran (Brightwave, Sales Engineer)',
      '',
      'Meeting ID: 812 4406 1937',
      'Chat - Tom Okafor: We run 340 trucks across 6 depots; dispatch is all spreadsheets.',
      'Chat - Lena Fischer: I will need your SOC 2 report before any pilot.',
    ],
  },
  callIngrid: {
    file: 'sales-aircall-ingrid.jpg',
    windowTitle: 'Aircall - On call with Ingrid Halvorsen',
    accent: '#00b388',
    heading: 'On call with Ingrid Halvorsen',
    before: [
      'Halvorsen Foods - +1 (503) 555-0142',
      'Linked to: OPP-00482 Halvorsen Foods - Enterprise Renewal',
      'Notes: wants 3-year term, asks for revised quote',
    ],
  },
  callNadia: {
    file: 'sales-aircall-nadia.jpg',
    windowTitle: 'Aircall - On call with Nadia Brooks',
    accent: '#00b388',
    heading: 'On call with Nadia Brooks',
    before: [
      'Pinecrest Dental Group - +1 (971) 555-0118',
      'Linked to: OPP-00503 Pinecrest Dental Group - Expansion',
      'Notes: counsel reviewing the DPA',
    ],
  },
  callLog: {
    file: 'sales-aircall-log.jpg',
    windowTitle: 'Aircall - Call history',
    accent: '#00b388',
    heading: 'Call history - Today',
    table: [
      ['Time', 'Contact', 'Company', 'Length', 'Outcome'],
      ['8:19 AM', 'Ingrid Halvorsen', 'Halvorsen Foods', '6m 00s', 'Connected'],
      ['1:05 PM', 'Nadia Brooks', 'Pinecrest Dental Group', '14m 00s', 'Connected'],
      ['1:21 PM', 'Arjun Mehta', 'Coldwater Mills', '0m 00s', 'No answer'],
    ],
    columns: [30, 170, 420, 800, 960],
    fontSize: 18,
  },
  forecast: forecast('$96,200', 'Updated Apr 13 for the Friday roll-up'),
  forecastLate: forecast('$244,700', 'Updated Apr 14: Halvorsen Foods moved to Closed Won'),
  msa: {
    file: 'sales-acrobat-msa-redlines.jpg',
    windowTitle: 'Halvorsen_MSA_v3_redlines.pdf - Adobe Acrobat Reader',
    accent: '#b30b00',
    heading: 'Master Services Agreement - Halvorsen Foods (v3, redlines)',
    before: [
      'Section 7.2 Limitation of liability: cap raised from 12 to 24 months of fees (Halvorsen legal)',
      'Section 11.4 Termination for convenience: 90 days notice (Halvorsen legal)',
      '',
      'Comment (Grace Lin, Brightwave Legal): accept the 24-month cap,',
      'because the customer carries its own cyber insurance. Keep 90 days in 11.4.',
    ],
    fontSize: 19,
  },
  salesNav: {
    file: 'sales-linkedin-arjun.jpg',
    windowTitle: 'Arjun Mehta | Sales Navigator - Google Chrome',
    accent: '#0a66c2',
    heading: 'Arjun Mehta - Director of Procurement, Coldwater Mills',
    before: [
      'Lead saved to list: Q2 Manufacturing West      Linked opportunity: OPP-00521',
      '',
      'Messages',
      'Arjun Mehta  Apr 13',
      '   Thanks Priya - happy to talk next week. What times work for you?',
      'Status: Needs reply',
    ],
  },
  calendar: {
    file: 'sales-outlook-calendar.jpg',
    windowTitle: 'Calendar - priya.raman@brightwave.io - Outlook',
    accent: '#0a64ad',
    heading: 'Tuesday, April 14, 2026',
    table: [
      ['Time', 'Event', 'Where'],
      ['10:00 - 10:45', 'Kestrel Logistics discovery call', 'Zoom'],
      ['13:05 - 13:20', 'Call Nadia Brooks (Pinecrest)', 'Aircall'],
      ['Fri 9:00', 'Forecast call with Hannah Cole', 'Zoom'],
    ],
    columns: [30, 260, 900],
  },
  expense: {
    file: 'sales-concur-expense.jpg',
    windowTitle: 'Expense Report ER-20931 - SAP Concur - Google Chrome',
    accent: '#0a3e6b',
    heading: 'Expense Report ER-20931 - April client visits',
    table: [
      ['Date', 'Expense', 'Amount'],
      ['04/09/2026', 'Client lunch - Halvorsen Foods', '$86.40'],
      ['04/09/2026', 'Mileage 212 km', '$141.45'],
      ['04/10/2026', 'Parking - Kestrel Logistics HQ', '$85.00'],
      ['', 'Report total', '$312.85'],
    ],
    columns: [30, 260, 900],
    after: ['Status: Submitted      Approver: Hannah Cole'],
  },
  vault: {
    file: 'sales-bitwarden.jpg',
    windowTitle: 'Bitwarden',
    accent: '#175ddc',
    heading: 'My Vault - Salesforce (brightwave.my.salesforce.com)',
    before: ['Username: priya.raman@brightwave.io', 'Password: ••••••••••', 'Verification code (TOTP): 441 902'],
    dark: true,
  },
} as const satisfies Record<string, ScreenSpec>;

const w = windowOf(screens);

const windows = {
  inbox: w(outlook, 'inbox'),
  inboxLate: w(outlook, 'inboxLate'),
  halvorsenMail: w(outlook, 'halvorsenMail'),
  calendar: w(outlook, 'calendar'),
  opportunity: w(chrome, 'opportunity'),
  opportunityWon: w(chrome, 'opportunityWon'),
  kestrelBefore: w(chrome, 'kestrelBefore'),
  kestrelAfter: w(chrome, 'kestrelAfter'),
  pinecrest: w(chrome, 'pinecrest'),
  pipeline: w(chrome, 'pipeline'),
  pipelineLate: w(chrome, 'pipelineLate'),
  quoteDraft: w(chrome, 'quoteDraft'),
  quoteApproved: w(chrome, 'quoteApproved'),
  quoteSigned: w(chrome, 'quoteSigned'),
  salesNav: w(chrome, 'salesNav'),
  expense: w(chrome, 'expense'),
  dealDeskAsk: w('Slack', 'dealDeskAsk'),
  dealDeskApproved: w('Slack', 'dealDeskApproved'),
  wins: w('Slack', 'wins'),
  zoom: w('Zoom', 'zoom'),
  callIngrid: w('Aircall', 'callIngrid'),
  callNadia: w('Aircall', 'callNadia'),
  callLog: w('Aircall', 'callLog'),
  forecast: w(excel, 'forecast'),
  forecastLate: w(excel, 'forecastLate'),
  msa: w('Adobe Acrobat Reader', 'msa'),
  vault: w('Bitwarden', 'vault', { private: true }),
};

type Window = keyof typeof windows;

export const SALES_DAY: JobDay = {
  id: 'sales',
  job: 'Account executive',
  user: { name: 'Priya Raman', email: 'priya.raman@brightwave.io' },
  startIso: '2026-04-14T08:00:00.000Z',
  seed: 482,
  screens,
  windows,
  schedule(): JobSegment[] {
    const s = stretchesOf<Window>(SALES_DAY);
    const day: JobSegment[] = [
      s('inbox', 6), // 08:00
      s('halvorsenMail', 5, 'reading'), // 08:06
      s('opportunity', 8), // 08:11
      s('callIngrid', 6, 'reading'), // 08:19
      s('pipeline', 10), // 08:25
      s('forecast', 14), // 08:35
      s('calendar', 3), // 08:49
      s('salesNav', 7, 'reading'), // 08:52
      s('inbox', 4), // 08:59
      s('quoteDraft', 32), // 09:03
      s('dealDeskAsk', 3), // 09:35
      s('msa', 12, 'reading'), // 09:38
      s('kestrelBefore', 8), // 09:50
      s('zoom', 42, 'reading', {
        kind: 'meeting',
        name: 'Kestrel Logistics discovery call',
        attendees: ['Tom Okafor', 'Lena Fischer', 'Sam Oyelaran'],
      }), // 09:58
      s('kestrelAfter', 8), // 10:40
      s('dealDeskApproved', 4), // 10:48
      s('quoteApproved', 10), // 10:52
      s('quoteApproved', 6, 'away', { kind: 'break', name: 'coffee' }), // 11:02
      s('msa', 10, 'reading'), // 11:08
      s('inbox', 5), // 11:18
      s('salesNav', 3), // 11:23
      s('pipeline', 8), // 11:26
      s('forecast', 12), // 11:34
      stretch(SALES_DAY, 'pipeline', 150, 'away'), // 11:46 a colleague's question, under the idle threshold
      stretch(SALES_DAY, 'inbox', 990), // 11:48:30
      s('inbox', 45, 'away', { kind: 'lunch' }), // 12:05
      s('dealDeskApproved', 3), // 12:50
      stretch(SALES_DAY, 'vault', 45), // 12:53
      stretch(SALES_DAY, 'pinecrest', 675), // 12:53:45
      s('callNadia', 14, 'reading'), // 13:05
      s('pinecrest', 6), // 13:19
      s('callLog', 4), // 13:25
      s('expense', 12), // 13:29
      s('salesNav', 8), // 13:41
      s('salesNav', 5, 'away', { kind: 'break', name: 'a colleague at the desk' }), // 13:49
      s('forecast', 10), // 13:54
      s('kestrelAfter', 6), // 14:04
      s('inbox', 6), // 14:10
      s('msa', 8, 'reading'), // 14:16
      s('quoteApproved', 6), // 14:24
      s('pipeline', 8), // 14:30
      s('halvorsenMail', 4, 'reading'), // 14:38
      s('opportunity', 10), // 14:42
      s('calendar', 3), // 14:52
      s('forecast', 15), // 14:55
      s('salesNav', 6), // 15:10
      s('inbox', 8), // 15:16
      s('quoteSigned', 8), // 15:24
      s('opportunityWon', 8), // 15:32
      s('wins', 4), // 15:40
      s('pipelineLate', 8), // 15:44
      s('forecastLate', 14), // 15:52
    ];
    return fillTo(minutes(8 * 60 + 20), day, (rest) => stretch(SALES_DAY, 'inboxLate', rest)); // 16:06 to 16:20
  },
  interview: {
    'What is your name?': 'Priya Raman',
    'What is your role, and what does a good week look like in it?':
      'Account executive, mid-market west; a good week moves two deals a stage and closes one.',
    'Which team are you on, and who do you work with most?':
      'Mid-Market sales at Brightwave Analytics; I report to Hannah Cole and work with Marcus Lee on the deal desk and Sam Oyelaran, our sales engineer.',
    'Which systems and apps do you use for your work?':
      'Salesforce (our CRM), PandaDoc for quotes, Outlook, Slack, Zoom, Aircall, LinkedIn Sales Navigator, Excel for the forecast, SAP Concur for expenses.',
    'What are you responsible for?': 'New business and renewals for mid-market accounts in the western region, and my quarterly forecast.',
    'Which tasks come back every day, week or month?':
      'Daily: log calls and update opportunity stages. Weekly: forecast roll-up on Friday. Monthly: expense report.',
    'Which apps or windows should never be observed?': 'Bitwarden and private browser windows.',
    'Why do you keep the forecast spreadsheet next to Salesforce?':
      'Hannah builds the Friday roll-up from the spreadsheet, so I update both.',
  },
  truth: {
    items: [
      {
        id: 'OPP-00482',
        kind: 'deal',
        title: 'Halvorsen Foods - Enterprise Renewal',
        aliases: ['Halvorsen Foods', 'Q-20418'],
        people: { 'primary contact': 'Ingrid Halvorsen', owner: 'Priya Raman' },
        amounts: { amount: '$148,500.00' },
        dates: { 'close date': '4/30/2026' },
        states: {
          opportunity: ['Negotiation', 'in progress'],
          pipeline: ['Negotiation', 'in progress'],
          opportunityWon: ['Closed Won', 'done'],
          pipelineLate: ['Closed Won', 'done'],
        },
      },
      {
        id: 'OPP-00517',
        kind: 'deal',
        title: 'Kestrel Logistics - New Business',
        aliases: ['Kestrel Logistics'],
        people: { 'primary contact': 'Tom Okafor', contact: 'Lena Fischer' },
        amounts: { amount: '$62,000.00' },
        dates: { demo: 'Apr 21, 2026 10:00' },
        states: {
          pipeline: ['Discovery', 'in progress'],
          kestrelBefore: ['Discovery', 'in progress'],
          kestrelAfter: ['Demo Scheduled', 'scheduled'],
          pipelineLate: ['Demo Scheduled', 'scheduled'],
        },
      },
      {
        id: 'OPP-00503',
        kind: 'deal',
        title: 'Pinecrest Dental Group - Expansion',
        aliases: ['Pinecrest Dental Group'],
        people: { 'primary contact': 'Nadia Brooks' },
        amounts: { amount: '$24,750.00' },
        states: {
          pipeline: ['Proposal', 'in progress'],
          pinecrest: ['Waiting on Legal', 'waiting'],
          pipelineLate: ['Waiting on Legal', 'waiting'],
        },
      },
      {
        id: 'OPP-00521',
        kind: 'deal',
        title: 'Coldwater Mills - New Business',
        aliases: ['Coldwater Mills'],
        people: { lead: 'Arjun Mehta' },
        amounts: { amount: '$38,000.00' },
        states: { pipeline: ['Qualification', 'open'], pipelineLate: ['Qualification', 'open'] },
      },
      {
        id: 'OPP-00469',
        kind: 'deal',
        title: 'Orchard Lane Clinics - Renewal',
        aliases: ['Orchard Lane Clinics'],
        amounts: { amount: '$18,900.00' },
        states: { pipeline: ['Closed Lost', 'declined'], pipelineLate: ['Closed Lost', 'declined'] },
      },
      {
        id: 'Q-20418',
        kind: 'quote',
        title: 'Quote Q-20418 - Halvorsen Foods',
        people: { 'approved by': 'Marcus Lee', 'signed by': 'Ingrid Halvorsen' },
        amounts: { 'annual total': '$148,500.00', discount: '12%' },
        dates: { 'valid until': 'April 30, 2026', signed: '3:21 PM' },
        states: {
          quoteDraft: ['Draft', 'open'],
          quoteApproved: ['Approved', 'approved'],
          quoteSigned: ['Completed', 'done'],
        },
      },
      {
        id: 'ER-20931',
        kind: 'expense report',
        title: 'April client visits',
        people: { approver: 'Hannah Cole' },
        amounts: { 'report total': '$312.85' },
        states: { expense: ['Submitted', 'waiting'] },
      },
      {
        id: 'Halvorsen_MSA_v3_redlines.pdf',
        kind: 'document',
        title: 'Master Services Agreement - Halvorsen Foods (v3, redlines)',
        people: { 'commented by': 'Grace Lin' },
      },
    ],
    people: [
      { name: 'Ingrid Halvorsen', role: 'VP Operations, Halvorsen Foods' },
      { name: 'Marcus Lee', role: 'deal desk' },
      { name: 'Tom Okafor', role: 'Head of Fleet Operations, Kestrel Logistics' },
      { name: 'Lena Fischer', role: 'IT Manager, Kestrel Logistics' },
      { name: 'Sam Oyelaran', role: 'Sales Engineer' },
      { name: 'Nadia Brooks', role: 'Practice Operations Director, Pinecrest Dental Group' },
      { name: 'Arjun Mehta', role: 'Director of Procurement, Coldwater Mills' },
      { name: 'Grace Lin', role: 'Brightwave Legal' },
      { name: 'Hannah Cole', role: 'sales manager' },
    ],
    organisations: [
      'Halvorsen Foods',
      'Kestrel Logistics',
      'Pinecrest Dental Group',
      'Coldwater Mills',
      'Orchard Lane Clinics',
      'Brightwave',
    ],
    hosts: [],
    documents: ['Halvorsen_MSA_v3_redlines.pdf', 'Q2 Forecast - Priya Raman.xlsx', 'Quote Q-20418'],
    links: ['ingrid.halvorsen@halvorsenfoods.com'],
    reasons: [
      { about: 'the 12% discount was approved', text: 'they committed to a 3-year term', screen: 'dealDeskApproved' },
      { about: 'Pinecrest waits on legal', text: 'patient data falls under HIPAA', screen: 'pinecrest' },
      { about: 'accepting the 24-month liability cap', text: 'the customer carries its own cyber insurance', screen: 'msa' },
    ],
    owedReplies: ['Lena Fischer', 'Arjun Mehta'],
  },
};
