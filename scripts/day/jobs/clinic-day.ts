import { fillTo, minutes, stretch, stretchesOf, windowOf, type JobDay, type JobSegment } from '../job-day';
import type { ScreenSpec } from '../screen-render';

/**
 * Marisol Vega, patient scheduler at the front desk of Riverbend Family Clinic: a Tuesday of the
 * provider schedule, a cardiology referral taken through the payer's prior authorization (EHR, payer
 * portal, phone, fax), moving a provider's Thursday patients, voicemails, balances, an IT ticket, the
 * morning huddle on Teams and a short lunch. Patients appear as initials and record numbers only.
 */
const edge = 'Microsoft Edge';
const athena = '#6b2c91';

const schedule = (file: string, statuses: readonly string[], after: readonly string[]): ScreenSpec => ({
  file,
  windowTitle: 'Schedule: Tue 6/2/2026 - athenaOne - Microsoft Edge',
  accent: athena,
  heading: 'Schedule - Tuesday, June 2, 2026 (morning)',
  table: [
    ['Time', 'Appt', 'Patient (MRN)', 'Provider', 'Room', 'Status'],
    ['08:00', 'APT-58801', 'J.D. (004512)', 'Dr. Hana Sato', 'Exam 3', statuses[0]!],
    ['08:20', 'APT-58807', 'R.P. (007781)', 'Dr. Kwame Mensah', 'Exam 5', statuses[1]!],
    ['08:40', 'APT-58812', 'A.L. (006230)', 'NP Laura Quinn', 'Exam 2', statuses[2]!],
    ['09:00', 'APT-58815', 'T.W. (003398)', 'Dr. Hana Sato', 'Exam 3', statuses[3]!],
    ['09:20', 'APT-58819', 'M.K. (008127)', 'Dr. Kwame Mensah', 'Exam 5', statuses[4]!],
  ],
  columns: [30, 120, 270, 470, 730, 860],
  fontSize: 17,
  after,
});

const referral = (file: string, status: string, more: readonly string[]): ScreenSpec => ({
  file,
  windowTitle: 'Referral REF-20931 - athenaOne - Microsoft Edge',
  accent: athena,
  heading: 'Referral REF-20931 - Cardiology',
  before: [
    'Patient: J.D. (MRN 004512)      Referring provider: Dr. Hana Sato',
    'Referred to: Cardiology - Dr. Elena Ruiz, Lakeside Heart Center',
    'Diagnosis: I49.9 Cardiac arrhythmia, unspecified',
    'Insurance: BlueSky Health PPO      Member ID: BSK-4420917',
    'Urgency: Routine - within 3 weeks',
    `Status: ${status}`,
    ...more,
  ],
});

const payer = (file: string, status: string, decision: string): ScreenSpec => ({
  file,
  windowTitle: 'Authorizations - Availity Essentials - Microsoft Edge',
  accent: '#005a9c',
  heading: 'Authorization request A-77120',
  before: [
    'Payer: BlueSky Health      Member: J.D. (BSK-4420917)',
    'Provider: Riverbend Family Clinic for Dr. Hana Sato',
    'Service: Cardiology consult and 48-hour Holter monitor',
    'Requested: Jun 2, 2026 09:08 by Marisol Vega',
    `Status: ${status}`,
    decision,
  ],
});

const ticket = (file: string, state: string, note: string): ScreenSpec => ({
  file,
  windowTitle: 'INC0074211 | Incident | ServiceNow - Microsoft Edge',
  accent: '#293e40',
  heading: 'INC0074211 - Label printer in Room 5 jams',
  before: [
    'Caller: Marisol Vega      Location: Riverbend Family Clinic, Room 5',
    'Assigned to: Devon Hart (IT Support)      Priority: 3 - Moderate',
    `State: ${state}`,
    'Opened: Jun 1, 2026 16:40',
    note,
  ],
});

const screens = {
  inbox: {
    file: 'clinic-outlook-inbox.jpg',
    windowTitle: 'Inbox - mvega@riverbendclinic.org - Outlook',
    accent: '#0a64ad',
    heading: 'Inbox - mvega@riverbendclinic.org',
    table: [
      ['From', 'Subject', 'Received'],
      ['Joy Adeyemi', 'June schedule changes - Dr. Mensah at conference Thursday', 'Mon'],
      ['ServiceNow', 'INC0074211 Label printer in Room 5 jams - assigned to Devon Hart', '7:05 AM'],
      ['Lakeside Heart Center', 'New referral fax line: (555) 0199', 'May 29'],
      ['Payroll', 'Your pay statement for May 31 is ready', 'Fri'],
    ],
    columns: [30, 300, 1080],
    fontSize: 18,
  },
  inboxLate: {
    file: 'clinic-outlook-inbox-late.jpg',
    windowTitle: 'Inbox - mvega@riverbendclinic.org - Outlook',
    accent: '#0a64ad',
    heading: 'Inbox - mvega@riverbendclinic.org',
    table: [
      ['From', 'Subject', 'Received'],
      ['BlueSky Health', 'Authorization A-77120: approved', '1:49 PM'],
      ['ServiceNow', 'INC0074211 has been resolved', '2:31 PM'],
      ['Joy Adeyemi', 'June schedule changes - Dr. Mensah at conference Thursday', 'Mon'],
    ],
    columns: [30, 300, 1080],
    fontSize: 18,
  },
  huddle: {
    file: 'clinic-teams-huddle.jpg',
    windowTitle: 'Morning huddle | Microsoft Teams',
    accent: '#464eb8',
    heading: 'Morning huddle',
    before: [
      'Participants (6)',
      '   Joy Adeyemi (Organizer, Practice Manager)',
      '   Dr. Hana Sato',
      '   Dr. Kwame Mensah',
      '   NP Laura Quinn',
      '   Ben Castillo (Medical Assistant)',
      '   Marisol Vega',
      '',
      'Agenda: Dr. Mensah is out Thursday - move his Thursday patients;',
      'Room 5 label printer still jamming; 2 same-day slots held for Dr. Sato.',
    ],
  },
  frontDesk: {
    file: 'clinic-teams-front-desk.jpg',
    windowTitle: 'Front Desk | Riverbend Clinic | Microsoft Teams',
    accent: '#464eb8',
    heading: 'Front Desk',
    before: [
      'Joy Adeyemi  7:20 AM',
      "   Please move all of Dr. Mensah's Thursday patients to next week.",
      'Ben Castillo  9:05 AM',
      '   Exam 5 is free at 09:20 now that M.K. cancelled.',
      'Marisol Vega  9:11 AM',
      '   Thanks, giving it to a same-day sick visit.',
    ],
  },
  satoChat: {
    file: 'clinic-teams-chat-sato.jpg',
    windowTitle: 'Chat - Dr. Hana Sato | Microsoft Teams',
    accent: '#464eb8',
    heading: 'Dr. Hana Sato',
    before: [
      'Dr. Hana Sato  9:58 AM',
      "   Can you confirm when J.D.'s cardiology appointment is?",
      '   I want the Holter results before the follow-up.',
    ],
  },
  scheduleMorning: schedule(
    'clinic-athena-schedule.jpg',
    ['Checked in', 'Checked in', 'Scheduled', 'Scheduled', 'Cancelled'],
    ['Same-day slots held: 2 (Dr. Hana Sato)'],
  ),
  scheduleLate: schedule(
    'clinic-athena-schedule-late.jpg',
    ['Completed', 'Completed', 'Completed', 'No-show', 'Cancelled'],
    ['No-show fee: $25.00 charged to T.W. (MRN 003398)'],
  ),
  reschedule: {
    file: 'clinic-athena-apt-58830.jpg',
    windowTitle: 'Appointment APT-58830 - athenaOne - Microsoft Edge',
    accent: athena,
    heading: 'Appointment APT-58830',
    before: [
      'Patient: R.P. (MRN 007781)      Provider: Dr. Kwame Mensah',
      'Type: Follow-up, 20 min      Room: Exam 5',
      'Was: Thu Jun 4, 2026 14:40      Now: Tue Jun 9, 2026 09:20',
      'Status: Rescheduled',
      'Reason: Dr. Mensah is out Thursday because of the pediatrics conference.',
      'Changed by: Marisol Vega, front desk',
    ],
  },
  referralPending: referral('clinic-athena-ref-20931.jpg', 'Pending authorization', [
    'Authorization: requested from BlueSky Health (A-77120)',
  ]),
  referralScheduled: referral('clinic-athena-ref-20931-scheduled.jpg', 'Authorized - appointment scheduled', [
    'Authorization: A-77120, approved Jun 2, 2026',
    'Appointment: Jun 16, 2026 10:30 with Dr. Elena Ruiz',
  ]),
  payerPending: payer('clinic-availity-pending.jpg', 'In review', 'Decision: pending (standard review, up to 2 business days)'),
  payerApproved: payer(
    'clinic-availity-approved.jpg',
    'Approved',
    'Decision: approved Jun 2, 2026 13:47 by BlueSky Health utilization review',
  ),
  fax: {
    file: 'clinic-acrobat-lakeside-fax.jpg',
    windowTitle: 'Referral_REF-20931_fax.pdf - Adobe Acrobat Reader',
    accent: '#b30b00',
    heading: 'Fax - Lakeside Heart Center',
    before: [
      'To: Riverbend Family Clinic, Front Desk      From: (555) 0199',
      'Re: referral REF-20931, patient J.D. (DOB on file)',
      '',
      'We can see the patient on Jun 16, 2026 at 10:30 with Dr. Elena Ruiz.',
      'Please send the last ECG and the medication list by Jun 12, 2026.',
      'Scheduling contact: Priscilla Nunez, Lakeside Heart Center',
    ],
  },
  callLakeside: {
    file: 'clinic-ringcentral-call.jpg',
    windowTitle: 'RingCentral - Call with Lakeside Heart Center',
    accent: '#ff7a00',
    heading: 'On call: Lakeside Heart Center',
    before: ['(555) 0198 - Scheduling', 'Regarding: referral REF-20931 for J.D.', 'Spoke with: Priscilla Nunez'],
  },
  voicemailEarly: {
    file: 'clinic-ringcentral-voicemail-early.jpg',
    windowTitle: 'RingCentral - Voicemail',
    accent: '#ff7a00',
    heading: 'Voicemail',
    table: [
      ['From', 'Received', 'Note', 'Status'],
      ['R.P. (MRN 007781)', '7:12 AM', 'Asks to move the Thursday visit', 'New'],
      ['Pharmacy, Main St', 'Mon', 'Refill question for NP Quinn', 'Forwarded'],
    ],
    columns: [30, 300, 440, 900],
    fontSize: 18,
  },
  voicemail: {
    file: 'clinic-ringcentral-voicemail.jpg',
    windowTitle: 'RingCentral - Voicemail',
    accent: '#ff7a00',
    heading: 'Voicemail',
    table: [
      ['From', 'Received', 'Note', 'Status'],
      ['R.P. (MRN 007781)', '7:12 AM', 'Asks to move the Thursday visit', 'Called back 8:12 AM'],
      ['T.W. (MRN 003398)', '9:31 AM', 'Missed 09:00 appointment', 'Call back'],
      ['Pharmacy, Main St', 'Mon', 'Refill question for NP Quinn', 'Forwarded'],
    ],
    columns: [30, 300, 440, 900],
    fontSize: 18,
  },
  billing: {
    file: 'clinic-athena-balance-al.jpg',
    windowTitle: 'Patient Balance - A.L. - athenaOne - Microsoft Edge',
    accent: athena,
    heading: 'Patient balance - A.L. (MRN 006230)',
    table: [
      ['Date', 'Description', 'Amount'],
      ['05/12/2026', 'Office visit copay', '$40.00'],
      ['05/12/2026', 'Lab panel (patient share)', '$85.50'],
      ['', 'Balance due', '$125.50'],
    ],
    columns: [30, 260, 900],
    after: ['Statement sent: May 20, 2026      Payment plan: none'],
  },
  waitlist: {
    file: 'clinic-excel-waitlist.jpg',
    windowTitle: 'June waitlist.xlsx - Excel',
    accent: '#1d6f42',
    heading: 'June waitlist',
    table: [
      ['Patient', 'MRN', 'Provider', 'Wants', 'Added'],
      ['B.N.', '009120', 'Dr. Hana Sato', 'Earlier new-patient visit', 'May 28'],
      ['C.O.', '005567', 'NP Laura Quinn', 'Morning slot', 'May 30'],
      ['H.G.', '002214', 'Dr. Kwame Mensah', 'After 3 pm', 'Jun 1'],
    ],
    columns: [30, 170, 330, 620, 1020],
    fontSize: 18,
  },
  ticket: ticket('clinic-servicenow-inc0074211.jpg', 'In Progress', 'Work notes (Devon Hart): replacing the feed roller this afternoon.'),
  ticketResolved: ticket(
    'clinic-servicenow-inc0074211-resolved.jpg',
    'Resolved',
    'Resolution (Devon Hart): feed roller replaced, test labels print fine.',
  ),
  inPrivate: {
    file: 'clinic-edge-inprivate.jpg',
    windowTitle: 'Zillow: 3 bd homes in Riverbend - [InPrivate] - Microsoft Edge',
    accent: '#3b3b3b',
    heading: 'Zillow - 3 bd homes in Riverbend',
    before: ['Saved search: 3 bd under $420,000', '14 Alder Court - $409,000 - open house Sat'],
    dark: true,
  },
} as const satisfies Record<string, ScreenSpec>;

const w = windowOf(screens);

const windows = {
  inbox: w('Microsoft Outlook', 'inbox'),
  inboxLate: w('Microsoft Outlook', 'inboxLate'),
  huddle: w('Microsoft Teams', 'huddle'),
  frontDesk: w('Microsoft Teams', 'frontDesk'),
  satoChat: w('Microsoft Teams', 'satoChat'),
  scheduleMorning: w(edge, 'scheduleMorning'),
  scheduleLate: w(edge, 'scheduleLate'),
  reschedule: w(edge, 'reschedule'),
  referralPending: w(edge, 'referralPending'),
  referralScheduled: w(edge, 'referralScheduled'),
  payerPending: w(edge, 'payerPending'),
  payerApproved: w(edge, 'payerApproved'),
  billing: w(edge, 'billing'),
  ticket: w(edge, 'ticket'),
  ticketResolved: w(edge, 'ticketResolved'),
  fax: w('Adobe Acrobat Reader', 'fax'),
  callLakeside: w('RingCentral', 'callLakeside'),
  voicemailEarly: w('RingCentral', 'voicemailEarly'),
  voicemail: w('RingCentral', 'voicemail'),
  waitlist: w('Microsoft Excel', 'waitlist'),
  // The default exclusions keep any window titled "InPrivate" out.
  inPrivate: w(edge, 'inPrivate', { private: true }),
};

type Window = keyof typeof windows;

export const CLINIC_DAY: JobDay = {
  id: 'clinic',
  job: 'Patient scheduler',
  user: { name: 'Marisol Vega', email: 'mvega@riverbendclinic.org' },
  startIso: '2026-06-02T07:30:00.000Z',
  seed: 20931,
  screens,
  windows,
  schedule(): JobSegment[] {
    const s = stretchesOf<Window>(CLINIC_DAY);
    const day: JobSegment[] = [
      s('inbox', 6), // 07:30
      s('scheduleMorning', 9), // 07:36
      s('huddle', 15, 'reading', {
        kind: 'meeting',
        name: 'Morning huddle',
        attendees: ['Joy Adeyemi', 'Hana Sato', 'Kwame Mensah', 'Laura Quinn', 'Ben Castillo'],
      }), // 07:45
      s('voicemailEarly', 5), // 08:00
      s('reschedule', 10), // 08:05
      s('scheduleMorning', 12), // 08:15
      s('billing', 8), // 08:27
      s('waitlist', 10), // 08:35
      stretch(CLINIC_DAY, 'scheduleMorning', 150, 'away'), // 08:45 a patient at the window, under the idle threshold
      stretch(CLINIC_DAY, 'referralPending', 570), // 08:47:30
      s('payerPending', 14), // 08:57
      s('frontDesk', 5), // 09:11
      s('ticket', 6), // 09:16
      s('scheduleMorning', 18), // 09:22
      s('voicemail', 4), // 09:40
      s('voicemail', 5, 'away', { kind: 'break', name: 'a patient at the window' }), // 09:44
      s('waitlist', 11), // 09:49
      s('satoChat', 4), // 10:00
      s('referralPending', 8), // 10:04
      s('callLakeside', 9, 'reading'), // 10:12
      s('reschedule', 7), // 10:21
      s('scheduleMorning', 22), // 10:28
      s('inbox', 8), // 10:50
      s('billing', 10), // 10:58
      s('scheduleMorning', 22), // 11:08
      s('inbox', 30, 'away', { kind: 'lunch' }), // 11:30
      stretch(CLINIC_DAY, 'inPrivate', 50), // 12:00
      stretch(CLINIC_DAY, 'voicemail', 250), // 12:00:50
      s('fax', 9, 'reading'), // 12:05
      s('referralPending', 6), // 12:14
      s('scheduleMorning', 25), // 12:20
      s('waitlist', 10), // 12:45
      s('frontDesk', 5), // 12:55
      s('billing', 12), // 13:00
      s('ticket', 4), // 13:12
      s('scheduleMorning', 20), // 13:16
      s('scheduleMorning', 6, 'away', { kind: 'break', name: 'the front desk line' }), // 13:36
      s('inbox', 6), // 13:42
      s('payerApproved', 10), // 13:48
      s('referralScheduled', 12), // 13:58
      s('fax', 5, 'reading'), // 14:10
      s('scheduleLate', 20), // 14:15
      s('ticketResolved', 5), // 14:35
      s('waitlist', 15), // 14:40
      s('inboxLate', 10), // 14:55
      s('voicemail', 5), // 15:05
      s('billing', 8), // 15:10
    ];
    return fillTo(minutes(8 * 60 + 30), day, (rest) => stretch(CLINIC_DAY, 'scheduleLate', rest)); // 15:18 to 16:00
  },
  interview: {
    'What is your name?': 'Marisol Vega',
    'What is your role, and what does a good week look like in it?':
      'Patient scheduler at the front desk; a good week has no empty slots and every referral authorized before the visit.',
    'Which team are you on, and who do you work with most?':
      'Front desk of Riverbend Family Clinic; I report to Joy Adeyemi and work with Dr. Hana Sato, Dr. Kwame Mensah, NP Laura Quinn and Ben Castillo.',
    'Which systems and apps do you use for your work?':
      'athenaOne for the schedule, referrals and balances, Availity for authorizations, RingCentral for calls and voicemail, Teams, Outlook, Excel for the waitlist, ServiceNow for IT.',
    'What are you responsible for?': 'Booking and moving appointments, referrals and prior authorizations, patient balances at check-in.',
    'Which tasks come back every day, week or month?':
      'Daily: morning huddle at 07:45, voicemail, waitlist. Weekly: confirm next week with each provider.',
    'Which apps or windows should never be observed?': 'Private (InPrivate) browser windows.',
    'Why do you check the payer portal before booking a referral?':
      'BlueSky denies cardiology claims without a prior authorization number, so I get it first.',
  },
  truth: {
    items: [
      {
        id: 'REF-20931',
        kind: 'referral',
        title: 'Cardiology referral for J.D.',
        aliases: ['A-77120'],
        people: { patient: 'J.D.', 'referring provider': 'Dr. Hana Sato', 'referred to': 'Dr. Elena Ruiz' },
        dates: { appointment: 'Jun 16, 2026 10:30', 'records due': 'Jun 12, 2026' },
        states: {
          referralPending: ['Pending authorization', 'waiting'],
          referralScheduled: ['Authorized - appointment scheduled', 'scheduled'],
        },
      },
      {
        id: 'A-77120',
        kind: 'authorization',
        title: 'Cardiology consult and 48-hour Holter monitor',
        people: { payer: 'BlueSky Health', 'requested by': 'Marisol Vega' },
        dates: { decision: 'Jun 2, 2026 13:47' },
        states: { payerPending: ['In review', 'waiting'], payerApproved: ['Approved', 'approved'] },
      },
      {
        id: 'APT-58830',
        kind: 'appointment',
        title: 'Follow-up for R.P. with Dr. Kwame Mensah',
        people: { patient: 'R.P.', provider: 'Dr. Kwame Mensah' },
        dates: { was: 'Thu Jun 4, 2026 14:40', now: 'Tue Jun 9, 2026 09:20' },
        states: { reschedule: ['Rescheduled', 'scheduled'] },
      },
      {
        id: 'APT-58801',
        kind: 'appointment',
        title: 'J.D. with Dr. Hana Sato',
        states: { scheduleMorning: ['Checked in', 'in progress'], scheduleLate: ['Completed', 'done'] },
      },
      {
        id: 'APT-58812',
        kind: 'appointment',
        title: 'A.L. with NP Laura Quinn',
        states: { scheduleMorning: ['Scheduled', 'scheduled'], scheduleLate: ['Completed', 'done'] },
      },
      {
        id: 'APT-58815',
        kind: 'appointment',
        title: 'T.W. with Dr. Hana Sato',
        amounts: { 'no-show fee': '$25.00' },
        states: { scheduleMorning: ['Scheduled', 'scheduled'], scheduleLate: ['No-show', 'declined'] },
      },
      {
        id: 'APT-58819',
        kind: 'appointment',
        title: 'M.K. with Dr. Kwame Mensah',
        states: { scheduleMorning: ['Cancelled', 'declined'], scheduleLate: ['Cancelled', 'declined'] },
      },
      {
        id: 'INC0074211',
        kind: 'ticket',
        title: 'Label printer in Room 5 jams',
        people: { caller: 'Marisol Vega', 'assigned to': 'Devon Hart' },
        states: { ticket: ['In Progress', 'in progress'], ticketResolved: ['Resolved', 'resolved'] },
      },
      {
        id: 'A.L. (MRN 006230)',
        kind: 'patient balance',
        title: 'Patient balance - A.L.',
        amounts: { 'balance due': '$125.50', copay: '$40.00' },
      },
    ],
    people: [
      { name: 'Joy Adeyemi', role: 'Practice Manager' },
      { name: 'Hana Sato', role: 'physician' },
      { name: 'Kwame Mensah', role: 'physician (pediatrics)' },
      { name: 'Laura Quinn', role: 'nurse practitioner' },
      { name: 'Ben Castillo', role: 'Medical Assistant' },
      { name: 'Devon Hart', role: 'IT Support' },
      { name: 'Elena Ruiz', role: 'cardiologist, Lakeside Heart Center' },
      { name: 'Priscilla Nunez', role: 'scheduling, Lakeside Heart Center' },
    ],
    organisations: ['Riverbend Family Clinic', 'Lakeside Heart Center', 'BlueSky Health'],
    hosts: [],
    documents: ['Referral_REF-20931_fax.pdf', 'June waitlist.xlsx'],
    links: ['mvega@riverbendclinic.org'],
    reasons: [{ about: "R.P.'s follow-up was moved", text: 'because of the pediatrics conference', screen: 'reschedule' }],
    owedReplies: ['Hana Sato', 'T.W.'],
  },
};
