import { fillTo, minutes, stretch, stretchesOf, windowOf, type JobDay, type JobSegment } from '../job-day';
import type { ScreenSpec } from '../screen-render';

/**
 * Tomasz Wilk, technical recruiter at Halcyon Robotics: a Wednesday of a firmware engineer search
 * (Greenhouse, LinkedIn Recruiter, Zoom screens, a hiring sync), an offer taken through approval and
 * DocuSign, a background check, an agency invoice, scheduling an onsite and a short lunch. This day is
 * held out: the question set measures whether the assistant's rules hold on a job it was never tuned on.
 */
const chrome = 'Google Chrome';
const greenhouse = '#24a47f';

const requisition = (file: string, state: string, pipeline: readonly string[][]): ScreenSpec => ({
  file,
  windowTitle: 'REQ-3318 Senior Firmware Engineer - Greenhouse - Google Chrome',
  accent: greenhouse,
  heading: 'REQ-3318 - Senior Firmware Engineer',
  before: [
    'Hiring manager: Grace Okafor      Recruiter: Tomasz Wilk',
    'Department: Embedded Systems      Location: Pittsburgh, PA (on-site 4 days)',
    `Status: ${state}      Openings: 2`,
  ],
  table: [['Candidate', 'Application', 'Stage', 'Status'], ...pipeline],
  columns: [30, 300, 520, 860],
  fontSize: 17,
});

const offer = (file: string, status: string, line: string): ScreenSpec => ({
  file,
  windowTitle: 'Offer OFF-1029 - Mei Tanaka - Greenhouse - Google Chrome',
  accent: greenhouse,
  heading: 'Offer OFF-1029 - Mei Tanaka',
  before: [
    'Job: REQ-3318 Senior Firmware Engineer      Hiring manager: Grace Okafor',
    'Base salary: $152,000.00      Sign-on bonus: $10,000.00',
    'Equity: 4,000 RSUs over 4 years      Start date: Oct 12, 2026',
    `Status: ${status}`,
    line,
  ],
});

const screens = {
  inbox: {
    file: 'recruiter-outlook-inbox.jpg',
    windowTitle: 'Inbox - twilk@halcyonrobotics.com - Outlook',
    accent: '#0a64ad',
    heading: 'Inbox - twilk@halcyonrobotics.com',
    table: [
      ['From', 'Subject', 'Received'],
      ['Grace Okafor', 'Firmware search - can we move faster on Leon?', '7:48 AM'],
      ['TalentBridge Partners', 'Invoice INV-6610 for the placement of A. Novak', 'Tue'],
      ['Greenhouse', 'Mei Tanaka submitted her references', 'Tue'],
      ['Benefits Team', 'Open enrollment starts Oct 1', 'Mon'],
    ],
    columns: [30, 320, 1080],
    fontSize: 18,
  },
  inboxLate: {
    file: 'recruiter-outlook-inbox-late.jpg',
    windowTitle: 'Inbox - twilk@halcyonrobotics.com - Outlook',
    accent: '#0a64ad',
    heading: 'Inbox - twilk@halcyonrobotics.com',
    table: [
      ['From', 'Subject', 'Received'],
      ['DocuSign', 'Mei Tanaka viewed "Offer letter - OFF-1029"', '3:02 PM'],
      ['Checkr', 'Background check BGC-5521 for Mei Tanaka is in progress', '1:15 PM'],
      ['Grace Okafor', 'Firmware search - can we move faster on Leon?', '7:48 AM'],
    ],
    columns: [30, 320, 1080],
    fontSize: 18,
  },
  reqMorning: requisition('recruiter-greenhouse-req-3318.jpg', 'Open', [
    ['Leon Fischer', 'APP-77412', 'Phone screen', 'Active'],
    ['Mei Tanaka', 'APP-77385', 'Offer', 'Active'],
    ['Jordan Blake', 'APP-77390', 'Hiring manager review', 'Active'],
    ['Aiko Brandt', 'APP-77431', 'Application review', 'Active'],
  ]),
  reqLate: requisition('recruiter-greenhouse-req-3318-late.jpg', 'Open', [
    ['Leon Fischer', 'APP-77412', 'Onsite', 'Active'],
    ['Mei Tanaka', 'APP-77385', 'Offer', 'Offer sent'],
    ['Jordan Blake', 'APP-77390', 'Hiring manager review', 'Rejected'],
    ['Aiko Brandt', 'APP-77431', 'Application review', 'Withdrawn'],
  ]),
  rejection: {
    file: 'recruiter-greenhouse-app-77390.jpg',
    windowTitle: 'Jordan Blake - APP-77390 - Greenhouse - Google Chrome',
    accent: greenhouse,
    heading: 'Jordan Blake - APP-77390',
    before: [
      'Job: REQ-3318 Senior Firmware Engineer      Source: LinkedIn',
      'Stage: Hiring manager review      Status: Rejected',
      'Reason: Location - the role was turned down because it needs on-site work 4 days a week.',
      'Rejected by: Tomasz Wilk on Sep 9, 2026',
      'Rejection email: sent from template "Thank you for your time"',
    ],
  },
  onsite: {
    file: 'recruiter-greenhouse-app-77412.jpg',
    windowTitle: 'Leon Fischer - APP-77412 - Greenhouse - Google Chrome',
    accent: greenhouse,
    heading: 'Leon Fischer - APP-77412 - Onsite interview',
    before: [
      'Job: REQ-3318 Senior Firmware Engineer      Source: Referral (Ravi Menon)',
      'Stage: Onsite      Status: Scheduled',
      'Onsite: Thu Sep 17, 2026 13:00 - 17:00, Pittsburgh office',
      'Interviewers: Grace Okafor, Ravi Menon, Helen Cho, Victor Salas',
      'Travel: flight booked by Leon, hotel on company card',
    ],
  },
  offerPending: offer(
    'recruiter-greenhouse-off-1029.jpg',
    'Pending approval',
    'Approvers: Grace Okafor (approved), Victor Salas (waiting)',
  ),
  offerApproved: offer(
    'recruiter-greenhouse-off-1029-approved.jpg',
    'Approved',
    'Approved by Victor Salas (VP Engineering) on Sep 9, 2026 14:12',
  ),
  docusign: {
    file: 'recruiter-docusign-offer.jpg',
    windowTitle: 'Offer letter - OFF-1029 - DocuSign - Google Chrome',
    accent: '#ffcc22',
    heading: 'Envelope: Offer letter - OFF-1029',
    before: [
      'Recipient: Mei Tanaka (mei.tanaka@fastmail.com)',
      'Sent: Sep 9, 2026 14:40 by Tomasz Wilk',
      'Status: Sent - waiting for signature',
      'Expires: Sep 16, 2026',
    ],
  },
  checkr: {
    file: 'recruiter-checkr-bgc-5521.jpg',
    windowTitle: 'BGC-5521 Mei Tanaka - Checkr - Google Chrome',
    accent: '#1f3a93',
    heading: 'Background check BGC-5521',
    before: [
      'Candidate: Mei Tanaka      Package: Pro Criminal + Employment',
      'Ordered by: Tomasz Wilk on Sep 9, 2026',
      'Status: In progress - employment verification pending',
      'ETA: Sep 14, 2026',
    ],
  },
  linkedin: {
    file: 'recruiter-linkedin-inmail.jpg',
    windowTitle: 'LinkedIn Recruiter - Messages - Google Chrome',
    accent: '#0a66c2',
    heading: 'Recruiter messages',
    before: [
      'Sofia Marin  8:55 AM',
      '   Thanks for reaching out. Is the firmware role open to remote candidates?',
      'Aiko Brandt  Mon',
      '   I have accepted another offer, please withdraw my application.',
      'Reminder: reply to Sofia Marin by Friday',
    ],
  },
  screenCall: {
    file: 'recruiter-zoom-screen.jpg',
    windowTitle: 'Zoom Meeting - Phone screen: Leon Fischer',
    accent: '#2d8cff',
    heading: 'Phone screen: Leon Fischer',
    before: ['Participants (2)', '   Tomasz Wilk (Host)', '   Leon Fischer', '', 'Notes: 8 years of RTOS work, expects $150k-160k base'],
  },
  hiringSync: {
    file: 'recruiter-zoom-hiring-sync.jpg',
    windowTitle: 'Zoom Meeting - Firmware hiring sync',
    accent: '#2d8cff',
    heading: 'Firmware hiring sync',
    before: [
      'Participants (4)',
      '   Grace Okafor (Host)',
      '   Ravi Menon',
      '   Victor Salas',
      '   Tomasz Wilk',
      '',
      'Agenda: Mei Tanaka offer, Leon Fischer onsite, second opening on REQ-3318',
    ],
  },
  slackRavi: {
    file: 'recruiter-slack-ravi.jpg',
    windowTitle: 'Ravi Menon (DM) - Halcyon - Slack',
    accent: '#4a154b',
    heading: 'Ravi Menon',
    before: ['Ravi Menon  10:41 AM', '   Did my referral bonus for Leon get logged? Need an answer before payroll closes.'],
  },
  agencyInvoice: {
    file: 'recruiter-acrobat-inv-6610.jpg',
    windowTitle: 'INV-6610_TalentBridge.pdf - Adobe Acrobat Reader',
    accent: '#b30b00',
    heading: 'TalentBridge Partners - Invoice INV-6610',
    before: [
      'Bill to: Halcyon Robotics, Talent Acquisition',
      'Placement: A. Novak, Controls Engineer (REQ-3277)',
      'Fee: 16% of first-year base $114,000.00',
      'Amount due: $18,240.00      Due date: Sep 30, 2026',
      'Status: Unpaid',
    ],
  },
  tracker: {
    file: 'recruiter-excel-pipeline.jpg',
    windowTitle: 'Hiring pipeline Q3.xlsx - Excel',
    accent: '#1d6f42',
    heading: 'Hiring pipeline Q3',
    table: [
      ['Requisition', 'Role', 'Hiring manager', 'Open since', 'Status'],
      ['REQ-3318', 'Senior Firmware Engineer', 'Grace Okafor', 'Jul 14', 'Open'],
      ['REQ-3340', 'Test Technician', 'Helen Cho', 'Aug 3', 'On hold'],
      ['REQ-3277', 'Controls Engineer', 'Victor Salas', 'May 20', 'Filled'],
    ],
    columns: [30, 210, 520, 800, 1010],
    fontSize: 18,
  },
  inPrivate: {
    file: 'recruiter-edge-inprivate.jpg',
    windowTitle: 'Apartments for rent in Shadyside - [InPrivate] - Microsoft Edge',
    accent: '#3b3b3b',
    heading: 'Apartments for rent in Shadyside',
    before: ['2 bd under $2,100', '517 Walnut St - $1,950 - available Oct 1'],
    dark: true,
  },
} as const satisfies Record<string, ScreenSpec>;

const w = windowOf(screens);

const windows = {
  inbox: w('Microsoft Outlook', 'inbox'),
  inboxLate: w('Microsoft Outlook', 'inboxLate'),
  reqMorning: w(chrome, 'reqMorning'),
  reqLate: w(chrome, 'reqLate'),
  rejection: w(chrome, 'rejection'),
  onsite: w(chrome, 'onsite'),
  offerPending: w(chrome, 'offerPending'),
  offerApproved: w(chrome, 'offerApproved'),
  docusign: w(chrome, 'docusign'),
  checkr: w(chrome, 'checkr'),
  linkedin: w(chrome, 'linkedin'),
  screenCall: w('Zoom', 'screenCall'),
  hiringSync: w('Zoom', 'hiringSync'),
  slackRavi: w('Slack', 'slackRavi'),
  agencyInvoice: w('Adobe Acrobat Reader', 'agencyInvoice'),
  tracker: w('Microsoft Excel', 'tracker'),
  // The default exclusions keep any window titled "InPrivate" out.
  inPrivate: w('Microsoft Edge', 'inPrivate', { private: true }),
};

type Window = keyof typeof windows;

export const RECRUITER_DAY: JobDay = {
  id: 'recruiter',
  job: 'Technical recruiter',
  user: { name: 'Tomasz Wilk', email: 'twilk@halcyonrobotics.com' },
  startIso: '2026-09-09T07:50:00.000Z',
  seed: 3318,
  screens,
  windows,
  schedule(): JobSegment[] {
    const s = stretchesOf<Window>(RECRUITER_DAY);
    const day: JobSegment[] = [
      s('inbox', 10), // 07:50
      s('reqMorning', 15), // 08:00
      s('tracker', 12), // 08:15
      s('linkedin', 8), // 08:27
      s('offerPending', 10), // 08:35
      s('linkedin', 12), // 08:45
      s('screenCall', 30, 'reading', { kind: 'meeting', name: 'Phone screen with Leon Fischer', attendees: ['Leon Fischer'] }), // 08:57
      s('reqMorning', 8), // 09:27
      s('rejection', 9), // 09:35
      s('tracker', 6), // 09:44
      s('hiringSync', 35, 'reading', {
        kind: 'meeting',
        name: 'Firmware hiring sync',
        attendees: ['Grace Okafor', 'Ravi Menon', 'Victor Salas'],
      }), // 09:50
      s('slackRavi', 6), // 10:25
      s('onsite', 20), // 10:31
      stretch(RECRUITER_DAY, 'onsite', 150, 'away'), // 10:51 a candidate on the phone, under the idle threshold
      s('agencyInvoice', 9, 'reading'), // 10:53:30
      s('inbox', 5, 'away', { kind: 'break', name: 'a coffee' }), // 11:02:30
      s('offerPending', 12), // 11:07:30
      s('reqMorning', 18), // 11:19:30
      s('tracker', 15), // 11:37:30
      s('inbox', 40, 'away', { kind: 'lunch' }), // 11:52:30
      stretch(RECRUITER_DAY, 'inPrivate', 90), // 12:32:30
      s('inbox', 8), // 12:34
      s('checkr', 12), // 12:42
      s('linkedin', 10), // 12:54
      s('onsite', 15), // 13:04
      s('tracker', 20), // 13:19
      s('offerApproved', 14), // 13:39 (the approval shows at 14:12 on screen)
      s('docusign', 16), // 13:53
      s('agencyInvoice', 6, 'reading'), // 14:09
      s('reqLate', 25), // 14:15
      s('inboxLate', 12), // 14:40
      s('slackRavi', 4), // 14:52
      s('checkr', 8), // 14:56
    ];
    return fillTo(minutes(8 * 60 + 40), day, (rest) => stretch(RECRUITER_DAY, 'reqLate', rest)); // 15:04 to 16:30
  },
  interview: {
    'What is your name?': 'Tomasz Wilk',
    'What is your role, and what does a good week look like in it?':
      'Technical recruiter; a good week has every candidate answered within a day and one offer signed.',
    'Which team are you on, and who do you work with most?':
      'Talent Acquisition at Halcyon Robotics; I work with Grace Okafor, Ravi Menon, Helen Cho and Victor Salas.',
    'Which systems and apps do you use for your work?':
      'Greenhouse for requisitions and candidates, LinkedIn Recruiter, Zoom for screens, Slack, Outlook, Excel for the pipeline, DocuSign for offers, Checkr for background checks.',
    'What are you responsible for?': 'Sourcing and screening engineers, scheduling interviews, offers and background checks.',
    'Which tasks come back every day, week or month?':
      'Daily: answer candidates. Weekly: hiring sync with each manager. Monthly: agency invoices.',
    'Which apps or windows should never be observed?': 'Private (InPrivate) browser windows.',
    'Why do you wait for the VP before sending an offer?':
      'Offers above the salary band need a VP signature, or payroll rejects the start paperwork.',
  },
  truth: {
    items: [
      {
        id: 'REQ-3318',
        kind: 'requisition',
        title: 'Senior Firmware Engineer',
        people: { 'hiring manager': 'Grace Okafor', recruiter: 'Tomasz Wilk' },
        states: { reqMorning: ['Open', 'open'], reqLate: ['Open', 'open'] },
      },
      {
        id: 'OFF-1029',
        kind: 'offer',
        title: 'Offer to Mei Tanaka',
        people: { candidate: 'Mei Tanaka', approver: 'Victor Salas' },
        amounts: { 'base salary': '$152,000.00', 'sign-on bonus': '$10,000.00' },
        dates: { approved: 'Sep 9, 2026 14:12', 'start date': 'Oct 12, 2026' },
        states: {
          offerPending: ['Pending approval', 'waiting'],
          offerApproved: ['Approved', 'approved'],
          docusign: ['Sent - waiting for signature', 'waiting'],
        },
      },
      {
        id: 'APP-77412',
        kind: 'candidate',
        title: 'Leon Fischer',
        people: { candidate: 'Leon Fischer', interviewers: ['Grace Okafor', 'Ravi Menon', 'Helen Cho', 'Victor Salas'] },
        dates: { onsite: 'Thu Sep 17, 2026 13:00' },
        states: { onsite: ['Scheduled', 'scheduled'] },
      },
      {
        id: 'APP-77390',
        kind: 'candidate',
        title: 'Jordan Blake',
        states: { rejection: ['Rejected', 'declined'] },
      },
      {
        id: 'BGC-5521',
        kind: 'background check',
        title: 'Background check of Mei Tanaka',
        people: { candidate: 'Mei Tanaka' },
        dates: { eta: 'Sep 14, 2026' },
        states: { checkr: ['In progress', 'in progress'] },
      },
      {
        id: 'INV-6610',
        kind: 'invoice',
        title: 'TalentBridge placement fee',
        amounts: { 'amount due': '$18,240.00' },
        dates: { due: 'Sep 30, 2026' },
        states: { agencyInvoice: ['Unpaid', 'open'] },
      },
    ],
    people: [
      { name: 'Grace Okafor', role: 'hiring manager, Embedded Systems' },
      { name: 'Ravi Menon', role: 'firmware engineer' },
      { name: 'Victor Salas', role: 'VP Engineering' },
      { name: 'Helen Cho', role: 'test lead' },
      { name: 'Leon Fischer', role: 'candidate' },
      { name: 'Mei Tanaka', role: 'candidate' },
      { name: 'Jordan Blake', role: 'candidate' },
      { name: 'Sofia Marin', role: 'prospect on LinkedIn' },
    ],
    organisations: ['Halcyon Robotics', 'TalentBridge Partners'],
    hosts: [],
    documents: ['INV-6610_TalentBridge.pdf', 'Hiring pipeline Q3.xlsx'],
    links: ['twilk@halcyonrobotics.com'],
    reasons: [{ about: 'Jordan Blake was rejected', text: 'because it needs on-site work 4 days a week', screen: 'rejection' }],
    owedReplies: ['Sofia Marin', 'Ravi Menon'],
  },
};
