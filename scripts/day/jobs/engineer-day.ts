import { fillTo, minutes, stretch, stretchesOf, windowOf, type JobDay, type JobSegment } from '../job-day';
import type { ScreenSpec } from '../screen-render';

/**
 * Jonas Weber, backend engineer on the platform team of Tidewater Systems: a Wednesday chasing a
 * production 502 (PLAT-2147) through the tracker, a dashboard, a shell on the production host, the
 * editor, CI and the team channel, with a stand-up, a code review, a 1:1, an access review and lunch.
 */
const chrome = 'Google Chrome';
const mail = 'Inbox - jonas.weber@tidewater.dev - Tidewater Systems Mail - Google Chrome';

const screens = {
  inbox: {
    file: 'engineer-mail-inbox.jpg',
    windowTitle: mail,
    accent: '#c5221f',
    heading: 'Inbox (7)',
    before: ['jonas.weber@tidewater.dev'],
    table: [
      ['From', 'Subject', 'Received'],
      ['Priyanka Das', 'SOC2 access review due Friday, May 8', '08:47'],
      ['GitHub', '[tidewater/checkout-api] Ana Kim requested your review on #879', '08:31'],
      ['Jira', '[JIRA] Aisha Khan assigned PLAT-2147 to you', '07:15'],
      ['PagerDuty', '[Resolved] INC-311 Checkout 5xx above 2%', '03:52'],
      ['AWS Billing', 'Your April invoice is available - total $18,420.77', 'May 5'],
      ['Buildkite', 'Nightly build passed: checkout-api #5512', 'May 5'],
    ],
    columns: [30, 220, 1120],
    fontSize: 18,
  },
  inboxLate: {
    file: 'engineer-mail-inbox-late.jpg',
    windowTitle: mail,
    accent: '#c5221f',
    heading: 'Inbox (3)',
    before: ['jonas.weber@tidewater.dev'],
    table: [
      ['From', 'Subject', 'Received'],
      ['Tomás Rivera', 'edge-lb-02 maintenance window next Tuesday?', '16:48'],
      ['GitHub', '[tidewater/infra] Terraform plan succeeded for certs', '16:59'],
      ['Google Calendar', 'Invitation: Incident review INC-311 - Thu May 7 11:00', '17:02'],
      ['Priyanka Das', 'SOC2 access review due Friday, May 8', '08:47'],
    ],
    columns: [30, 240, 1120],
    fontSize: 18,
  },
  soc2Mail: {
    file: 'engineer-mail-soc2.jpg',
    windowTitle: 'SOC2 access review due Friday, May 8 - jonas.weber@tidewater.dev - Tidewater Systems Mail - Google Chrome',
    accent: '#c5221f',
    heading: 'SOC2 access review due Friday, May 8',
    before: [
      'From: Priyanka Das <priyanka.das@tidewater.dev>',
      'To: jonas.weber@tidewater.dev',
      'Cc: security@tidewater.dev',
      'Date: Wed, May 6, 2026, 08:47',
      '',
      'Hi Jonas,',
      'please review who still has access to the production hosts and sign the attached list.',
      'Deadline: Friday, May 8, 2026. Remove anyone who has left the team.',
      'Thanks, Priyanka (Engineering Manager, Platform)',
      '',
      'Attachment: SOC2-access-review-2026.pdf',
    ],
  },
  board: {
    file: 'engineer-jira-board.jpg',
    windowTitle: 'Platform sprint 19 - Agile Board - Jira - Google Chrome',
    accent: '#0052cc',
    heading: 'Platform sprint 19',
    table: [
      ['Key', 'Summary', 'Assignee', 'Status'],
      ['PLAT-2147', 'Checkout API returns 502 under load', 'Jonas Weber', 'In Progress'],
      ['PLAT-2152', 'Flaky test: test_refund_partial', 'Ana Kim', 'In Review'],
      ['PLAT-2160', 'Rotate TLS certificates on edge-lb-02', 'Jonas Weber', 'To Do'],
      ['PLAT-2163', 'Alert on queue depth for refunds-worker', 'Aisha Khan', 'Open'],
      ['PLAT-2139', 'Upgrade Redis to 7.2 on cache-01', 'Tomás Rivera', 'Done'],
    ],
    columns: [30, 190, 760, 1000],
    after: ['Sprint ends May 12, 2026 - 3 of 5 issues open'],
  },
  boardLate: {
    file: 'engineer-jira-board-late.jpg',
    windowTitle: 'Platform sprint 19 - Agile Board - Jira - Google Chrome',
    accent: '#0052cc',
    heading: 'Platform sprint 19',
    table: [
      ['Key', 'Summary', 'Assignee', 'Status'],
      ['PLAT-2147', 'Checkout API returns 502 under load', 'Jonas Weber', 'Resolved'],
      ['PLAT-2152', 'Flaky test: test_refund_partial', 'Ana Kim', 'In Review'],
      ['PLAT-2160', 'Rotate TLS certificates on edge-lb-02', 'Jonas Weber', 'In Progress'],
      ['PLAT-2163', 'Alert on queue depth for refunds-worker', 'Aisha Khan', 'Open'],
      ['PLAT-2139', 'Upgrade Redis to 7.2 on cache-01', 'Tomás Rivera', 'Done'],
    ],
    columns: [30, 190, 760, 1000],
    after: ['Sprint ends May 12, 2026 - 3 of 5 issues open'],
  },
  ticket: {
    file: 'engineer-jira-plat-2147.jpg',
    windowTitle: '[PLAT-2147] Checkout API returns 502 under load - Jira - Google Chrome',
    accent: '#0052cc',
    heading: 'PLAT-2147  Checkout API returns 502 under load',
    before: [
      'Status: In Progress      Priority: High      Sprint: Platform sprint 19',
      'Reported by: Aisha Khan      Assigned to: Jonas Weber',
      'Created: May 5, 2026 23:02      Due: May 7, 2026',
      'Environment: production (app-prod-03, app-prod-04)',
      '',
      'Description',
      'Under peak load POST /v2/checkout returns 502 from the edge load balancer edge-lb-02.',
      'Grafana shows upstream resets from app-prod-03 every few minutes.',
      'Linked incident: INC-311    Dashboard: grafana.tidewater.internal/d/checkout',
      '',
      'Comments',
      'Aisha Khan: It started after the keepalive change in #881, I think.',
    ],
    fontSize: 19,
  },
  ticketResolved: {
    file: 'engineer-jira-plat-2147-resolved.jpg',
    windowTitle: '[PLAT-2147] Checkout API returns 502 under load - Jira - Google Chrome',
    accent: '#0052cc',
    heading: 'PLAT-2147  Checkout API returns 502 under load',
    before: [
      'Status: Resolved      Resolution: Fixed      Priority: High',
      'Reported by: Aisha Khan      Assigned to: Jonas Weber',
      'Created: May 5, 2026 23:02      Due: May 7, 2026',
      'Environment: production (app-prod-03, app-prod-04)',
      '',
      'Comments',
      'Aisha Khan: It started after the keepalive change in #881, I think.',
      'Jonas Weber: Fixed by #884 (retry idempotent calls, keepalive 65s).',
      'Jonas Weber: Deployed to production at 16:05; 5xx rate back to 0.3%.',
    ],
    fontSize: 19,
  },
  grafana: {
    file: 'engineer-grafana-checkout.jpg',
    windowTitle: 'Checkout latency - Dashboards - Grafana - Google Chrome',
    accent: '#181b1f',
    heading: 'Checkout latency (production, last 6 hours)',
    table: [
      ['Panel', 'Value', 'Threshold'],
      ['p95 latency', '2,340 ms', '800 ms'],
      ['5xx rate', '4.2%', '1%'],
      ['Upstream resets (app-prod-03)', '118 /h', '0'],
      ['Upstream resets (app-prod-04)', '3 /h', '0'],
      ['Requests', '1,920 /min', ''],
    ],
    columns: [30, 560, 820],
    after: ['grafana.tidewater.internal/d/checkout', 'Alert: Checkout 5xx above 2% (firing)'],
  },
  grafanaAfter: {
    file: 'engineer-grafana-checkout-after.jpg',
    windowTitle: 'Checkout latency - Dashboards - Grafana - Google Chrome',
    accent: '#181b1f',
    heading: 'Checkout latency (production, last 1 hour)',
    table: [
      ['Panel', 'Value', 'Threshold'],
      ['p95 latency', '410 ms', '800 ms'],
      ['5xx rate', '0.3%', '1%'],
      ['Upstream resets (app-prod-03)', '0 /h', '0'],
      ['Upstream resets (app-prod-04)', '0 /h', '0'],
      ['Requests', '2,050 /min', ''],
    ],
    columns: [30, 560, 820],
    after: ['grafana.tidewater.internal/d/checkout', 'Alert: Checkout 5xx above 2% (ok)'],
  },
  shellProd: {
    file: 'engineer-terminal-app-prod-03.jpg',
    windowTitle: 'jweber@app-prod-03: /var/log/checkout',
    accent: '#2e3436',
    heading: 'jweber@app-prod-03: /var/log/checkout',
    before: [
      '$ ssh app-prod-03.tidewater.internal',
      'Last login: Tue May  5 18:12:09 2026 from build-07',
      '$ tail -n 3 /var/log/checkout/error.log',
      '09:58:11 ERROR upstream reset by peer (keepalive_timeout=5s) POST /v2/checkout',
      '09:58:40 ERROR upstream reset by peer (keepalive_timeout=5s) POST /v2/checkout',
      '09:59:02 ERROR retry of POST /charge skipped: not idempotent',
      "$ grep -c 'reset by peer' error.log",
      '118',
      '$ uptime',
      ' 10:02:44 up 41 days,  load average: 7.92, 7.40, 6.85',
      '$ sudo systemctl status checkout-api',
      '  Active: active (running) since Fri 2026-03-27; 5 weeks 5 days ago',
    ],
    dark: true,
    mono: true,
    fontSize: 18,
  },
  shellBuildFail: {
    file: 'engineer-terminal-build-07-fail.jpg',
    windowTitle: 'jweber@build-07: ~/src/checkout-api',
    accent: '#2e3436',
    heading: 'jweber@build-07: ~/src/checkout-api',
    before: [
      '$ git checkout -b fix/PLAT-2147-retry-idempotent',
      "Switched to a new branch 'fix/PLAT-2147-retry-idempotent'",
      '$ npm test -- http',
      ' PASS  src/http/retry.test.ts (12 tests)',
      ' FAIL  src/http/charge.test.ts',
      '   x does not retry POST /charge (41 ms)',
      'Tests: 1 failed, 12 passed, 13 total',
    ],
    dark: true,
    mono: true,
    fontSize: 18,
  },
  shellBuildPass: {
    file: 'engineer-terminal-build-07-pass.jpg',
    windowTitle: 'jweber@build-07: ~/src/checkout-api',
    accent: '#2e3436',
    heading: 'jweber@build-07: ~/src/checkout-api',
    before: [
      '$ npm test -- http',
      ' PASS  src/http/retry.test.ts (14 tests)',
      ' PASS  src/http/charge.test.ts (6 tests)',
      'Tests: 20 passed, 20 total',
      '$ git push -u origin fix/PLAT-2147-retry-idempotent',
      'To github.com:tidewater/checkout-api.git',
      ' * [new branch]  fix/PLAT-2147-retry-idempotent',
    ],
    dark: true,
    mono: true,
    fontSize: 18,
  },
  shellDeploy: {
    file: 'engineer-terminal-deploy-01.jpg',
    windowTitle: 'jweber@deploy-01: ~',
    accent: '#2e3436',
    heading: 'jweber@deploy-01: ~',
    before: [
      '$ ./deploy checkout-api --env production --version 2026.05.06-3',
      'Draining app-prod-04 ... done',
      'Rolling out to app-prod-03, app-prod-04 ... done',
      'Health check https://checkout.tidewater.dev/healthz ... 200 OK',
      'Deployed checkout-api 2026.05.06-3 to production at 16:05',
    ],
    dark: true,
    mono: true,
    fontSize: 18,
  },
  retryTs: {
    file: 'engineer-vscode-retry-ts.jpg',
    windowTitle: 'retry.ts - checkout-api - Visual Studio Code',
    accent: '#007acc',
    heading: 'src/http/retry.ts',
    before: [
      '1  // PLAT-2147: retry only idempotent calls,',
      '2  // because retrying POST /charge could double-charge a card.',
      '3  export async function withRetry<T>(call: () => Promise<T>, opts: RetryOptions) {',
      '4    for (let attempt = 1; ; attempt++) {',
      '5      try {',
      '6        return await call();',
      '7      } catch (error) {',
      '8        if (!opts.idempotent || attempt >= opts.maxAttempts) throw error;',
      '9        await sleep(backoff(attempt, opts.baseDelayMs));',
      '10     }',
      '11   }',
      '12 }',
    ],
    dark: true,
    mono: true,
    fontSize: 18,
  },
  certsTf: {
    file: 'engineer-vscode-certs-tf.jpg',
    windowTitle: 'certs.tf - infra - Visual Studio Code',
    accent: '#007acc',
    heading: 'edge/certs.tf',
    before: [
      '1  # PLAT-2160: rotate the TLS certificates on edge-lb-02 before May 19',
      '2  resource "acme_certificate" "edge" {',
      '3    common_name     = "checkout.tidewater.dev"',
      '4    subject_alternative_names = ["api.tidewater.dev"]',
      '5    min_days_remaining = 30',
      '6  }',
      '7  resource "tls_private_key" "edge" {',
      '8    algorithm = "ECDSA"',
      '9  }',
    ],
    dark: true,
    mono: true,
    fontSize: 18,
  },
  pr884: {
    file: 'engineer-github-pr-884.jpg',
    windowTitle: 'Retry idempotent calls on upstream reset by jweber · Pull Request #884 · tidewater/checkout-api - Google Chrome',
    accent: '#24292f',
    heading: 'Retry idempotent calls on upstream reset #884',
    before: [
      'Open - jweber wants to merge 3 commits into main from fix/PLAT-2147-retry-idempotent',
      '',
      'Fixes PLAT-2147. Raises the upstream keepalive to 65s and retries only idempotent calls,',
      'because retrying POST /charge could double-charge a card.',
      '',
      'Reviewers: Aisha Khan (approved), Tomás Rivera (pending)',
      'Checks: buildkite/checkout-api #5521 - failed (Integration)',
    ],
  },
  pr884Merged: {
    file: 'engineer-github-pr-884-merged.jpg',
    windowTitle: 'Retry idempotent calls on upstream reset by jweber · Pull Request #884 · tidewater/checkout-api - Google Chrome',
    accent: '#24292f',
    heading: 'Retry idempotent calls on upstream reset #884',
    before: [
      'Merged - jweber merged 3 commits into main from fix/PLAT-2147-retry-idempotent',
      '',
      'Fixes PLAT-2147. Raises the upstream keepalive to 65s and retries only idempotent calls,',
      'because retrying POST /charge could double-charge a card.',
      '',
      'Reviewers: Aisha Khan (approved), Tomás Rivera (approved)',
      'Checks: buildkite/checkout-api #5527 - passed',
    ],
  },
  pr879: {
    file: 'engineer-github-pr-879.jpg',
    windowTitle: 'Bump pg driver to 8.12 by akim · Pull Request #879 · tidewater/checkout-api - Google Chrome',
    accent: '#24292f',
    heading: 'Bump pg driver to 8.12 #879',
    before: [
      'Open - akim wants to merge 1 commit into main from deps/pg-8.12',
      'Author: Ana Kim      Reviewers: Jonas Weber (review requested)',
      '',
      'Tested against db-replica-2 with the refund suite. Needed for PLAT-2152.',
      '',
      'package.json:  "pg": "8.11.3"  ->  "pg": "8.12.0"',
      'Checks: buildkite/checkout-api #5519 - passed',
    ],
  },
  pr879Approved: {
    file: 'engineer-github-pr-879-approved.jpg',
    windowTitle: 'Bump pg driver to 8.12 by akim · Pull Request #879 · tidewater/checkout-api - Google Chrome',
    accent: '#24292f',
    heading: 'Bump pg driver to 8.12 #879',
    before: [
      'Open - akim wants to merge 1 commit into main from deps/pg-8.12',
      'Author: Ana Kim      Reviewers: Jonas Weber (approved)',
      '',
      'Tested against db-replica-2 with the refund suite. Needed for PLAT-2152.',
      '',
      'jweber approved these changes: "Looks good. Merge after the 14:00 freeze ends."',
      'Checks: buildkite/checkout-api #5519 - passed',
    ],
  },
  build5521: {
    file: 'engineer-buildkite-5521.jpg',
    windowTitle: 'checkout-api #5521 · fix/PLAT-2147-retry-idempotent - Buildkite - Google Chrome',
    accent: '#14cc80',
    heading: 'checkout-api #5521 - Failed',
    table: [
      ['Step', 'Agent', 'Duration', 'Result'],
      ['Lint', 'build-07', '0:42', 'Passed'],
      ['Unit tests', 'build-07', '3:18', 'Passed'],
      ['Integration', 'build-09', '6:51', 'Failed'],
      ['Deploy to production', 'deploy-01', '-', 'Skipped'],
    ],
    columns: [30, 420, 700, 950],
    after: ['Failed: test_refund_partial (flaky, see PLAT-2152)', 'Triggered by Jonas Weber from fix/PLAT-2147-retry-idempotent'],
  },
  build5527: {
    file: 'engineer-buildkite-5527.jpg',
    windowTitle: 'checkout-api #5527 · fix/PLAT-2147-retry-idempotent - Buildkite - Google Chrome',
    accent: '#14cc80',
    heading: 'checkout-api #5527 - Passed',
    table: [
      ['Step', 'Agent', 'Duration', 'Result'],
      ['Lint', 'build-07', '0:40', 'Passed'],
      ['Unit tests', 'build-07', '3:22', 'Passed'],
      ['Integration', 'build-09', '7:05', 'Passed'],
    ],
    columns: [30, 420, 700, 950],
    after: ['Retry of #5521', 'Triggered by Jonas Weber from fix/PLAT-2147-retry-idempotent'],
  },
  oncall: {
    file: 'engineer-slack-platform-oncall.jpg',
    windowTitle: '#platform-oncall - Tidewater Systems - Slack',
    accent: '#4a154b',
    heading: '#platform-oncall',
    before: [
      'Aisha Khan  9:51 AM',
      '   Checkout 5xx is back at 4% - PLAT-2147. app-prod-03 again.',
      'Jonas Weber  9:56 AM',
      '   Looking. Taking app-prod-03 out of the pool because it resets every upstream connection.',
      'Tomás Rivera  9:58 AM',
      '   Drained app-prod-03 from edge-lb-02. Keeping app-prod-04 in.',
      'Aisha Khan  9:58 AM',
      '   Thanks. Please link the fix PR in the ticket.',
    ],
  },
  oncallLate: {
    file: 'engineer-slack-platform-oncall-late.jpg',
    windowTitle: '#platform-oncall - Tidewater Systems - Slack',
    accent: '#4a154b',
    heading: '#platform-oncall',
    before: [
      'Tomás Rivera  9:58 AM',
      '   Drained app-prod-03 from edge-lb-02. Keeping app-prod-04 in.',
      'Jonas Weber  4:16 PM',
      '   #884 is deployed, 5xx back to 0.3%. Resolving PLAT-2147.',
      'Aisha Khan  4:18 PM',
      '   Great. I will write up INC-311 for the incident review tomorrow.',
      'Tomás Rivera  4:19 PM',
      '   Putting app-prod-03 back in the pool.',
    ],
  },
  dmAna: {
    file: 'engineer-slack-dm-ana.jpg',
    windowTitle: 'Ana Kim (DM) - Tidewater Systems - Slack',
    accent: '#4a154b',
    heading: 'Ana Kim',
    before: [
      'Ana Kim  11:02 AM',
      '   Could you look at #879 before lunch? The refund suite needs the new driver.',
      'Jonas Weber  11:07 AM',
      '   On it after I push the PLAT-2147 branch.',
    ],
  },
  reminders: {
    file: 'engineer-slack-slackbot.jpg',
    windowTitle: 'Slackbot - Tidewater Systems - Slack',
    accent: '#4a154b',
    heading: 'Slackbot',
    before: [
      'Slackbot  3:22 PM',
      '   Reminder: reply to Priyanka Das about the SOC2 access review.',
      'Slackbot  3:22 PM',
      '   Reminder: send Tomás Rivera the edge-lb-02 certificate plan.',
    ],
  },
  standup: {
    file: 'engineer-meet-standup.jpg',
    windowTitle: 'Meet - Platform stand-up - Google Chrome',
    accent: '#00796b',
    heading: 'Platform stand-up',
    before: [
      'meet.google.com/xdr-kpqa-vtm',
      'People (5)',
      '   Priyanka Das (Host)',
      '   Jonas Weber (You)',
      '   Aisha Khan',
      '   Ana Kim',
      '   Tomás Rivera',
      '',
      'Notes: PLAT-2147 is the top priority today; Tomás drains edge-lb-02 if needed.',
    ],
  },
  oneOnOne: {
    file: 'engineer-meet-one-on-one.jpg',
    windowTitle: 'Meet - Jonas / Priyanka 1:1 - Google Chrome',
    accent: '#00796b',
    heading: 'Jonas / Priyanka 1:1',
    before: [
      'meet.google.com/hvb-ztre-nmo',
      'People (2)',
      '   Priyanka Das (Host)',
      '   Jonas Weber (You)',
      '',
      'Shared notes: growth plan for Q3, on-call load, SOC2 sign-off by Friday.',
    ],
  },
  calendar: {
    file: 'engineer-calendar.jpg',
    windowTitle: 'Tidewater Systems - Calendar - Wednesday, May 6, 2026 - Google Chrome',
    accent: '#1a73e8',
    heading: 'Wednesday, May 6, 2026',
    table: [
      ['Time', 'Event', 'Where'],
      ['09:30 - 09:45', 'Platform stand-up', 'Google Meet'],
      ['15:00 - 15:25', 'Jonas / Priyanka 1:1', 'Google Meet'],
      ['16:00 - 16:30', 'Deploy window: checkout-api', '#platform-oncall'],
    ],
    columns: [30, 260, 800],
  },
  rota: {
    file: 'engineer-sheets-oncall-rota.jpg',
    windowTitle: 'Q2 on-call rota - Google Sheets - Google Chrome',
    accent: '#188038',
    heading: 'Q2 on-call rota',
    table: [
      ['Week', 'Primary', 'Secondary'],
      ['May 4 - May 10', 'Jonas Weber', 'Aisha Khan'],
      ['May 11 - May 17', 'Ana Kim', 'Tomás Rivera'],
      ['May 18 - May 24', 'Tomás Rivera', 'Jonas Weber'],
      ['May 25 - May 31', 'Aisha Khan', 'Ana Kim'],
    ],
    columns: [30, 400, 760],
    after: ['On-call allowance: EUR 250 per week (primary), EUR 120 (secondary)'],
  },
  soc2Pdf: {
    file: 'engineer-evince-soc2.jpg',
    windowTitle: 'SOC2-access-review-2026.pdf',
    accent: '#3d3846',
    heading: 'Production access review - Q2 2026',
    table: [
      ['User', 'Hosts', 'Role', 'Keep'],
      ['akim', 'app-prod-03, app-prod-04', 'Developer', 'Yes'],
      ['mlopez', 'db-replica-2', 'Contractor (left Apr 30)', 'Remove'],
      ['trivera', 'edge-lb-02, cache-01', 'SRE', 'Yes'],
      ['jweber', 'app-prod-03, build-07', 'Developer', 'Yes'],
    ],
    columns: [30, 220, 620, 1000],
    after: ['Sign-off due: May 8, 2026      Owner: Priyanka Das'],
  },
  stackOverflow: {
    file: 'engineer-stackoverflow.jpg',
    windowTitle: 'nginx upstream keepalive_timeout causes 502 - Stack Overflow - Google Chrome',
    accent: '#f48024',
    heading: 'nginx upstream keepalive_timeout causes 502',
    before: [
      'Asked 3 years ago   Viewed 48k times',
      'The upstream closes idle connections after 5s while nginx keeps them for 60s,',
      'so nginx reuses a closed connection and returns 502.',
      '',
      'Accepted answer (312 votes):',
      'Make the app keepalive longer than the proxy keepalive, e.g. 65s vs 60s.',
    ],
  },
  keepass: {
    file: 'engineer-keepassxc.jpg',
    windowTitle: 'Passwords.kdbx - KeePassXC',
    accent: '#3b7d23',
    heading: 'Production / app-prod-03 break-glass',
    before: ['User name: root', 'Password: ********', 'Notes: break-glass only, rotate after use (vault code 7731-ALPHA)'],
    dark: true,
  },
} as const satisfies Record<string, ScreenSpec>;

const w = windowOf(screens);

const windows = {
  inbox: w(chrome, 'inbox'),
  inboxLate: w(chrome, 'inboxLate'),
  soc2Mail: w(chrome, 'soc2Mail'),
  board: w(chrome, 'board'),
  boardLate: w(chrome, 'boardLate'),
  ticket: w(chrome, 'ticket'),
  ticketResolved: w(chrome, 'ticketResolved'),
  grafana: w(chrome, 'grafana'),
  grafanaAfter: w(chrome, 'grafanaAfter'),
  shellProd: w('GNOME Terminal', 'shellProd'),
  shellBuildFail: w('GNOME Terminal', 'shellBuildFail'),
  shellBuildPass: w('GNOME Terminal', 'shellBuildPass'),
  shellDeploy: w('GNOME Terminal', 'shellDeploy'),
  retryTs: w('Visual Studio Code', 'retryTs'),
  certsTf: w('Visual Studio Code', 'certsTf'),
  pr884: w(chrome, 'pr884'),
  pr884Merged: w(chrome, 'pr884Merged'),
  pr879: w(chrome, 'pr879'),
  pr879Approved: w(chrome, 'pr879Approved'),
  build5521: w(chrome, 'build5521'),
  build5527: w(chrome, 'build5527'),
  oncall: w('Slack', 'oncall'),
  oncallLate: w('Slack', 'oncallLate'),
  dmAna: w('Slack', 'dmAna'),
  reminders: w('Slack', 'reminders'),
  standup: w(chrome, 'standup'),
  oneOnOne: w(chrome, 'oneOnOne'),
  calendar: w(chrome, 'calendar'),
  rota: w(chrome, 'rota'),
  soc2Pdf: w('Document Viewer', 'soc2Pdf'),
  stackOverflow: w(chrome, 'stackOverflow'),
  keepass: w('KeePassXC', 'keepass', { private: true }),
};

type Window = keyof typeof windows;

export const ENGINEER_DAY: JobDay = {
  id: 'engineer',
  job: 'Software engineer',
  user: { name: 'Jonas Weber', email: 'jonas.weber@tidewater.dev' },
  startIso: '2026-05-06T09:10:00.000Z',
  seed: 2147,
  screens,
  windows,
  schedule(): JobSegment[] {
    const s = stretchesOf<Window>(ENGINEER_DAY);
    const day: JobSegment[] = [
      s('inbox', 5), // 09:10
      s('board', 6), // 09:15
      s('calendar', 2), // 09:21
      s('ticket', 7, 'reading'), // 09:23
      s('standup', 16, 'reading', {
        kind: 'meeting',
        name: 'Platform stand-up',
        attendees: ['Priyanka Das', 'Aisha Khan', 'Ana Kim', 'Tomás Rivera'],
      }), // 09:30
      s('grafana', 9), // 09:46
      s('oncall', 4), // 09:55
      s('shellProd', 14), // 09:59
      s('grafana', 3), // 10:13
      s('retryTs', 22), // 10:16
      s('retryTs', 7, 'away', { kind: 'break', name: 'coffee' }), // 10:38
      s('shellBuildFail', 8), // 10:45
      s('retryTs', 12), // 10:53
      s('dmAna', 4), // 11:05
      s('pr884', 5), // 11:09
      s('pr879', 12, 'reading'), // 11:14
      stretch(ENGINEER_DAY, 'pr879', 150, 'away'), // 11:26 a colleague at the desk, under the idle threshold
      stretch(ENGINEER_DAY, 'pr879Approved', 210), // 11:28:30
      s('build5521', 8), // 11:32
      s('stackOverflow', 8, 'reading'), // 11:40
      s('retryTs', 22), // 11:48
      s('soc2Mail', 6, 'reading'), // 12:10
      s('soc2Pdf', 10, 'reading'), // 12:16
      s('rota', 6), // 12:26
      s('inbox', 48, 'away', { kind: 'lunch' }), // 12:32
      s('oncall', 3), // 13:20
      s('shellProd', 10), // 13:23
      stretch(ENGINEER_DAY, 'keepass', 40), // 13:33
      stretch(ENGINEER_DAY, 'shellProd', 560), // 13:33:40
      s('retryTs', 25), // 13:43
      s('shellBuildPass', 6), // 14:08
      s('build5527', 9), // 14:14
      s('pr884Merged', 5), // 14:23
      s('pr884Merged', 5, 'away', { kind: 'break', name: 'phone call' }), // 14:28
      s('ticket', 4, 'reading'), // 14:33
      s('grafana', 8), // 14:37
      s('soc2Pdf', 10, 'reading'), // 14:45
      s('calendar', 2), // 14:55
      s('oneOnOne', 25, 'reading', { kind: 'meeting', name: '1:1 with Priyanka', attendees: ['Priyanka Das'] }), // 14:57
      s('reminders', 3), // 15:22
      s('soc2Mail', 4, 'reading'), // 15:25
      s('board', 6), // 15:29
      s('retryTs', 25), // 15:35
      s('shellDeploy', 10), // 16:00
      s('grafanaAfter', 6), // 16:10
      s('oncallLate', 5), // 16:16
      s('ticketResolved', 5), // 16:21
      s('boardLate', 4), // 16:26
      s('certsTf', 35), // 16:30
      s('stackOverflow', 10, 'reading'), // 17:05
      s('rota', 5), // 17:15
    ];
    return fillTo(minutes(8 * 60 + 45), day, (rest) => stretch(ENGINEER_DAY, 'inboxLate', rest)); // 17:20 to 17:55
  },
  interview: {
    'What is your name?': 'Jonas Weber',
    'What is your role, and what does a good week look like in it?':
      'Backend engineer on the platform team; a good week ships fixes without paging anyone at night.',
    'Which team are you on, and who do you work with most?':
      'Platform team at Tidewater Systems; I report to Priyanka Das and work most with Aisha Khan (SRE), Ana Kim and Tomás Rivera.',
    'Which systems and apps do you use for your work?':
      'Jira, GitHub, Buildkite, Grafana, VS Code, a terminal on build-07 and the production hosts, Slack, Google Meet, Tidewater mail.',
    'What are you responsible for?': 'The checkout API and its deploys, code reviews for the platform team, on-call every fourth week.',
    'Which tasks come back every day, week or month?':
      'Daily stand-up at 09:30; weekly on-call handover on Monday; quarterly SOC2 access review.',
    'Which apps or windows should never be observed?': 'KeePassXC and private browser windows.',
    'Why do you run the tests on build-07 instead of your laptop?':
      'The integration suite needs the VPN and 32 GB of memory, which my laptop does not have.',
  },
  truth: {
    items: [
      {
        id: 'PLAT-2147',
        kind: 'ticket',
        title: 'Checkout API returns 502 under load',
        aliases: ['#884', 'fix/PLAT-2147-retry-idempotent'],
        people: { 'reported by': 'Aisha Khan', 'assigned to': 'Jonas Weber' },
        dates: { due: 'May 7, 2026', created: 'May 5, 2026 23:02' },
        states: {
          board: ['In Progress', 'in progress'],
          ticket: ['In Progress', 'in progress'],
          ticketResolved: ['Resolved', 'resolved'],
          boardLate: ['Resolved', 'resolved'],
        },
      },
      {
        id: 'PLAT-2152',
        kind: 'ticket',
        title: 'Flaky test: test_refund_partial',
        people: { 'assigned to': 'Ana Kim' },
        states: { board: ['In Review', 'waiting'], boardLate: ['In Review', 'waiting'] },
      },
      {
        id: 'PLAT-2160',
        kind: 'ticket',
        title: 'Rotate TLS certificates on edge-lb-02',
        people: { 'assigned to': 'Jonas Weber' },
        states: { board: ['To Do', 'open'], boardLate: ['In Progress', 'in progress'] },
      },
      {
        id: 'PLAT-2163',
        kind: 'ticket',
        title: 'Alert on queue depth for refunds-worker',
        people: { 'assigned to': 'Aisha Khan' },
        states: { board: ['Open', 'open'], boardLate: ['Open', 'open'] },
      },
      {
        id: 'PLAT-2139',
        kind: 'ticket',
        title: 'Upgrade Redis to 7.2 on cache-01',
        people: { 'assigned to': 'Tomás Rivera' },
        states: { board: ['Done', 'done'], boardLate: ['Done', 'done'] },
      },
      {
        id: '#884',
        kind: 'pull request',
        title: 'Retry idempotent calls on upstream reset',
        people: { author: 'jweber', reviewers: ['Aisha Khan', 'Tomás Rivera'] },
        states: { pr884: ['Open', 'open'], pr884Merged: ['Merged', 'done'] },
      },
      {
        id: '#879',
        kind: 'pull request',
        title: 'Bump pg driver to 8.12',
        people: { author: 'Ana Kim', reviewers: 'Jonas Weber' },
        states: { pr879: ['review requested', 'waiting'], pr879Approved: ['approved', 'approved'] },
      },
      {
        id: '#5521',
        kind: 'build',
        title: 'checkout-api #5521',
        states: { build5521: ['Failed', 'declined'] },
      },
      {
        id: '#5527',
        kind: 'build',
        title: 'checkout-api #5527',
        states: { build5527: ['Passed', 'done'] },
      },
      {
        id: 'INC-311',
        kind: 'incident',
        title: 'Checkout 5xx above 2%',
        states: { inbox: ['Resolved', 'resolved'] },
      },
      {
        id: 'SOC2-access-review-2026.pdf',
        kind: 'document',
        title: 'Production access review - Q2 2026',
        people: { owner: 'Priyanka Das', from: 'Priyanka Das' },
        dates: { 'sign-off due': 'May 8, 2026' },
      },
      {
        id: 'April invoice',
        kind: 'invoice',
        title: 'Your April invoice is available',
        amounts: { total: '$18,420.77' },
      },
    ],
    people: [
      { name: 'Priyanka Das', role: 'Engineering Manager, Platform' },
      { name: 'Aisha Khan', role: 'SRE' },
      { name: 'Ana Kim', role: 'engineer' },
      { name: 'Tomás Rivera', role: 'SRE' },
    ],
    organisations: ['Tidewater Systems', 'AWS', 'GitHub', 'Buildkite', 'PagerDuty'],
    hosts: ['app-prod-03', 'app-prod-04', 'build-07', 'build-09', 'deploy-01', 'edge-lb-02', 'db-replica-2', 'cache-01'],
    documents: ['retry.ts', 'certs.tf', 'SOC2-access-review-2026.pdf', 'Q2 on-call rota', '/var/log/checkout/error.log'],
    links: ['grafana.tidewater.internal/d/checkout', 'meet.google.com/xdr-kpqa-vtm', 'https://checkout.tidewater.dev/healthz'],
    reasons: [
      { about: 'taking app-prod-03 out of the pool', text: 'it resets every upstream connection', screen: 'oncall' },
      { about: 'retrying only idempotent calls', text: 'retrying POST /charge could double-charge a card', screen: 'pr884' },
    ],
    owedReplies: ['Priyanka Das', 'Tomás Rivera'],
  },
};
