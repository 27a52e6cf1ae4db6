/**
 * Sessions at scale, printed as figures:
 *   node bin/run-ts.js bench/sessions.ts [--sessions 2000] [--turns 1000] [--runs 200]
 *
 * A profile database gets one session of `turns` turns and `sessions - 1` more of 5–15 turns each
 * (prompts and replies from a generated vocabulary, TOC lines stored as after summarizing). Then it
 * times, each `runs` times: the TOC of the long session (target ≤20 ms), search within it and
 * across every session (target p95 ≤50 ms), the fuzzy session list, and building the resume block
 * and history of the long session.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ManualClock } from '../src/core/clock';
import { createOfflineLlmClient } from '../src/core/llm/offline-llm-client';
import { extractiveSummary } from '../src/core/sessions/extractive';
import { SessionService } from '../src/core/sessions/session-service';
import { openDatabase } from '../src/core/store/database';
import { ActivityRepository } from '../src/core/store/repositories/activity-repository';
import { ScreenTextRepository } from '../src/core/store/repositories/screen-text-repository';
import { SessionRepository } from '../src/core/store/repositories/session-repository';
import { recallEngineFor } from '../src/core/recall/recall-engine';

const arg = (name: string, fallback: string): number => {
  const i = process.argv.indexOf(`--${name}`);
  return Number(i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback);
};
const SESSIONS = arg('sessions', '2000');
const LONG_TURNS = arg('turns', '1000');
const RUNS = arg('runs', '200');

const pct = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/** A deterministic generator, so runs compare. */
let seed = 42;
const random = (): number => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const TOPICS = [
  'ledger',
  'invoice',
  'budget',
  'vendor',
  'payroll',
  'expense',
  'forecast',
  'audit',
  'contract',
  'onboarding',
  'refund',
  'shipment',
];
const WORDS = `reconcile export column total march quarter bank statement approval overdue reminder draft customer ticket report
  meeting schedule review figures spreadsheet formula pivot chart deadline tax receipt payment transfer account balance
  discrepancy template email attachment portal login password reset migration database backup release checklist`.split(/\s+/);
const sentence = (topic: string, n: number): string =>
  [pick(['Check', 'Explain', 'Fix', 'Summarize', 'Draft', 'Find']), 'the', topic, ...Array.from({ length: n }, () => pick(WORDS))].join(
    ' ',
  );

function generate(repo: SessionRepository, clock: ManualClock): string {
  let longId = '';
  repo.transaction(() => {
    for (let s = 0; s < SESSIONS; s++) {
      const id = `ses_bench${String(s).padStart(6, '0')}`;
      const turns = s === 0 ? LONG_TURNS : 5 + Math.floor(random() * 11);
      const topic = pick(TOPICS);
      repo.createSession({
        id,
        type: pick(['chat', 'ticket', 'design', 'support']),
        title: `${topic} work ${s}`,
        at: clock.now(),
        model: null,
        tools: [],
        systemPromptHash: null,
      });
      for (let t = 1; t <= turns; t++) {
        const subject = t % 50 === 0 ? pick(TOPICS) : topic;
        const prompt = sentence(subject, 8 + Math.floor(random() * 12));
        const reply = `${sentence(subject, 30 + Math.floor(random() * 60))}. ${sentence(subject, 20)}.`;
        repo.startTurn({
          sessionId: id,
          prompt,
          app: 'Excel',
          windowTitle: 'Ledger 2026.xlsx',
          promptTokens: Math.ceil(prompt.length / 4),
          engine: 'offline',
          at: clock.now(),
        });
        repo.completeTurn({
          sessionId: id,
          number: t,
          reply,
          replyTokens: Math.ceil(reply.length / 4),
          promptTokens: Math.ceil(prompt.length / 4),
          engine: 'offline',
          status: 'complete',
          model: null,
          at: clock.now(),
        });
        repo.setSummary(id, t, extractiveSummary(prompt, reply), 'extractive');
        clock.advance(30_000);
      }
      repo.updateSession(id, { status: s === 0 ? 'paused' : pick(['paused', 'completed', 'interrupted']) });
      if (s === 0) longId = id;
    }
  });
  return longId;
}

function time(runs: number, fn: (i: number) => unknown): number[] {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn(i);
    ms.push(performance.now() - start);
  }
  return ms;
}

const line = (label: string, ms: number[], target?: string): string =>
  `${label.padEnd(44)} p50 ${pct(ms, 50).toFixed(2).padStart(7)} ms   p95 ${pct(ms, 95).toFixed(2).padStart(7)} ms   max ${Math.max(...ms)
    .toFixed(2)
    .padStart(7)} ms${target ? `   (target ${target})` : ''}`;

const dir = mkdtempSync(join(tmpdir(), 'shadow-bench-sessions-'));
try {
  const file = join(dir, 'shadow.db');
  const db = openDatabase(file);
  const clock = new ManualClock(Date.parse('2026-01-05T09:00:00Z'));
  const repo = new SessionRepository(db);
  const genStart = performance.now();
  const longId = generate(repo, clock);
  const genMs = performance.now() - genStart;
  const turns = (db.prepare('SELECT COUNT(*) AS n FROM turns').get() as { n: number }).n;
  const service = new SessionService({
    repo,
    activity: new ActivityRepository(db),
    screenText: new ScreenTextRepository(db),
    recall: recallEngineFor(db, false),
    llm: createOfflineLlmClient(),
    clock,
    llmContext: () => '',
    currentWindow: () => ({ app: null, title: null }),
  });

  const queries = Array.from({ length: RUNS }, () => `${pick(TOPICS)} ${pick(WORDS)}`);
  const single = Array.from({ length: RUNS }, () => pick(WORDS));
  const toc = time(RUNS, () => service.toc(longId));
  const inSession = time(RUNS, (i) => service.search(longId, single[i]!, 20));
  const across = time(RUNS, (i) => service.searchAll({ q: queries[i]!, screen: false, limit: 20 }));
  const acrossFiltered = time(RUNS, (i) =>
    service.searchAll({ q: single[i]!, type: 'ticket', status: 'paused', from: '2026-01-06', screen: false, limit: 20 }),
  );
  const list = time(Math.min(RUNS, 50), (i) => service.list({ q: `${queries[i]!.split(' ')[0]} wrk`, limit: 20 }));
  const resume = time(Math.min(RUNS, 50), () => service.resumeView(longId));
  const resumeView = service.resumeView(longId);

  console.log(`Sessions bench — ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), load ${loadavg()[0]!.toFixed(2)}`);
  console.log(
    `Generated ${SESSIONS} sessions, ${turns} turns (one of ${LONG_TURNS}) in ${(genMs / 1000).toFixed(1)} s; database ${(statSync(file).size / 1e6).toFixed(1)} MB (+WAL)\n`,
  );
  console.log(line(`TOC of the ${LONG_TURNS}-turn session`, toc, '≤20 ms'));
  console.log(line(`search within the ${LONG_TURNS}-turn session`, inSession, 'p95 ≤50 ms'));
  console.log(line(`search across ${SESSIONS} sessions`, across, 'p95 ≤50 ms'));
  console.log(line('  … with type/status/date filters', acrossFiltered, 'p95 ≤50 ms'));
  console.log(line(`fuzzy session list over ${SESSIONS}`, list));
  console.log(line(`resume block + history (${LONG_TURNS} turns)`, resume));
  console.log(
    `\nResume history: ${resumeView.wholeTurns} turns whole, ${resumeView.summarizedTurns} summarized, ${resumeView.history.length} messages`,
  );
  db.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
