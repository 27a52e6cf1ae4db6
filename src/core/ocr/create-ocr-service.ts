import type { Clock } from '../clock';
import type { Settings } from '../config/settings';
import type { EventBus } from '../events';
import type { CaptureSource } from '../observe/sources/capture-source';
import type { ScreenTextRepository } from '../store/repositories/screen-text-repository';
import { OcrService, type OcrPrivacy } from './ocr-service';
import { createOcrProcessRecognizer } from './ocr-process-recognizer';
import type { TextRecognizer } from './text-recognizer';

/**
 * Desktop frames hold their own screenshot buffers, so few wait at once: at one frame per
 * capture interval, eight is over a minute of backlog. A replay's frames are references to a
 * handful of cached images arriving far faster than real time; a deep queue costs little memory
 * there, and the cache by image hash reads each distinct image once.
 */
export const OCR_QUEUE_CAPACITY = { desktop: 8, replay: 4096 } as const;

export interface OcrWiring {
  readonly settings: Settings;
  readonly repository: ScreenTextRepository;
  readonly events: EventBus;
  readonly clock: Clock;
  readonly sourceKind: CaptureSource['kind'];
  readonly recognizer?: TextRecognizer;
  readonly privacy?: OcrPrivacy;
  /** A reader core (the CLI, `shadow mcp`) reads the screen text the observing app keeps and never runs OCR. */
  readonly reader?: boolean;
}

/** Starts OCR of kept frames unless `ocrEnabled` is off or the core is a reader. */
export function createOcrService(wiring: OcrWiring): OcrService {
  const { settings, repository, events, clock } = wiring;
  const service = new OcrService({
    events,
    repository,
    clock,
    recognizer: wiring.recognizer ?? createOcrProcessRecognizer(),
    queueCapacity: OCR_QUEUE_CAPACITY[wiring.sourceKind],
    privacy: wiring.privacy,
  });
  if (settings.ocrEnabled && !wiring.reader) service.start();
  return service;
}
