import { fillTo, minutes, stretch, stretchesOf, windowOf, type JobDay, type JobSegment } from '../job-day';
import type { ScreenSpec } from '../screen-render';

/**
 * Keisha Morgan, dispatcher at Redline Freight: an early Wednesday shift. A load from Joliet to
 * Dayton tracked to delivery (TMS, fleet map, a driver call, the customer's mail, the invoice), a
 * trailer flat tire that moves another load to a second truck, a reload booked off the load board
 * with a broker's rate confirmation, driver hours, a repair work order, the ops check-in on Webex
 * and an early lunch.
 */
const chrome = 'Google Chrome';
const tms = '#c62828';

const board = (file: string, rows: readonly (readonly string[])[]): ScreenSpec => ({
  file,
  windowTitle: 'Loads - Tailwind TMS - Google Chrome',
  accent: tms,
  heading: 'Loads - Wednesday, Oct 21, 2026',
  table: [['Load', 'Customer', 'Lane', 'Truck', 'Driver', 'Status'], ...rows],
  columns: [30, 150, 380, 760, 850, 1070],
  fontSize: 16,
  after: ['L-40699 declined because the rate is below our $2.10/mile floor.'],
});

const row718 = (status: string) => ['L-40718', 'Lakeshore Steel', 'Joliet, IL to Dayton, OH', '214', 'Carlos Mendez', status];
const row722 = (truck: string, driver: string) => [
  'L-40722',
  'Harbor Paper Co.',
  'Gary, IN to Louisville, KY',
  truck,
  driver,
  'In transit',
];
const row731 = (truck: string, driver: string, status: string) => [
  'L-40731',
  'Midwest Brokerage',
  'Dayton, OH to Fort Wayne, IN',
  truck,
  driver,
  status,
];
const row699 = ['L-40699', 'Prairie Grain Co-op', 'Peoria, IL to St. Louis, MO', '-', '-', 'Declined'];

const load718 = (file: string, status: string, last: string): ScreenSpec => ({
  file,
  windowTitle: 'Load L-40718 - Tailwind TMS - Google Chrome',
  accent: tms,
  heading: 'Load L-40718 - Lakeshore Steel',
  before: [
    'Customer: Lakeshore Steel      Shipper PO: 88-1204',
    'Pickup: Joliet, IL - Oct 21, 06:30      Delivery: Dayton, OH - Oct 21, 13:30 (Dock 4)',
    'Truck: 214      Trailer: 53-118      Driver: Carlos Mendez',
    `Status: ${status}`,
    'Rate: $2,150.00      Fuel surcharge: $312.40      Total: $2,462.40',
    'Detention: $75.00/hr after 2 hours free',
    last,
  ],
});

const fleet = (file: string, truck214: readonly string[]): ScreenSpec => ({
  file,
  windowTitle: 'Fleet - Samsara - Google Chrome',
  accent: '#0f2b46',
  heading: 'Fleet map - 4 vehicles',
  table: [
    ['Truck', 'Driver', 'Location', 'Speed', 'ETA'],
    truck214,
    ['187', 'Bill Novak', 'I-65 S mile 212 (stopped)', '0 mph', '-'],
    ['203', 'Dmitri Volkov', 'I-65 S near Lafayette, IN', '61 mph', 'Louisville 16:10'],
    ['221', 'Rosa Delgado', 'Yard, Joliet, IL', '0 mph', 'off duty'],
  ],
  columns: [30, 130, 350, 770, 900],
  fontSize: 18,
});

const inbox = (file: string, rows: readonly (readonly string[])[]): ScreenSpec => ({
  file,
  windowTitle: 'Inbox - keisha.morgan@redlinefreight.com - Outlook',
  accent: '#0a64ad',
  heading: 'Inbox - keisha.morgan@redlinefreight.com',
  table: [['From', 'Subject', 'Received'], ...rows],
  columns: [30, 340, 1100],
  fontSize: 18,
});

const lakeshoreMail = ['Lakeshore Steel Receiving', 'L-40718 delivery appointment Dock 4 at 13:30', '5:41 AM'];
const safetyMail = ['Redline Safety', 'Reminder: quarterly HOS audit on Friday', 'Mon'];

const screens = {
  inboxEarly: inbox('dispatcher-outlook-inbox-early.jpg', [lakeshoreMail, safetyMail]),
  inboxMid: inbox('dispatcher-outlook-inbox-mid.jpg', [
    ['Shannon Pruitt', 'Rate confirmation L-40731 - please sign and return', '11:52 AM'],
    ['TA Truck Service', 'WO-7702 estimate for truck 187', '8:55 AM'],
    lakeshoreMail,
    safetyMail,
  ]),
  boardEarly: board('dispatcher-tms-board-early.jpg', [
    row718('Dispatched'),
    row722('187', 'Bill Novak'),
    row731('-', '-', 'Tendered'),
    row699,
  ]),
  boardMid: board('dispatcher-tms-board-mid.jpg', [
    row718('In transit'),
    row722('203', 'Dmitri Volkov'),
    row731('-', '-', 'Tendered'),
    row699,
  ]),
  boardBooked: board('dispatcher-tms-board-booked.jpg', [
    row718('In transit'),
    row722('203', 'Dmitri Volkov'),
    row731('214', 'Carlos Mendez', 'Booked'),
    row699,
  ]),
  boardLate: board('dispatcher-tms-board-late.jpg', [
    row718('Delivered'),
    row722('203', 'Dmitri Volkov'),
    row731('214', 'Carlos Mendez', 'Booked'),
    row699,
  ]),
  load718: load718(
    'dispatcher-tms-l-40718.jpg',
    'In transit      ETA: 13:40',
    'Receiver: Lakeshore Steel, Dock 4, 2250 Valley Pike, Dayton, OH',
  ),
  load718Delivered: load718(
    'dispatcher-tms-l-40718-delivered.jpg',
    'Delivered 13:52 (POD received)',
    'Invoice INV-10233: $2,462.40 - Ready to send',
  ),
  load722: {
    file: 'dispatcher-tms-l-40722.jpg',
    windowTitle: 'Load L-40722 - Tailwind TMS - Google Chrome',
    accent: tms,
    heading: 'Load L-40722 - Harbor Paper Co.',
    before: [
      'Customer: Harbor Paper Co.      Lane: Gary, IN to Louisville, KY',
      'Truck: 203 (was 187)      Driver: Dmitri Volkov (was Bill Novak)',
      'Status: In transit      New ETA: 16:10 (appointment 15:00, receiver notified)',
      'Rate: $1,480.00',
      'Note: swapped to truck 203 because 187 has a flat tire at mile 212 on I-65.',
    ],
  },
  fleet: fleet('dispatcher-samsara-fleet.jpg', ['214', 'Carlos Mendez', 'I-70 E near Richmond, IN', '64 mph', 'Dayton 13:40']),
  fleetLate: fleet('dispatcher-samsara-fleet-late.jpg', ['214', 'Carlos Mendez', 'Dayton, OH (Lakeshore Steel)', '0 mph', 'arrived']),
  messages: {
    file: 'dispatcher-samsara-messages.jpg',
    windowTitle: 'Messages - Samsara - Google Chrome',
    accent: '#0f2b46',
    heading: 'Driver messages',
    before: [
      'Carlos Mendez (Truck 214)  6:31 AM',
      '   Loaded at Joliet, rolling to Dayton.',
      'Bill Novak (Truck 187)  7:08 AM',
      '   Flat tire on the trailer, I-65 S mile 212. Safe on the shoulder.',
      'Keisha Morgan  7:09 AM',
      '   Copy. Calling road service, stay put.',
    ],
  },
  callRoadService: {
    file: 'dispatcher-dialpad-road-service.jpg',
    windowTitle: 'Dialpad - Call with TA Truck Service',
    accent: '#7c52ff',
    heading: 'On call: TA Truck Service, Louisville',
    before: ['Road service for truck 187 / trailer 53-090', 'Location: I-65 S mile 212', 'Tech ETA: 2 hours'],
  },
  callCarlos: {
    file: 'dispatcher-dialpad-carlos.jpg',
    windowTitle: 'Dialpad - Call with Carlos Mendez',
    accent: '#7c52ff',
    heading: 'On call: Carlos Mendez (Truck 214)',
    before: [
      'Load L-40718, Joliet to Dayton',
      'Running about 10 minutes late for the 13:30 Dock 4 appointment',
      'Reload after Dayton: checking L-40731',
    ],
  },
  callShannon: {
    file: 'dispatcher-dialpad-shannon.jpg',
    windowTitle: 'Dialpad - Call with Shannon Pruitt',
    accent: '#7c52ff',
    heading: 'On call: Shannon Pruitt, Midwest Brokerage',
    before: ['Load L-40731 (broker ref MB-55170)', 'Dayton, OH to Fort Wayne, IN - pickup 15:00 today', 'Agreed rate: $980.00'],
  },
  dat: {
    file: 'dispatcher-dat-search.jpg',
    windowTitle: 'DAT One - Search Loads - Google Chrome',
    accent: '#003a70',
    heading: 'Loads from Dayton, OH (50 mi) - Oct 21',
    table: [
      ['Origin', 'Destination', 'Miles', 'Rate', 'Broker'],
      ['Dayton, OH', 'Fort Wayne, IN', '118', '$980', 'Midwest Brokerage'],
      ['Dayton, OH', 'Chicago, IL', '298', '$1,050', 'Lakefront Logistics'],
      ['Springfield, OH', 'Detroit, MI', '233', '$690', 'Crestline Brokers'],
    ],
    columns: [30, 260, 520, 660, 820],
  },
  maps: {
    file: 'dispatcher-google-maps.jpg',
    windowTitle: 'Dayton, OH to Fort Wayne, IN - Google Maps - Google Chrome',
    accent: '#1a73e8',
    heading: 'Dayton, OH to Fort Wayne, IN',
    before: ['118 mi, 2 hr 5 min via I-75 N and I-69 N', 'Traffic: light', 'Tolls: none'],
  },
  hours: {
    file: 'dispatcher-excel-driver-hours.jpg',
    windowTitle: 'Driver hours - Oct 21.xlsx - Excel',
    accent: '#1d6f42',
    heading: 'Driver hours (HOS) - Oct 21',
    table: [
      ['Driver', 'Truck', 'Drive left', 'On-duty left', 'Status'],
      ['Carlos Mendez', '214', '4h 20m', '6h 05m', 'Driving'],
      ['Bill Novak', '187', '9h 30m', '11h 00m', 'On duty'],
      ['Dmitri Volkov', '203', '10h 45m', '13h 10m', 'Driving'],
      ['Rosa Delgado', '221', '0h 00m', '0h 00m', 'Off duty until 18:00'],
    ],
    columns: [30, 280, 400, 580, 800],
  },
  checkIn: {
    file: 'dispatcher-webex-check-in.jpg',
    windowTitle: 'Cisco Webex Meetings - Daily ops check-in',
    accent: '#07c160',
    heading: 'Daily ops check-in',
    before: [
      'Participants (5)',
      '   Gary Lindholm (Host, Operations Manager)',
      '   Keisha Morgan',
      '   Tasha Reed (Night dispatch)',
      '   Luis Ortega (Fleet maintenance)',
      '   Megan Cho (Customer service)',
      '',
      'Notes: 187 down on I-65, L-40722 moved to 203; find a Dayton reload for 214.',
    ],
  },
  luisChat: {
    file: 'dispatcher-teams-luis.jpg',
    windowTitle: 'Chat - Luis Ortega | Microsoft Teams',
    accent: '#464eb8',
    heading: 'Luis Ortega',
    before: ['Luis Ortega  9:40 AM', '   Need the PO for the truck 187 tire job (WO-7702). Can you send it over?'],
  },
  workOrder: {
    file: 'dispatcher-fleetio-wo-7702.jpg',
    windowTitle: 'Work Order WO-7702 - Fleetio - Google Chrome',
    accent: '#2d9c6f',
    heading: 'Work Order WO-7702 - Truck 187',
    before: [
      'Vendor: TA Truck Service, Louisville, KY',
      'Issue: trailer tire blowout, I-65 S mile 212',
      'Estimate: $640.00      Status: Open',
      'Requested by: Keisha Morgan      Approver: Luis Ortega',
    ],
  },
  rateCon: {
    file: 'dispatcher-acrobat-ratecon.jpg',
    windowTitle: 'RateCon_L-40731_Midwest_Brokerage.pdf - Adobe Acrobat Reader',
    accent: '#b30b00',
    heading: 'Rate Confirmation - Midwest Brokerage',
    before: [
      'Carrier: Redline Freight LLC (MC 884120)      Broker: Midwest Brokerage',
      'Load: L-40731 (broker ref MB-55170)      Dayton, OH to Fort Wayne, IN',
      'Pickup: Oct 21, 2026 15:00      Delivery: Oct 22, 2026 08:00',
      'Linehaul rate: $980.00      Fuel surcharge: included',
      'Broker contact: Shannon Pruitt      Signature required before dispatch',
    ],
  },
  incognito: {
    file: 'dispatcher-chrome-incognito.jpg',
    windowTitle: 'Fantasy Football - Trade offers - Google Chrome (Incognito)',
    accent: '#3c3c3c',
    heading: 'Fantasy Football - Trade offers',
    before: ['Gridiron Gals league - week 7', 'Trade offer: your RB for two WRs'],
    dark: true,
  },
} as const satisfies Record<string, ScreenSpec>;

const w = windowOf(screens);

const windows = {
  inboxEarly: w('Microsoft Outlook', 'inboxEarly'),
  inboxMid: w('Microsoft Outlook', 'inboxMid'),
  boardEarly: w(chrome, 'boardEarly'),
  boardMid: w(chrome, 'boardMid'),
  boardBooked: w(chrome, 'boardBooked'),
  boardLate: w(chrome, 'boardLate'),
  load718: w(chrome, 'load718'),
  load718Delivered: w(chrome, 'load718Delivered'),
  load722: w(chrome, 'load722'),
  fleet: w(chrome, 'fleet'),
  fleetLate: w(chrome, 'fleetLate'),
  messages: w(chrome, 'messages'),
  dat: w(chrome, 'dat'),
  maps: w(chrome, 'maps'),
  workOrder: w(chrome, 'workOrder'),
  callRoadService: w('Dialpad', 'callRoadService'),
  callCarlos: w('Dialpad', 'callCarlos'),
  callShannon: w('Dialpad', 'callShannon'),
  hours: w('Microsoft Excel', 'hours'),
  checkIn: w('Cisco Webex Meetings', 'checkIn'),
  luisChat: w('Microsoft Teams', 'luisChat'),
  rateCon: w('Adobe Acrobat Reader', 'rateCon'),
  // The default exclusions keep any window titled "Incognito" out.
  incognito: w(chrome, 'incognito', { private: true }),
};

type Window = keyof typeof windows;

export const DISPATCHER_DAY: JobDay = {
  id: 'dispatcher',
  job: 'Freight dispatcher',
  user: { name: 'Keisha Morgan', email: 'keisha.morgan@redlinefreight.com' },
  startIso: '2026-10-21T06:00:00.000Z',
  seed: 40718,
  screens,
  windows,
  schedule(): JobSegment[] {
    const s = stretchesOf<Window>(DISPATCHER_DAY);
    const day: JobSegment[] = [
      s('inboxEarly', 5), // 06:00
      s('boardEarly', 12), // 06:05
      s('hours', 13), // 06:17
      s('fleet', 10), // 06:30
      s('load718', 12), // 06:40
      s('inboxEarly', 6), // 06:52
      s('boardEarly', 10), // 06:58
      s('messages', 6), // 07:08
      s('callRoadService', 8, 'reading'), // 07:14
      s('hours', 8), // 07:22
      s('load722', 12), // 07:30
      s('boardMid', 8), // 07:42
      s('fleet', 10), // 07:50
      s('checkIn', 20, 'reading', {
        kind: 'meeting',
        name: 'Daily ops check-in',
        attendees: ['Gary Lindholm', 'Tasha Reed', 'Luis Ortega', 'Megan Cho'],
      }), // 08:00
      s('workOrder', 10), // 08:20
      stretch(DISPATCHER_DAY, 'workOrder', 150, 'away'), // 08:30 a driver at the window, under the idle threshold
      stretch(DISPATCHER_DAY, 'incognito', 45), // 08:32:30
      stretch(DISPATCHER_DAY, 'inboxEarly', 705), // 08:33:15
      s('dat', 20), // 08:45
      s('maps', 8), // 09:05
      s('hours', 10), // 09:13
      s('boardMid', 7), // 09:23
      s('callCarlos', 6, 'reading'), // 09:30
      s('load718', 8), // 09:36
      s('luisChat', 4), // 09:44
      s('luisChat', 7, 'away', { kind: 'break', name: 'a walk to the yard' }), // 09:48
      s('fleet', 15), // 09:55
      s('dat', 15), // 10:10
      s('boardMid', 10), // 10:25
      s('load722', 15), // 10:35
      s('inboxEarly', 35, 'away', { kind: 'lunch' }), // 10:50
      s('fleet', 10), // 11:25
      s('dat', 10), // 11:35
      s('callShannon', 8, 'reading'), // 11:45
      s('inboxMid', 5), // 11:53
      s('rateCon', 10, 'reading'), // 11:58
      s('boardBooked', 10), // 12:08
      s('hours', 8), // 12:18
      s('hours', 6, 'away', { kind: 'break', name: 'phone call' }), // 12:26
      s('load718', 10), // 12:32
      s('fleet', 15), // 12:42
      s('workOrder', 8), // 12:57
      s('maps', 5), // 13:05
      s('fleetLate', 15), // 13:10
      s('luisChat', 5), // 13:25
      s('boardBooked', 15), // 13:30
      s('load722', 8), // 13:45
      s('load718Delivered', 6), // 13:53
    ];
    return fillTo(minutes(8 * 60 + 5), day, (rest) => stretch(DISPATCHER_DAY, 'boardLate', rest)); // 13:59 to 14:05
  },
  interview: {
    'What is your name?': 'Keisha Morgan',
    'What is your role, and what does a good week look like in it?':
      'Day dispatcher; a good week has every truck reloaded the same day and no late deliveries.',
    'Which team are you on, and who do you work with most?':
      'Operations at Redline Freight; I report to Gary Lindholm and work with Tasha Reed (nights), Luis Ortega (fleet) and our drivers.',
    'Which systems and apps do you use for your work?':
      'Tailwind TMS, Samsara for the fleet map and driver messages, DAT One, Dialpad, Outlook, Teams, Webex, Excel for driver hours, Fleetio.',
    'What are you responsible for?': 'Dispatching loads, reloads off the board, driver hours, breakdowns and customer appointments.',
    'Which tasks come back every day, week or month?': 'Daily: 08:00 ops check-in, driver hours at shift start. Weekly: HOS audit prep.',
    'Which apps or windows should never be observed?': 'Incognito browser windows.',
    'Why do you check Samsara so often?':
      'Receivers charge us if we are more than 30 minutes late, so I warn receivers early when a truck slips.',
  },
  truth: {
    items: [
      {
        id: 'L-40718',
        kind: 'load',
        title: 'Lakeshore Steel, Joliet, IL to Dayton, OH',
        aliases: ['INV-10233'],
        people: { driver: 'Carlos Mendez', customer: 'Lakeshore Steel' },
        amounts: { rate: '$2,150.00', 'fuel surcharge': '$312.40', total: '$2,462.40', detention: '$75.00/hr' },
        dates: { delivered: '13:52', 'delivery appointment': '13:30' },
        states: {
          boardEarly: ['Dispatched', 'in progress'],
          boardMid: ['In transit', 'in progress'],
          boardBooked: ['In transit', 'in progress'],
          load718: ['In transit', 'in progress'],
          load718Delivered: ['Delivered', 'done'],
          boardLate: ['Delivered', 'done'],
        },
      },
      {
        id: 'L-40722',
        kind: 'load',
        title: 'Harbor Paper Co., Gary, IN to Louisville, KY',
        people: { driver: 'Dmitri Volkov', 'previous driver': 'Bill Novak' },
        amounts: { rate: '$1,480.00' },
        dates: { 'new ETA': '16:10' },
        states: {
          boardEarly: ['In transit', 'in progress'],
          boardMid: ['In transit', 'in progress'],
          load722: ['In transit', 'in progress'],
          boardLate: ['In transit', 'in progress'],
        },
      },
      {
        id: 'L-40731',
        kind: 'load',
        title: 'Midwest Brokerage, Dayton, OH to Fort Wayne, IN',
        aliases: ['MB-55170'],
        people: { broker: 'Shannon Pruitt', driver: 'Carlos Mendez' },
        amounts: { rate: '$980.00' },
        dates: { pickup: 'Oct 21, 2026 15:00' },
        states: {
          boardEarly: ['Tendered', 'open'],
          boardMid: ['Tendered', 'open'],
          boardBooked: ['Booked', 'scheduled'],
          boardLate: ['Booked', 'scheduled'],
        },
      },
      {
        id: 'L-40699',
        kind: 'load',
        title: 'Prairie Grain Co-op, Peoria, IL to St. Louis, MO',
        states: { boardEarly: ['Declined', 'declined'], boardLate: ['Declined', 'declined'] },
      },
      {
        id: 'WO-7702',
        kind: 'work order',
        title: 'Truck 187 trailer tire',
        people: { 'requested by': 'Keisha Morgan', approver: 'Luis Ortega' },
        amounts: { estimate: '$640.00' },
        states: { workOrder: ['Open', 'open'] },
      },
      {
        id: 'INV-10233',
        kind: 'invoice',
        title: 'Lakeshore Steel for L-40718',
        amounts: { total: '$2,462.40' },
        states: { load718Delivered: ['Ready to send', 'open'] },
      },
    ],
    people: [
      { name: 'Carlos Mendez', role: 'driver, truck 214' },
      { name: 'Bill Novak', role: 'driver, truck 187' },
      { name: 'Dmitri Volkov', role: 'driver, truck 203' },
      { name: 'Rosa Delgado', role: 'driver, truck 221' },
      { name: 'Shannon Pruitt', role: 'broker, Midwest Brokerage' },
      { name: 'Gary Lindholm', role: 'Operations Manager' },
      { name: 'Tasha Reed', role: 'night dispatch' },
      { name: 'Luis Ortega', role: 'fleet maintenance' },
      { name: 'Megan Cho', role: 'customer service' },
    ],
    organisations: [
      'Lakeshore Steel',
      'Harbor Paper Co.',
      'Midwest Brokerage',
      'Prairie Grain Co-op',
      'TA Truck Service',
      'Redline Freight LLC',
    ],
    hosts: [],
    documents: ['RateCon_L-40731_Midwest_Brokerage.pdf', 'Driver hours - Oct 21.xlsx'],
    links: ['keisha.morgan@redlinefreight.com', '2250 Valley Pike, Dayton, OH'],
    reasons: [
      { about: 'moving L-40722 to truck 203', text: '187 has a flat tire at mile 212 on I-65', screen: 'load722' },
      { about: 'declining L-40699', text: 'the rate is below our $2.10/mile floor', screen: 'boardEarly' },
    ],
    owedReplies: ['Shannon Pruitt', 'Luis Ortega'],
  },
};
