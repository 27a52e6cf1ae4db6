/**
 * LLM context assembly over a year of history, printed as figures:
 *   node bin/run-ts.js bench/llm-context-assembly.ts [--days 250] [--calls 1000] [--day profiles/demo/day]
 *
 * A profile database gets `days` work days of synthetic history (work sessions, ~15 tasks a day from
 * a pool of recurring tasks, ~40 rolling and one final summary a day, answered questions, the
 * interview). The core then opens it and replays the first 90 minutes of the demo day, so a work
 * session is live with tasks, a theory and summaries. Then `memory.llmContext.preview()` — the whole
 * path of a call: session snapshot from SQLite, history ranking, token counting, budgets — runs
 * `calls` times with the current activity changing, and p50/p95 are printed. Loading the history
 * from SQLite (once per work session) is timed apart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ManualClock } from '../src/core/clock';
import { resolveProfilePaths } from '../src/core/config/paths';
import { TOKEN_BUDGETS } from '../src/core/memory/llm-context-assembly';
import { loadHistoricalContext } from '../src/core/memory/history';
import { tokenCount } from '../src/core/llm/tokens';
import type { ReplaySource } from '../src/core/observe/sources/replay-source';
import { createShadowCore } from '../src/core/shadow-core';
import { openDatabase, type Db } from '../src/core/store/database';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const DAYS = Number(arg('days', '250'));
const CALLS = Number(arg('calls', '1000'));
const DAY = resolve(arg('day', 'profiles/demo/day'));

const pct = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

const POOL = [
  ['Microsoft Excel', 'Ledger 2026.xlsx - Excel'],
  ['Google Chrome', 'Northwind Bank — Business Portal - Google Chrome'],
  ['Google Chrome', 'NetSuite - Vendor Bills - Google Chrome'],
  ['Microsoft Outlook', 'Inbox - dana@example.com - Outlook'],
  ['Slack', '#finance - Contoso - Slack'],
  ['Microsoft Excel', 'Q3 Budget.xlsx - Excel'],
  ['Adobe Acrobat Reader', 'Invoice-{n}.pdf - Adobe Acrobat Reader'],
  ['Google Chrome', 'Jira - FIN-{n} Vendor onboarding - Google Chrome'],
  ['Microsoft Word', 'Payment run checklist.docx - Word'],
  ['Microsoft Teams', 'Weekly AP sync | Microsoft Teams'],
  ['Google Chrome', 'Concur - Expense reports - Google Chrome'],
  ['Microsoft Excel', 'Accruals {month}.xlsx - Excel'],
] as const;

/** Deterministic pseudo-random numbers, so every run generates the same year. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function generateYear(db: Db, endMs: number): { sessions: number; tasks: number; summaries: number; questions: number } {
  const rand = rng(42);
  const counts = { sessions: 0, tasks: 0, summaries: 0, questions: 0 };
  const ins = {
    ws: db.prepare(
      `INSERT INTO work_sessions (started_at, ended_at, status, source, end_reason) VALUES (?, ?, 'completed', 'replay', 'end of day') RETURNING id`,
    ),
    span: db.prepare(`INSERT INTO activity_spans (work_session_id, kind, app, title, start_ms, end_ms) VALUES (?, 'app', ?, ?, ?, ?)`),
    task: db.prepare(
      `INSERT INTO tasks (work_session_id, name, start_ms, end_ms, is_open, apps, titles, switches, brief) VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?)`,
    ),
    summary: db.prepare(
      `INSERT INTO work_session_summaries (work_session_id, at_ms, kind, text, token_count, engine, fallback_reason, duration_ms, tasks, apps) VALUES (?, ?, ?, ?, ?, 'offline', NULL, ?, ?, ?)`,
    ),
    question: db.prepare(
      `INSERT INTO questions (work_session_id, asked_at, text, normalized, trigger, subject, status, answer, answered_at, engine) VALUES (?, ?, ?, ?, 'switching', ?, 'answered', ?, ?, 'offline')`,
    ),
  };
  db.transaction(() => {
    let day = 0;
    for (let back = 1; day < DAYS; back++) {
      const start = endMs - back * 86_400_000;
      const weekday = new Date(start).getUTCDay();
      if (weekday === 0 || weekday === 6) continue;
      day++;
      const dayStart = start - (start % 86_400_000) + 8.5 * 3_600_000;
      const wsId = (ins.ws.get(dayStart, dayStart + 8 * 3_600_000) as { id: number }).id;
      counts.sessions++;
      let t = dayStart;
      const lines: string[] = [];
      const names: string[] = [];
      for (let k = 0; k < 15; k++) {
        const [app, rawTitle] = POOL[Math.floor(rand() * POOL.length)]!;
        const title = rawTitle
          .replace('{n}', String(4000 + Math.floor(rand() * 900)))
          .replace('{month}', ['Jan', 'Feb', 'Mar', 'Apr'][k % 4]!);
        const minutes = 5 + Math.floor(rand() * 40);
        const end = t + minutes * 60_000;
        const name = `${title.split(' - ')[0]} (${app})`;
        const brief = `${minutes} min in ${app} on “${title.split(' - ')[0]}”.`;
        ins.task.run(wsId, name, t, end, JSON.stringify([app]), JSON.stringify([title]), Math.floor(rand() * 10), brief);
        ins.span.run(wsId, app, title, t, end);
        counts.tasks++;
        lines.push(`${new Date(t).toISOString().slice(11, 16)} ${name}: ${brief}`);
        names.push(name);
        t = end;
      }
      for (let r = 0; r < 40; r++) {
        const text = `So far: ${lines.slice(0, 1 + (r % 15)).join('\n')}`;
        ins.summary.run(wsId, dayStart + r * 12 * 60_000, 'rolling', text, Math.min(500, tokenCount(text)), r * 12 * 60_000, '[]', '[]');
        counts.summaries++;
      }
      const final = `Work session (08:30–16:30): 15 tasks.\n${lines.join('\n')}`;
      const finalTokens = tokenCount(final);
      ins.summary.run(
        wsId,
        dayStart + 8 * 3_600_000,
        'final',
        final,
        Math.min(500, finalTokens),
        8 * 3_600_000,
        JSON.stringify(names),
        JSON.stringify([...new Set(names.map((n) => n.replace(/.*\(|\)$/g, '')))]),
      );
      counts.summaries++;
      if (day % 3 === 0) {
        const text = `You switched between “${names[0]}” and “${names[1]}” often — what are you working on across them?`;
        ins.question.run(
          wsId,
          dayStart + 3_600_000,
          text,
          text.toLowerCase(),
          `${names[0]}<>${names[1]}`,
          `Matching ${names[0]} against ${names[1]} for the daily reconciliation.`,
          dayStart + 3_700_000,
        );
        counts.questions++;
      }
    }
  })();
  return counts;
}

const home = mkdtempSync(join(tmpdir(), 'shadow-bench-context-'));
try {
  const paths = resolveProfilePaths({ SHADOW_HOME: home, SHADOW_PROFILE: 'bench' });
  const demoStart = Date.parse('2026-03-10T08:30:00.000Z');
  const genStarted = performance.now();
  const db = openDatabase(paths.database);
  const counts = generateYear(db, demoStart);
  db.close();
  const genMs = performance.now() - genStarted;

  const core = createShadowCore({ paths, replayDir: DAY, env: {}, settings: { ocrEnabled: false, pollIntervalMs: 1000 } });
  try {
    await core.memory.interview.saveAnswers({
      role: 'Accounts payable specialist',
      systems: 'Excel, NetSuite, Northwind Bank portal, Outlook, Slack',
      responsibilities: 'Vendor bills, payment runs, bank reconciliation, budget tracking',
      'recurring-tasks': 'Daily invoice processing and bank matching; weekly payment run; month-end close',
    });
    const source = core.source as ReplaySource;
    const clock = core.clock as ManualClock;
    core.observer.start();
    for (let t = source.startMs; t <= source.startMs + 90 * 60_000; t += 1000) {
      clock.set(t);
      await core.observer.tick();
      await core.memory.pipeline.idle();
    }
    // Loading history happens once per work session; it is timed apart from the per-call path.
    const loadStarted = performance.now();
    const history = loadHistoricalContext(core.memory.repositories, clock.now());
    const loadMs = performance.now() - loadStarted;
    const first = core.memory.llmContext.preview('chat');

    const samples: number[] = [];
    // CPU time of the call, apart from wall time: on a busy machine the wall clock also counts waiting for a core.
    const cpuSamples: number[] = [];
    let maxTotal = 0;
    let maxHistory = 0;
    for (let i = 0; i < CALLS; i++) {
      // Move through the day so the current activity (and the history ranking) changes between calls.
      if (i % 20 === 0) {
        clock.advance(20_000);
        await core.observer.tick();
        await core.memory.pipeline.idle();
      }
      const started = performance.now();
      const cpu0 = process.cpuUsage();
      const ctx = core.memory.llmContext.preview(i % 2 ? 'chat' : 'summary');
      const cpu = process.cpuUsage(cpu0);
      samples.push(performance.now() - started);
      cpuSamples.push((cpu.user + cpu.system) / 1000);
      maxTotal = Math.max(maxTotal, ctx.receipt.tokens.total);
      maxHistory = Math.max(maxHistory, ctx.receipt.tokens.history);
    }
    console.log(
      `history: ${counts.sessions} work days, ${counts.tasks} tasks, ${counts.summaries} summaries, ${counts.questions} answered questions (generated in ${genMs.toFixed(0)} ms)`,
    );
    console.log(`loadHistoricalContext (once per work session): ${loadMs.toFixed(1)} ms for ${history.items.length} items`);
    console.log(`tokens per tier of one call: ${JSON.stringify(first.receipt.tokens)}`);
    console.log(
      `assembleLlmContext over ${CALLS} calls: p50 ${pct(samples, 50).toFixed(2)} ms, p95 ${pct(samples, 95).toFixed(2)} ms, max ${Math.max(...samples).toFixed(2)} ms (target p95 ≤ 10 ms)`,
    );
    console.log(
      `  CPU time per call: p50 ${pct(cpuSamples, 50).toFixed(2)} ms, p95 ${pct(cpuSamples, 95).toFixed(2)} ms; load average now ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`,
    );
    console.log(
      `largest text: ${maxTotal} tokens (budget ${TOKEN_BUDGETS.totalText}); largest history tier: ${maxHistory} tokens (budget ${TOKEN_BUDGETS.history})`,
    );
  } finally {
    core.close();
  }
} finally {
  rmSync(home, { recursive: true, force: true });
}
