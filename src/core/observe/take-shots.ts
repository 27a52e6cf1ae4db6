import type { ImageArea } from './raw-image';
import { encodeRawJpeg, fingerprintRaw } from './raw-image';
import { fingerprintImageCached, type FrameFingerprint } from './frame-fingerprint';
import type { ActiveWindow, CaptureSource, GrabRequest, UnchangedScreen } from './sources/capture-source';

/** One monitor's screenshot, fingerprinted, encoded only when asked (after it passed dedup). */
export interface CapturedShot {
  readonly fingerprint: FrameFingerprint;
  encode(): Promise<Buffer>;
  readonly monitor: string | null;
  readonly focus: ImageArea | null;
  readonly focused: boolean;
  /** For a monitor beside the focused one: the window it mostly shows. */
  readonly window?: ActiveWindow;
}

/**
 * The screenshots of one capture. A source that hands over pixels (the desktop) is fingerprinted on
 * them, so a frame dedup drops is never encoded; one that hands over an encoded image (a replay) is
 * fingerprinted on that image. A monitor the source found unchanged comes back as it said.
 */
export async function takeShots(source: CaptureSource, request: GrabRequest): Promise<(CapturedShot | UnchangedScreen)[]> {
  if (source.grabScreens) {
    const shots = await source.grabScreens(request);
    return shots.map((shot) =>
      'unchanged' in shot
        ? shot
        : {
            fingerprint: fingerprintRaw(shot.image),
            encode: () => encodeRawJpeg(shot.image),
            monitor: shot.monitor,
            focus: shot.focus,
            focused: shot.focused,
            ...(shot.window && { window: shot.window }),
          },
    );
  }
  const image = await source.captureScreen(request.isPrivate, request.onBlackedOut);
  const fingerprint = await fingerprintImageCached(image);
  return [{ fingerprint, encode: () => Promise.resolve(image), monitor: null, focus: null, focused: true }];
}
