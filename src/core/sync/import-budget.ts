/**
 * What one device may cost in one exchange (docs/sync.md "What the folder cannot do"): bytes read from
 * its folder, bytes unpacked, records and lines decoded, files opened and wall time. Checked before each
 * file is read, so a device stops for this exchange once its budget is used and at most one segment
 * goes past it, itself bounded by the per-segment limits (segment-codec.ts). Each of these is bigger than
 * one segment may be, so every exchange gets at least one segment further: a backlog is worked through
 * over several exchanges, never refused.
 */
export interface BudgetLimits {
  readonly bytes: number;
  readonly unpackedBytes: number;
  readonly records: number;
  readonly lines: number;
  readonly files: number;
  readonly ms: number;
}

export const DEVICE_BUDGET: BudgetLimits = {
  bytes: 64 * 1024 * 1024,
  unpackedBytes: 256 * 1024 * 1024,
  records: 400_000,
  lines: 400_000,
  files: 2_000,
  ms: 20_000,
};

export type BudgetUse = { -readonly [K in keyof BudgetLimits]: number };

const WORDS: Record<keyof BudgetLimits, (limit: number) => string> = {
  bytes: (n) => `${Math.round(n / 1048576)} MiB read`,
  unpackedBytes: (n) => `${Math.round(n / 1048576)} MiB unpacked`,
  records: (n) => `${n.toLocaleString('en-US')} records`,
  lines: (n) => `${n.toLocaleString('en-US')} lines`,
  files: (n) => `${n.toLocaleString('en-US')} files opened`,
  ms: (n) => `${n / 1000} s`,
};

export class ImportBudget {
  readonly used: BudgetUse = { bytes: 0, unpackedBytes: 0, records: 0, lines: 0, files: 0, ms: 0 };
  private readonly startedAt: number;

  constructor(
    readonly limits: BudgetLimits = DEVICE_BUDGET,
    private readonly monotonicMs: () => number = () => performance.now(),
  ) {
    this.startedAt = monotonicMs();
  }

  charge(use: Partial<Omit<BudgetUse, 'ms'>>): void {
    for (const [key, n] of Object.entries(use) as [keyof BudgetUse, number][]) this.used[key] += n;
  }

  /** What of the budget is used up, in words (`64 MiB read`), or null while there is some of each left. */
  exhausted(): string | null {
    this.used.ms = this.monotonicMs() - this.startedAt;
    const over = (Object.keys(this.limits) as (keyof BudgetLimits)[]).find((key) => this.used[key] >= this.limits[key]);
    return over ? WORDS[over](this.limits[over]) : null;
  }
}
