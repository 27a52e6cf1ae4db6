import { describe, expect, it } from 'vitest';
import { SpanTracker } from '../../src/core/observe/span-tracker';
import type { Span, SpanSink } from '../../src/core/store/repositories/activity-span';

function memorySink(): SpanSink & { spans: Map<number, Span> } {
  const spans = new Map<number, Span>();
  let next = 1;
  return {
    spans,
    open: (span) => {
      spans.set(next, { ...span });
      return next++;
    },
    update: (key, span) => void spans.set(key, { ...span }),
  };
}

const app = (name: string, title = 'doc') => ({ kind: 'app' as const, app: name, title });

describe('SpanTracker (heartbeat merge)', () => {
  it('merges equal observations into one span instead of a row per poll', () => {
    const sink = memorySink();
    const tracker = new SpanTracker(sink, { maxGapMs: 5000, flushEveryMs: 10_000 });
    for (let t = 0; t <= 60_000; t += 1000) tracker.observe(t, app('Excel'));
    tracker.close();
    expect([...sink.spans.values()]).toEqual([{ kind: 'app', app: 'Excel', title: 'doc', privateReason: null, startMs: 0, endMs: 60_000 }]);
  });

  it('closes a span at the switch and starts the next one there, with no gap or overlap', () => {
    const sink = memorySink();
    const tracker = new SpanTracker(sink, { maxGapMs: 5000, flushEveryMs: 10_000 });
    for (let t = 0; t < 10_000; t += 1000) tracker.observe(t, app('Excel'));
    for (let t = 10_000; t <= 15_000; t += 1000) tracker.observe(t, app('Chrome', 'Bank'));
    tracker.close();
    const spans = [...sink.spans.values()];
    expect(spans.map((s) => [s.app, s.startMs, s.endMs])).toEqual([
      ['Excel', 0, 10_000],
      ['Chrome', 10_000, 15_000],
    ]);
  });

  it('treats a title change within the same app as a new span', () => {
    const sink = memorySink();
    const tracker = new SpanTracker(sink, { maxGapMs: 5000, flushEveryMs: 10_000 });
    tracker.observe(0, app('Excel', 'Budget.xlsx'));
    tracker.observe(1000, app('Excel', 'Ledger.xlsx'));
    tracker.close();
    expect([...sink.spans.values()].map((s) => s.title)).toEqual(['Budget.xlsx', 'Ledger.xlsx']);
  });

  it('cuts the app span back to the last input when idle is detected (idle is never app time)', () => {
    const sink = memorySink();
    const tracker = new SpanTracker(sink, { maxGapMs: 5000, flushEveryMs: 10_000 });
    for (let t = 0; t <= 200_000; t += 1000) tracker.observe(t, app('Excel'));
    // At t=201 s the idle probe reports 180 s without input: the user left at t=21 s.
    tracker.observe(201_000, { kind: 'idle' }, 21_000);
    for (let t = 202_000; t <= 300_000; t += 1000) tracker.observe(t, { kind: 'idle' });
    tracker.observe(301_000, app('Excel'));
    tracker.close();
    const spans = [...sink.spans.values()];
    expect(spans.map((s) => [s.kind, s.startMs, s.endMs])).toEqual([
      ['app', 0, 21_000],
      ['idle', 21_000, 301_000],
      ['app', 301_000, 301_000],
    ]);
  });

  it('keeps private time apart by the exclusion rule that made it private, and names no app or title', () => {
    const sink = memorySink();
    const tracker = new SpanTracker(sink, { maxGapMs: 5000, flushEveryMs: 10_000 });
    for (let t = 0; t <= 4000; t += 1000) tracker.observe(t, { kind: 'private', reason: 'password manager' });
    for (let t = 5000; t <= 9000; t += 1000) tracker.observe(t, { kind: 'private', reason: 'private window' });
    tracker.close();
    expect([...sink.spans.values()]).toEqual([
      { kind: 'private', app: null, title: null, privateReason: 'password manager', startMs: 0, endMs: 5000 },
      { kind: 'private', app: null, title: null, privateReason: 'private window', startMs: 5000, endMs: 9000 },
    ]);
  });

  it('does not bridge a gap longer than maxGapMs (unobserved time is nobody’s)', () => {
    const sink = memorySink();
    const tracker = new SpanTracker(sink, { maxGapMs: 5000, flushEveryMs: 10_000 });
    tracker.observe(0, app('Excel'));
    tracker.observe(3000, app('Excel'));
    tracker.observe(60_000, app('Excel'));
    tracker.close();
    expect([...sink.spans.values()].map((s) => [s.startMs, s.endMs])).toEqual([
      [0, 3000],
      [60_000, 60_000],
    ]);
  });

  it('writes the open span through at most every flush interval, bounding what a crash loses', () => {
    const sink = memorySink();
    let updates = 0;
    const counting: SpanSink = { open: (span) => sink.open(span), update: (k, s) => (updates++, sink.update(k, s)) };
    const tracker = new SpanTracker(counting, { maxGapMs: 5000, flushEveryMs: 10_000 });
    for (let t = 0; t <= 60_000; t += 1000) tracker.observe(t, app('Excel'));
    expect(updates).toBe(6);
    expect(sink.spans.get(1)?.endMs).toBe(60_000);
  });
});
