import { fillTo, minutes, stretch, stretchesOf, windowOf, type JobDay, type JobSegment } from '../job-day';
import type { ScreenSpec } from '../screen-render';

/**
 * Owen Brooks, litigation paralegal at Castellan & Reyes LLP: a Thursday on Marsh v. Kettering
 * Holdings (a motion drafted in Word, a stipulated motion filed in CM/ECF and granted the same day,
 * a deposition transcript, the privilege log, the settlement numbers, a strategy meeting on Teams)
 * and a probate matter waiting on its client, with billing in Clio, research and lunch.
 */
const chrome = 'Google Chrome';
const clio = '#0069b4';

const matter = (file: string, fileTaskStatus: string): ScreenSpec => ({
  file,
  windowTitle: 'Marsh v. Kettering Holdings - 2026-0147 - Clio - Google Chrome',
  accent: clio,
  heading: 'Matter 2026-0147: Marsh v. Kettering Holdings',
  before: [
    'Client: Delia Marsh      Responsible attorney: Rafael Reyes',
    'Court: U.S. District Court, District of Oregon      Case No. 3:26-cv-01482-SB',
    'Opposing party: Kettering Holdings, Inc.      Opposing counsel: Nina Albright (Sterling Pike LLP)',
    'Trust balance: $8,640.00      Unbilled time: 14.6 h',
  ],
  table: [
    ['Task', 'Due', 'Assignee', 'Status'],
    ['Draft motion to compel production', 'Sep 21, 2026', 'Owen Brooks', 'In progress'],
    ['File stipulated motion to extend time', 'Sep 17, 2026', 'Owen Brooks', fileTaskStatus],
  ],
  columns: [30, 560, 780, 1000],
  fontSize: 18,
});

const inbox = (file: string, first: readonly string[]): ScreenSpec => ({
  file,
  windowTitle: 'Inbox - obrooks@castellanreyes.law - Outlook',
  accent: '#0a64ad',
  heading: 'Inbox - obrooks@castellanreyes.law',
  table: [
    ['From', 'Subject', 'Received', 'Flag'],
    first,
    ['Nina Albright', 'Marsh v. Kettering - settlement and second deposition day', '8:02 AM', 'Follow up'],
    ['Ruth Greaves', 'Estate inventory - anything else you need?', 'Wed', 'Follow up'],
    ['Clio', 'Invoice INV-22817 viewed by Delia Marsh', 'Wed', ''],
    ['Rafael Reyes', 'Status conference moved to Oct 6', 'Tue', ''],
  ],
  columns: [30, 250, 930, 1080],
  fontSize: 17,
});

const screens = {
  inbox: inbox('paralegal-outlook-inbox.jpg', ['Camille Ortiz', 'Exhibit list for the status conference', '7:48 AM', '']),
  inboxLate: inbox('paralegal-outlook-inbox-late.jpg', ['ECF Notice', 'Order on motion ECF No. 31 (3:26-cv-01482-SB)', '4:11 PM', '']),
  albrightMail: {
    file: 'paralegal-outlook-albright.jpg',
    windowTitle: 'Marsh v. Kettering - settlement and second deposition day - Message (HTML)',
    accent: '#0a64ad',
    heading: 'Marsh v. Kettering - settlement and second deposition day',
    before: [
      'From: Nina Albright <nalbright@sterlingpike.com>',
      'To: Rafael Reyes <rreyes@castellanreyes.law>',
      'Cc: Owen Brooks <obrooks@castellanreyes.law>; Camille Ortiz <cortiz@castellanreyes.law>',
      'Sent: Thursday, September 17, 2026 8:02 AM',
      '',
      'Counsel,',
      'Kettering Holdings rejects the $1,250,000 demand. Our client offers $350,000 to resolve all claims.',
      'Separately, please confirm by Friday, September 18 whether Ms. Marsh will sit for a',
      'second deposition day.',
      'Nina Albright, Sterling Pike LLP, counsel for Defendant',
    ],
    fontSize: 19,
  },
  calendar: {
    file: 'paralegal-outlook-calendar.jpg',
    windowTitle: 'Calendar - obrooks@castellanreyes.law - Outlook',
    accent: '#0a64ad',
    heading: 'Calendar - September and October 2026',
    table: [
      ['Date', 'Time', 'Event', 'Where'],
      ['Sep 17', '10:00', 'Marsh v. Kettering - case strategy', 'Teams'],
      ['Sep 21', '09:00', 'File motion to compel (Marsh)', 'CM/ECF'],
      ['Oct 1', 'all day', 'Greaves inventory due', 'Multnomah County'],
      ['Oct 6', '9:00 AM', 'Status conference - Marsh v. Kettering', 'Courtroom 12B'],
    ],
    columns: [30, 160, 320, 900],
    fontSize: 18,
  },
  matter: matter('paralegal-clio-marsh.jpg', 'Open'),
  matterLate: matter('paralegal-clio-marsh-late.jpg', 'Done'),
  greaves: {
    file: 'paralegal-clio-greaves.jpg',
    windowTitle: 'Estate of Lionel Greaves - 2026-0162 - Clio - Google Chrome',
    accent: clio,
    heading: 'Matter 2026-0162: Estate of Lionel Greaves',
    before: [
      'Client: Ruth Greaves (personal representative)      Responsible attorney: Camille Ortiz',
      'Court: Multnomah County Circuit Court, Probate      Case No. PR-26-0391',
      'Inventory due: Oct 1, 2026      Status: Waiting on client',
      'Notes: still need the Pacific Coast Credit Union statements for June to August.',
      'Probate filing fee paid: $265.00',
    ],
    fontSize: 19,
  },
  billing: {
    file: 'paralegal-clio-billing.jpg',
    windowTitle: 'Billing - Clio - Google Chrome',
    accent: clio,
    heading: 'Bills',
    table: [
      ['Invoice', 'Client', 'Matter', 'Amount', 'Status'],
      ['INV-22817', 'Delia Marsh', '2026-0147', '$18,240.00', 'Unpaid'],
      ['INV-22790', 'Ruth Greaves', '2026-0162', '$3,150.00', 'Paid'],
      ['INV-22802', 'Tallis Robotics', '2026-0109', '$6,400.00', 'Overdue'],
    ],
    columns: [30, 230, 500, 720, 960],
  },
  ecfUpload: {
    file: 'paralegal-cmecf-upload.jpg',
    windowTitle: 'CM/ECF - U.S. District Court, District of Oregon - Google Chrome',
    accent: '#1f3864',
    heading: 'Civil Events - Motions',
    before: [
      'Case number: 3:26-cv-01482-SB      Marsh v. Kettering Holdings, Inc.',
      'Event: Stipulated Motion to Extend Time to Complete Discovery',
      'Main document: Stip_Extend_Discovery.pdf (4 pages)',
      'Filer: Rafael Reyes (by Owen Brooks)',
      'Attorney login: rreyes (District of Oregon)',
    ],
  },
  ecfFiling: {
    file: 'paralegal-cmecf-nef.jpg',
    windowTitle: 'CM/ECF - U.S. District Court, District of Oregon - Google Chrome',
    accent: '#1f3864',
    heading: 'Notice of Electronic Filing',
    before: [
      'Case: 3:26-cv-01482-SB Marsh v. Kettering Holdings, Inc.',
      'Document: ECF No. 31 - Stipulated Motion to Extend Time to Complete Discovery',
      'Filer: Rafael Reyes (by Owen Brooks)',
      'Entered: 9/17/2026 at 11:42 AM',
      'Status: Filed',
      'Notice sent to: Nina Albright (nalbright@sterlingpike.com)',
    ],
  },
  ecfOrder: {
    file: 'paralegal-cmecf-order.jpg',
    windowTitle: 'CM/ECF - U.S. District Court, District of Oregon - Google Chrome',
    accent: '#1f3864',
    heading: 'ECF No. 32 - ORDER',
    before: [
      'Case: 3:26-cv-01482-SB Marsh v. Kettering Holdings, Inc.',
      'ORDER on Stipulated Motion to Extend Time (ECF No. 31): GRANTED.',
      'Discovery deadline extended to November 20, 2026.',
      'Status conference remains set for October 6, 2026 at 9:00 AM in Courtroom 12B.',
      'Signed by Magistrate Judge Sara Bennett on 9/17/2026.',
    ],
  },
  motion: {
    file: 'paralegal-word-motion.jpg',
    windowTitle: 'Motion to Compel - Marsh v Kettering.docx - Word',
    accent: '#185abd',
    heading: "PLAINTIFF'S MOTION TO COMPEL PRODUCTION",
    before: [
      'Case No. 3:26-cv-01482-SB',
      'DRAFT - do not file before Monday, September 21, 2026',
      '',
      'Plaintiff Delia Marsh moves for an order compelling Defendant Kettering Holdings, Inc.',
      'to produce the board minutes requested in Request for Production No. 14,',
      'including the minutes of the March 12, 2024 board meeting (Harlan Dep. 87:3-12).',
      '',
      'LR 7-1 certification: counsel conferred by letter on September 16, 2026.',
      'Rafael Reyes, Castellan & Reyes LLP, attorneys for Plaintiff',
    ],
  },
  strategy: {
    file: 'paralegal-teams-strategy.jpg',
    windowTitle: 'Marsh v. Kettering - case strategy | Microsoft Teams',
    accent: '#464eb8',
    heading: 'Marsh v. Kettering - case strategy',
    before: [
      'Participants (4)',
      '   Rafael Reyes (Organizer, Partner)',
      '   Camille Ortiz (Associate)',
      '   Theo Baptiste (Litigation Support)',
      '   Owen Brooks',
      '',
      'Meeting notes: counter at $900,000 and propose mediation in October;',
      'Owen files the stipulated extension today; motion to compel next week.',
    ],
  },
  rafaelChat: {
    file: 'paralegal-teams-chat-rafael.jpg',
    windowTitle: 'Chat - Rafael Reyes | Microsoft Teams',
    accent: '#464eb8',
    heading: 'Rafael Reyes',
    before: [
      'Rafael Reyes  11:05 AM',
      '   Hold the motion to compel until Monday,',
      '   because the meet-and-confer letter only went out yesterday.',
      'Owen Brooks  11:07 AM',
      "   Understood - I'll file the stipulated extension now and the motion Monday.",
    ],
  },
  deposition: {
    file: 'paralegal-acrobat-harlan.jpg',
    windowTitle: 'Harlan_Deposition_2026-09-02.pdf - Adobe Acrobat Pro',
    accent: '#b30b00',
    heading: 'Deposition of Martin Harlan - September 2, 2026',
    before: [
      'Page 87',
      '3  Q. Who approved the 2024 pension transfer?',
      '4  A. The board did, at the March meeting. Mr. Kettering signed the minutes.',
      '5  Q. Were those minutes given to your counsel?',
      "6  A. I don't know.",
      '',
      'Exhibit 14: Board minutes, March 12, 2024 (not produced)',
      'Witness: Martin Harlan, CFO, Kettering Holdings, Inc.',
    ],
  },
  privilegeLog: {
    file: 'paralegal-excel-privilege-log.jpg',
    windowTitle: 'Privilege log - Marsh v Kettering.xlsx - Excel',
    accent: '#1d6f42',
    heading: 'Privilege log - Marsh v. Kettering Holdings',
    table: [
      ['Doc ID', 'Date', 'Author', 'Basis', 'Status'],
      ['DOC-0412', '2026-02-03', 'Rafael Reyes', 'Attorney-client', 'Withheld'],
      ['DOC-0415', '2026-02-10', 'Delia Marsh', 'Attorney-client', 'Withheld'],
      ['DOC-0419', '2026-03-01', 'Theo Baptiste', 'Work product', 'Withheld'],
      ['DOC-0423', '2026-03-09', 'Delia Marsh', 'None', 'Produced'],
    ],
    columns: [30, 200, 380, 620, 880],
    after: ["Note: DOC-0419 is withheld because it is a draft prepared at counsel's request."],
  },
  westlaw: {
    file: 'paralegal-westlaw.jpg',
    windowTitle: 'Westlaw Edge - Search results - Google Chrome',
    accent: '#f2a900',
    heading: 'motion to compel board minutes relevance (D. Or.)',
    before: [
      '1. Rowe v. Lattice Corp., 2019 WL 5520981 (D. Or. Oct. 8, 2019)',
      '   Board minutes discussing the disputed transfer were relevant and not privileged.',
      '2. Ingram v. Cascade Mutual, 2021 WL 3308876 (D. Or. Aug. 2, 2021)',
      '   Proportionality under Rule 26(b)(1) favored production of three years of minutes.',
      '3. Delgado v. Fenwick Partners, 2017 WL 2210934 (D. Or. May 19, 2017)',
    ],
  },
  vault: {
    file: 'paralegal-dashlane.jpg',
    windowTitle: 'Dashlane',
    accent: '#0e353d',
    heading: 'PACER - pacer.uscourts.gov',
    before: ['Login: obrooks_cr', 'Password: ••••••••••••', 'Note: firm account, billing code 5531'],
    dark: true,
  },
} as const satisfies Record<string, ScreenSpec>;

const w = windowOf(screens);

const windows = {
  inbox: w('Microsoft Outlook', 'inbox'),
  inboxLate: w('Microsoft Outlook', 'inboxLate'),
  albrightMail: w('Microsoft Outlook', 'albrightMail'),
  calendar: w('Microsoft Outlook', 'calendar'),
  matter: w(chrome, 'matter'),
  matterLate: w(chrome, 'matterLate'),
  greaves: w(chrome, 'greaves'),
  billing: w(chrome, 'billing'),
  ecfUpload: w(chrome, 'ecfUpload'),
  ecfFiling: w(chrome, 'ecfFiling'),
  ecfOrder: w(chrome, 'ecfOrder'),
  westlaw: w(chrome, 'westlaw'),
  motion: w('Microsoft Word', 'motion'),
  strategy: w('Microsoft Teams', 'strategy'),
  rafaelChat: w('Microsoft Teams', 'rafaelChat'),
  deposition: w('Adobe Acrobat Pro', 'deposition'),
  privilegeLog: w('Microsoft Excel', 'privilegeLog'),
  vault: w('Dashlane', 'vault', { private: true }),
};

type Window = keyof typeof windows;

export const PARALEGAL_DAY: JobDay = {
  id: 'paralegal',
  job: 'Litigation paralegal',
  user: { name: 'Owen Brooks', email: 'obrooks@castellanreyes.law' },
  startIso: '2026-09-17T08:20:00.000Z',
  seed: 1482,
  screens,
  windows,
  schedule(): JobSegment[] {
    const s = stretchesOf<Window>(PARALEGAL_DAY);
    const day: JobSegment[] = [
      s('inbox', 7), // 08:20
      s('albrightMail', 6, 'reading'), // 08:27
      s('matter', 10), // 08:33
      s('calendar', 4), // 08:43
      s('motion', 38), // 08:47
      s('westlaw', 15, 'reading'), // 09:25
      s('deposition', 14, 'reading'), // 09:40
      s('matter', 6), // 09:54
      s('strategy', 45, 'reading', {
        kind: 'meeting',
        name: 'Marsh v. Kettering case strategy',
        attendees: ['Rafael Reyes', 'Camille Ortiz', 'Theo Baptiste'],
      }), // 10:00
      s('motion', 20), // 10:45
      s('rafaelChat', 3), // 11:05
      stretch(PARALEGAL_DAY, 'vault', 40), // 11:08
      stretch(PARALEGAL_DAY, 'ecfUpload', 1880), // 11:08:40
      s('matter', 2), // 11:40
      s('ecfFiling', 8), // 11:42
      s('privilegeLog', 20), // 11:50
      s('privilegeLog', 7, 'away', { kind: 'break', name: 'coffee' }), // 12:10
      s('deposition', 15, 'reading'), // 12:17
      stretch(PARALEGAL_DAY, 'deposition', 150, 'away'), // 12:32 the phone, under the idle threshold
      stretch(PARALEGAL_DAY, 'greaves', 1530), // 12:34:30
      s('inbox', 40, 'away', { kind: 'lunch' }), // 13:00
      s('inbox', 6), // 13:40
      s('greaves', 10), // 13:46
      s('billing', 12), // 13:56
      s('motion', 35), // 14:08
      s('privilegeLog', 22), // 14:43
      s('privilegeLog', 6, 'away', { kind: 'break', name: 'phone call' }), // 15:05
      s('westlaw', 14, 'reading'), // 15:11
      s('albrightMail', 5, 'reading'), // 15:25
      s('matter', 8), // 15:30
      s('deposition', 12, 'reading'), // 15:38
      s('calendar', 4), // 15:50
      s('motion', 22), // 15:54
      s('ecfOrder', 8), // 16:16
      s('matterLate', 10), // 16:24
      s('billing', 8), // 16:34
    ];
    return fillTo(minutes(9 * 60), day, (rest) => stretch(PARALEGAL_DAY, 'inboxLate', rest)); // 16:42 to 17:20
  },
  interview: {
    'What is your name?': 'Owen Brooks',
    'What is your role, and what does a good week look like in it?':
      'Litigation paralegal; a good week meets every court deadline with the filings checked twice.',
    'Which team are you on, and who do you work with most?':
      'Litigation at Castellan & Reyes LLP, with Rafael Reyes (partner), Camille Ortiz (associate) and Theo Baptiste (litigation support).',
    'Which systems and apps do you use for your work?': 'Clio, CM/ECF and PACER, Westlaw, Word, Excel, Acrobat, Outlook, Teams.',
    'What are you responsible for?': 'Filings and deadlines, discovery logs, exhibits, matter billing entries.',
    'Which tasks come back every day, week or month?':
      'Daily: court notices and the calendar. Weekly: privilege log updates. Monthly: pre-bills in Clio.',
    'Which apps or windows should never be observed?': 'Dashlane and private browser windows.',
    "Why do you file through Rafael's CM/ECF login?":
      'Only attorneys can file in the District of Oregon, so paralegals file under the attorney login.',
  },
  truth: {
    items: [
      {
        id: '3:26-cv-01482-SB',
        kind: 'case',
        title: 'Marsh v. Kettering Holdings',
        aliases: ['2026-0147'],
        people: {
          client: 'Delia Marsh',
          'responsible attorney': 'Rafael Reyes',
          'opposing counsel': 'Nina Albright',
          judge: 'Sara Bennett',
        },
        amounts: { 'trust balance': '$8,640.00', demand: '$1,250,000', offer: '$350,000', counter: '$900,000' },
        dates: { 'status conference': 'October 6, 2026', 'discovery deadline': 'November 20, 2026' },
      },
      {
        id: 'PR-26-0391',
        kind: 'case',
        title: 'Estate of Lionel Greaves',
        aliases: ['2026-0162'],
        people: { client: 'Ruth Greaves', 'responsible attorney': 'Camille Ortiz' },
        amounts: { 'probate filing fee': '$265.00' },
        dates: { 'inventory due': 'Oct 1, 2026' },
        states: { greaves: ['Waiting on client', 'waiting'] },
      },
      {
        id: 'ECF No. 31',
        kind: 'filing',
        title: 'Stipulated Motion to Extend Time to Complete Discovery',
        people: { filer: 'Rafael Reyes' },
        dates: { entered: '9/17/2026 at 11:42 AM' },
        states: { ecfFiling: ['Filed', 'waiting'], ecfOrder: ['GRANTED', 'approved'] },
      },
      {
        id: 'Draft motion to compel production',
        kind: 'task',
        title: "Plaintiff's motion to compel production",
        aliases: ['Motion to Compel'],
        dates: { due: 'Sep 21, 2026' },
        states: { matter: ['In progress', 'in progress'], matterLate: ['In progress', 'in progress'] },
      },
      {
        id: 'File stipulated motion to extend time',
        kind: 'task',
        title: 'File stipulated motion to extend time',
        states: { matter: ['Open', 'open'], matterLate: ['Done', 'done'] },
      },
      {
        id: 'INV-22817',
        kind: 'invoice',
        title: 'Delia Marsh, matter 2026-0147',
        amounts: { amount: '$18,240.00' },
        states: { billing: ['Unpaid', 'open'] },
      },
      {
        id: 'INV-22790',
        kind: 'invoice',
        title: 'Ruth Greaves, matter 2026-0162',
        amounts: { amount: '$3,150.00' },
        states: { billing: ['Paid', 'done'] },
      },
      {
        id: 'INV-22802',
        kind: 'invoice',
        title: 'Tallis Robotics, matter 2026-0109',
        amounts: { amount: '$6,400.00' },
        states: { billing: ['Overdue', 'open'] },
      },
      {
        id: 'DOC-0419',
        kind: 'document',
        title: 'Work product by Theo Baptiste',
        people: { author: 'Theo Baptiste' },
        states: { privilegeLog: ['Withheld', 'done'] },
      },
    ],
    people: [
      { name: 'Rafael Reyes', role: 'Partner' },
      { name: 'Camille Ortiz', role: 'Associate' },
      { name: 'Theo Baptiste', role: 'Litigation Support' },
      { name: 'Nina Albright', role: 'opposing counsel, Sterling Pike LLP' },
      { name: 'Delia Marsh', role: 'client, plaintiff' },
      { name: 'Ruth Greaves', role: 'client, personal representative' },
      { name: 'Martin Harlan', role: 'CFO, Kettering Holdings (deponent)' },
      { name: 'Sara Bennett', role: 'Magistrate Judge' },
    ],
    organisations: ['Castellan & Reyes LLP', 'Sterling Pike LLP', 'Kettering Holdings, Inc.', 'Multnomah County Circuit Court'],
    hosts: [],
    documents: [
      'Motion to Compel - Marsh v Kettering.docx',
      'Harlan_Deposition_2026-09-02.pdf',
      'Privilege log - Marsh v Kettering.xlsx',
      'Stip_Extend_Discovery.pdf',
    ],
    links: ['nalbright@sterlingpike.com'],
    reasons: [
      { about: 'holding the motion to compel', text: 'the meet-and-confer letter only went out yesterday', screen: 'rafaelChat' },
      { about: 'withholding DOC-0419', text: "it is a draft prepared at counsel's request", screen: 'privilegeLog' },
    ],
    owedReplies: ['Nina Albright', 'Ruth Greaves'],
  },
};
