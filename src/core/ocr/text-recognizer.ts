import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Worker } from 'tesseract.js';
import { toOcrCrop } from './ocr-image';
import { messageOf } from '../util/message-of';

/** One line of text read, with its vertical extent in the image's pixels. */
export interface OcrLine {
  readonly text: string;
  readonly top: number;
  readonly bottom: number;
}

/** A rectangle of an image, in its pixels. */
export interface OcrArea {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Reads the text in an image. The OCR service depends on this, not on Tesseract. */
export interface TextRecognizer {
  recognize(image: Buffer): Promise<string>;
  /**
   * The text of `area` of the image (default: all of it) as lines with where each sits, in the
   * image's rows: lets OCR read only the changed part of a screen and keep the rest from the previous
   * frame. The crop is made where the engine runs (the OCR process), so the core never decodes the
   * screenshot. Recognizers without it are given whole screens.
   */
  recognizeLines?(image: Buffer, area?: OcrArea): Promise<OcrLine[]>;
  /** Stops the worker; a later `recognize` starts a new one. */
  terminate(): Promise<void>;
  /** Peak resident memory of the process the engine runs in, where that is its own (bytes; null before the first image). */
  peakRssBytes?(): number | null;
}

/**
 * Where the `@tesseract.js-data/eng` package keeps its LSTM-only traineddata
 * (`4.0.0_best_int/eng.traineddata.gz`, gzipped as shipped). Read from disk: OCR never downloads anything.
 * The package's default (`4.0.0`) holds the same integer LSTM model beside the legacy engine's data,
 * which the LSTM engine never reads: 10.9 MB to unzip and copy at each start of the OCR process
 * against 2.9 MB, half the start's CPU (the text read from the demo day's screens is identical).
 */
export function englishLangPath(): string {
  const data = createRequire(import.meta.url)('@tesseract.js-data/eng') as { langPath: string };
  return join(dirname(data.langPath), '4.0.0_best_int');
}

/**
 * Tesseract (tesseract.js, LSTM engine) in its own worker thread, started on the first image so a
 * core that never sees a frame never pays for it (~0.5 s and ~40 MB).
 */
export function createTesseractRecognizer(options: { onWorkerError?: (error: Error) => void } = {}): TextRecognizer {
  let worker: Promise<Worker> | null = null;

  const start = (): Promise<Worker> => {
    // tesseract.js itself (~8 MB) is loaded with the first image too.
    worker ??= import('tesseract.js')
      .then(({ createWorker, OEM }) =>
        createWorker('eng', OEM.LSTM_ONLY, {
          langPath: englishLangPath(),
          gzip: true,
          // The traineddata is read from the package on each start; caching would only copy it.
          cacheMethod: 'none',
          errorHandler: (error: unknown) => options.onWorkerError?.(error instanceof Error ? error : new Error(String(error))),
        }),
      )
      .catch((error: unknown) => {
        worker = null;
        throw new Error(`Could not start the OCR worker (tesseract.js): ${messageOf(error)}`);
      });
    return worker;
  };

  return {
    async recognize(image) {
      const ready = await start();
      const result = await ready.recognize(image);
      return result.data.text;
    },
    async recognizeLines(image, area) {
      const ready = await start();
      const crop = area ? await toOcrCrop(image, area) : { image, scale: 1 };
      const result = await ready.recognize(crop.image, {}, { text: false, blocks: true });
      const top = area?.y ?? 0;
      return (result.data.blocks ?? []).flatMap((block) =>
        block.paragraphs.flatMap((paragraph) =>
          paragraph.lines.map((line) => ({
            text: line.text.trim(),
            top: line.bbox.y0 / crop.scale + top,
            bottom: line.bbox.y1 / crop.scale + top,
          })),
        ),
      );
    },
    async terminate() {
      const running = worker;
      worker = null;
      if (!running) return;
      try {
        await (await running).terminate();
      } catch {
        // A worker that failed to start has nothing to stop.
      }
    },
  };
}
