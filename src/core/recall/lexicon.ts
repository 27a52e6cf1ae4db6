/**
 * The small general lexicon recall reads questions with: everyday words for kinds of apps and work
 * (never a day's nouns), the words every question has, and the shorthands people type.
 */

/** Words every question has: they say how it asks, not what it is about. */
export const FILLER = new Set(
  `a an the this that these those my our your his her their its me i we you he she they it them us myself mine im i'm
  what which who whom whose when where why how whats what's was were is are am be been being do did does done doing have has had
  having once can could would should will shall may might must let lets please tell show give find know say said
  in on at of to for from with by about into onto over under after before during between since until till up down out off
  and or but not no nor so than then also just only very really quite still yet ever even again
  time times long much many spent spend spending working work worked doing do
  today yesterday tonight morning afternoon evening night noon week month day days hour hours minute minutes lunch lunchtime
  roughly approximately approx around about exactly total overall altogether so far all any some
  see saw seen look looked looking read open opened check checked view viewed use used using go went
  first last latest recent recently earlier later ago now there here get got take took takes make made
  active activity busy computer anything something everything stuff most least more often usually mostly
  should next switch switched switching often so anyway actually basically like kind sort bit lot lots
  hey hi hello ok okay um uh yeah yes thanks thank pls plz quick quickly remind remember recall wondering wonder
  spend spent right just straight immediately soon already actually exactly maybe perhaps probably`.split(/\s+/),
);

/** Shorthands and contractions, as people type them, to the words they stand for. */
export const SHORTHANDS: Readonly<Record<string, string>> = {
  u: 'you',
  ur: 'your',
  r: 'are',
  pls: 'please',
  plz: 'please',
  ppl: 'people',
  msg: 'message',
  msgs: 'messages',
  mins: 'minutes',
  min: 'minutes',
  hrs: 'hours',
  hr: 'hour',
  b4: 'before',
  '2day': 'today',
  tmrw: 'tomorrow',
  yday: 'yesterday',
  w: 'with',
  wrt: 'about',
  abt: 'about',
  bc: 'because',
  cuz: 'because',
  tho: 'though',
  thx: 'thanks',
  wat: 'what',
  wht: 'what',
  wut: 'what',
  hw: 'how',
  whn: 'when',
  whr: 'where',
  wich: 'which',
  wen: 'when',
  lng: 'long',
  ive: 'i have',
  im: 'i am',
  dont: 'do not',
  didnt: 'did not',
  didn: 'did not',
  wasnt: 'was not',
  havent: 'have not',
  whats: 'what is',
  wheres: 'where is',
  whos: 'who is',
  hows: 'how is',
  asap: 'soon',
};

/** Everyday names for kinds of apps and work: a question's word on the left finds any of these in a title, an app or a line. */
/** Electronic health record products: what "the EHR" or "the EMR" is in a clinic. */
const HEALTH_RECORD_PRODUCTS = [
  'epic',
  'cerner',
  'athenaone',
  'athenahealth',
  'athena',
  'eclinicalworks',
  'nextgen',
  'allscripts',
  'meditech',
  'drchrono',
  'kareo',
];

export const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  email: ['outlook', 'mail', 'thunderbird', 'gmail', 'inbox', 'e-mail'],
  mail: ['outlook', 'mail', 'thunderbird', 'gmail', 'inbox', 'email'],
  inbox: ['outlook', 'mail', 'gmail', 'inbox'],
  browser: ['chrome', 'firefox', 'edge', 'safari', 'brave', 'chromium', 'opera'],
  web: ['chrome', 'firefox', 'edge', 'safari', 'brave', 'chromium', 'browser'],
  internet: ['chrome', 'firefox', 'edge', 'safari', 'brave', 'chromium', 'browser'],
  spreadsheet: ['excel', 'sheets', 'calc', 'numbers', 'xlsx', 'csv', 'spreadsheet'],
  sheet: ['excel', 'sheets', 'calc', 'xlsx', 'spreadsheet'],
  chat: ['slack', 'teams', 'discord', 'chat', 'messages', 'whatsapp', 'mattermost', 'zulip'],
  messages: ['slack', 'teams', 'discord', 'chat', 'message', 'messages'],
  message: ['slack', 'teams', 'discord', 'chat', 'message', 'messages', 'dm'],
  dm: ['slack', 'teams', 'direct message', 'dm'],
  pdf: ['acrobat', 'pdf', 'preview', 'evince', 'okular'],
  calendar: ['calendar', 'outlook', 'agenda', 'schedule'],
  schedule: ['calendar', 'schedule', 'agenda'],
  terminal: ['terminal', 'konsole', 'iterm', 'xterm', 'shell', 'bash', 'zsh', 'powershell', 'ssh', 'console', 'alacritty', 'kitty', 'tmux'],
  shell: ['terminal', 'konsole', 'iterm', 'xterm', 'shell', 'bash', 'zsh', 'powershell', 'ssh', 'console'],
  console: ['terminal', 'konsole', 'iterm', 'xterm', 'shell', 'console'],
  command: ['terminal', 'konsole', 'iterm', 'xterm', 'shell', 'bash', 'zsh', 'powershell'],
  editor: ['code', 'vim', 'emacs', 'sublime', 'intellij', 'idea', 'pycharm', 'webstorm', 'editor', 'notepad'],
  ide: ['code', 'intellij', 'idea', 'pycharm', 'webstorm', 'eclipse', 'xcode', 'visual studio'],
  code: ['code', 'vscode', 'intellij', 'idea', 'pycharm'],
  meeting: ['meeting', 'zoom', 'teams', 'meet', 'webex', 'call', 'standup', 'stand-up', 'sync', 'huddle', '1:1', 'interview'],
  call: ['call', 'zoom', 'teams', 'meet', 'webex', 'meeting', 'huddle', 'phone', 'dial'],
  standup: ['standup', 'stand-up', 'stand up', 'daily', 'scrum'],
  sync: ['sync', 'meeting', '1:1', 'check-in'],
  ticket: ['ticket', 'issue', 'incident', 'jira', 'servicenow', 'zendesk', 'case', 'bug', 'request'],
  issue: ['issue', 'ticket', 'bug', 'incident', 'jira', 'github'],
  bug: ['bug', 'issue', 'defect', 'ticket', 'error'],
  incident: ['incident', 'outage', 'ticket', 'alert', 'pagerduty'],
  server: ['server', 'host', 'machine', 'instance', 'node', 'box', 'vm', 'ssh'],
  host: ['host', 'server', 'machine', 'instance', 'node'],
  machine: ['machine', 'server', 'host', 'instance', 'node', 'vm'],
  invoice: ['invoice', 'bill', 'inv'],
  bill: ['bill', 'invoice'],
  customer: ['customer', 'client', 'account'],
  client: ['client', 'customer', 'account', 'matter'],
  vendor: ['vendor', 'supplier'],
  supplier: ['supplier', 'vendor'],
  deploy: ['deploy', 'deployment', 'release', 'rollout', 'ship'],
  release: ['release', 'deploy', 'deployment', 'rollout'],
  fix: ['fix', 'patch', 'hotfix', 'resolve', 'resolved', 'fixed'],
  error: ['error', 'exception', 'failure', 'failed', 'crash', 'bug', 'timeout'],
  candidate: ['candidate', 'applicant'],
  applicant: ['applicant', 'candidate'],
  interview: ['interview', 'screen', 'onsite', 'phone screen'],
  payment: ['payment', 'pay', 'paid', 'remittance', 'transfer', 'ach', 'wire'],
  appointment: ['appointment', 'booking', 'visit', 'slot', 'appt'],
  booking: ['booking', 'appointment', 'reservation'],
  order: ['order', 'purchase', 'po'],
  pr: ['pr', 'pull request', 'merge request', 'review'],
  repo: ['repo', 'repository', 'github', 'gitlab', 'bitbucket'],
  doc: ['doc', 'docs', 'document', 'word', 'google docs'],
  document: ['document', 'doc', 'docs', 'word', 'pdf', 'file'],
  slides: ['slides', 'powerpoint', 'keynote', 'deck', 'presentation'],
  deck: ['deck', 'slides', 'powerpoint', 'keynote', 'presentation'],
  notes: ['notes', 'notion', 'onenote', 'obsidian', 'evernote'],
  wiki: ['wiki', 'confluence', 'notion'],
  crm: ['crm', 'salesforce', 'hubspot', 'pipedrive', 'dynamics', 'zoho', 'copper', 'freshsales'],
  // Kinds of business software by the products that are that kind (what "the ATS" or "the EHR" is on any job).
  ats: ['ats', 'greenhouse', 'lever', 'workday', 'icims', 'ashby', 'smartrecruiters', 'jobvite', 'taleo', 'workable'],
  ehr: ['ehr', 'emr', ...HEALTH_RECORD_PRODUCTS],
  emr: ['emr', 'ehr', ...HEALTH_RECORD_PRODUCTS],
  hris: ['hris', 'workday', 'bamboohr', 'rippling', 'gusto', 'adp', 'personio', 'hibob'],
  erp: ['erp', 'netsuite', 'sap', 'dynamics', 'odoo', 'sage', 'acumatica'],
  helpdesk: ['helpdesk', 'zendesk', 'freshdesk', 'servicenow', 'jira', 'intercom', 'freshservice', 'helpscout'],
  ticketing: ['ticketing', 'zendesk', 'freshdesk', 'servicenow', 'jira', 'freshservice', 'helpscout'],
  itsm: ['itsm', 'servicenow', 'freshservice', 'jira', 'zendesk'],
  telematics: ['telematics', 'samsara', 'motive', 'geotab', 'omnitracs', 'keeptruckin'],
  eld: ['eld', 'samsara', 'motive', 'geotab', 'omnitracs', 'keeptruckin'],
  lms: ['lms', 'canvas', 'moodle', 'blackboard', 'schoology', 'brightspace'],
  sis: ['sis', 'powerschool', 'skyward', 'infinite campus'],
  esign: ['esign', 'docusign', 'hellosign', 'pandadoc', 'adobe sign'],
  budget: ['budget', 'spend', 'forecast'],
  shipment: ['shipment', 'load', 'delivery', 'freight', 'tracking'],
  delivery: ['delivery', 'shipment', 'load', 'drop'],
  driver: ['driver', 'courier'],
  patient: ['patient', 'client'],
  contract: ['contract', 'agreement', 'nda'],
  court: ['court', 'hearing', 'filing', 'docket'],
  article: ['article', 'blog', 'news', 'post', 'story'],
  news: ['news', 'article'],
  video: ['video', 'youtube', 'vimeo'],
  music: ['music', 'spotify'],
};

/** The other ways a word is written (spelling, hyphens) that should match it. */
export const SPELLINGS: Readonly<Record<string, readonly string[]>> = {
  'stand-up': ['standup', 'stand up'],
  standup: ['stand-up'],
  'e-mail': ['email'],
  organise: ['organize'],
  summarise: ['summarize'],
  cancelled: ['canceled'],
  canceled: ['cancelled'],
};

/**
 * Common English words that are never a typo of a word of the day ("came" is not "case", "talk" is
 * not "task"): a question's word in this list is read as written.
 */
export const COMMON_WORDS = new Set(
  `about above across act add added after again against ago all almost alone along already also always among an and another answer
  any anyone anything are area around ask asked at away back bad be became because become been before began begin behind being
  below best better between big both bring brought build built but buy by call called came can case change changed city close
  come comes coming could country course cut day did different do does done door down draw during each early end enough even ever
  every eye face fact fall family far fast feel felt few find first five follow food for form found four free friend from full gave
  get gets give given go goes going gone good got great group grow had half hand hard has have head hear heard help her here high him
  his hold home hour house how idea if important in into is it its just keep kept kind knew know known land large last late later
  lead learn least leave left less let life light like line list little live long look looked lot made make man many may me mean
  men might mind miss money more most mother move much must my name near need needed never new next night no not note nothing now
  number of off often old on once one only open or order other our out over own page paper part past people place plan play point
  power problem pull pulled push put question quick quite ran reach read ready real really right room round run said same saw say
  school second see seem seemed seen self sent set several shall short should show side since small so some something sometimes
  soon sound start started state still stop story study such sure take taken talk tell than that the their them then there these
  they thing think this those though thought three through time to today together told too took top toward tried true try turn
  turned two under until up upon us use used very wait walk want wanted was watch water way we week well went were what when where
  whether which while white who whole why will with within without word words work world would write year yet you young your
  went came got gone ran sat stood brought bought caught taught fought sought worked fixed pushed pulled tried asked told`.split(/\s+/),
);
