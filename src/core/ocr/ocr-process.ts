/**
 * Entry of the OCR child process. Tesseract's WASM engine holds ~190 MiB while it works; run here,
 * it stays out of the core process (which keeps to its memory bar) and a crash in it costs one frame.
 *
 * Messages (IPC, advanced serialization): `{ id, image }` in; `{ id, text, peakRssBytes }` or
 * `{ id, error }` out. The process exits when the parent disconnects (close, or the parent died) or is gone.
 */
import { createTesseractRecognizer, type OcrArea, type OcrLine } from './text-recognizer';
import { messageOf } from '../util/message-of';

export interface OcrRequest {
  readonly id: number;
  readonly image: Uint8Array;
  /** Answer with the lines and where they sit (`recognizeLines`) instead of the plain text. */
  readonly lines?: boolean;
  /** With `lines`: read only this part of the image (cropped here, not in the core). */
  readonly area?: OcrArea;
}

export type OcrReply =
  | { readonly id: number; readonly text: string; readonly lines?: readonly OcrLine[]; readonly peakRssBytes: number }
  | { readonly id: number; readonly error: string };

function isOcrRequest(message: unknown): message is OcrRequest {
  const m = message as Partial<OcrRequest> | null;
  return typeof m?.id === 'number' && m.image instanceof Uint8Array;
}

/** How often the process checks it still has its parent, in case the IPC channel's end went unnoticed. */
const PARENT_CHECK_MS = 5000;

function reply(message: OcrReply): void {
  if (process.connected) process.send?.(message);
}

if (process.send) {
  const recognizer = createTesseractRecognizer();
  // One recognition at a time, in arrival order: the parent sends one frame at a time anyway.
  let chain: Promise<void> = Promise.resolve();

  process.on('message', (message: unknown) => {
    if (!isOcrRequest(message)) return;
    const { id, image } = message;
    chain = chain.then(async () => {
      try {
        const buffer = Buffer.from(image.buffer, image.byteOffset, image.byteLength);
        if (message.lines) {
          const lines = await recognizer.recognizeLines!(buffer, message.area);
          reply({ id, text: lines.map((line) => line.text).join('\n'), lines, peakRssBytes: process.resourceUsage().maxRSS * 1024 });
          return;
        }
        const text = await recognizer.recognize(buffer);
        reply({ id, text, peakRssBytes: process.resourceUsage().maxRSS * 1024 });
      } catch (error) {
        reply({ id, error: messageOf(error) });
      }
    });
  });

  // Nothing here outlives the parent: a recognition in flight is of no use to anyone. The IPC channel
  // closing says so at once; the parent changing (it was killed and this process handed to another)
  // says so even if the channel did not, checked every few seconds (each wake of this idle process
  // costs ~0.5 ms of CPU: four a second were 0.2% of a core, more than a still screen's capture).
  process.on('disconnect', () => process.exit(0));
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.exit(0);
  }, PARENT_CHECK_MS).unref();
}
