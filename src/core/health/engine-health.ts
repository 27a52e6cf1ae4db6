import type { Health, HealthReason } from '../../shared/contract/index';
import { healthSummary } from '../../shared/health-text';
import type { Clock } from '../clock';
import type { Settings } from '../config/settings';
import type { EventBus } from '../events';
import type { Observer } from '../observe/observer';
import type { OcrService } from '../ocr/ocr-service';
import type { WritabilityMonitor } from '../store/writability-monitor';
import { deriveHealthReasons, healthStatusOf, type HealthReasonProvider } from './health-reasons';

export interface EngineHealthDeps {
  readonly clock: Clock;
  readonly settings: Settings;
  readonly events: EventBus;
  readonly observer: Observer;
  readonly writability: WritabilityMonitor;
  readonly ocr: OcrService;
}

/**
 * The engine's health: `ok`, `degraded` or `failing` with the reasons, derived on every read from what
 * the capture probes, the store, OCR and the reason providers of other features (the LLM, encryption)
 * report. A new feature adds its state with `addProvider`.
 */
export class EngineHealth {
  private readonly providers: HealthReasonProvider[] = [];
  private lastOcrSuccessMs: number | null = null;

  constructor(private readonly deps: EngineHealthDeps) {
    deps.events.on('screen:text-recognized', () => (this.lastOcrSuccessMs = deps.clock.now()));
  }

  addProvider(provider: HealthReasonProvider): () => void {
    this.providers.push(provider);
    return () => {
      const i = this.providers.indexOf(provider);
      if (i >= 0) this.providers.splice(i, 1);
    };
  }

  report(): Pick<Health, 'status' | 'reasons' | 'summary' | 'capture'> {
    const { observer, writability, ocr, clock, settings } = this.deps;
    const capture = observer.health();
    const reasons: HealthReason[] = deriveHealthReasons(
      {
        nowMs: clock.now(),
        pollIntervalMs: settings.pollIntervalMs,
        capture,
        pollDueSinceMs: observer.lastPollDueSince(),
        unavailable: observer.unavailableCause(),
        clockChange: observer.clockChange(),
        writability: writability.state(),
        ocr: { enabled: settings.ocrEnabled, lastError: ocr.status().lastError },
        lastOcrSuccessMs: this.lastOcrSuccessMs,
      },
      this.providers,
    );
    return { status: healthStatusOf(reasons), reasons, summary: healthSummary({ reasons, capture, source: observer.sourceKind }), capture };
  }
}
