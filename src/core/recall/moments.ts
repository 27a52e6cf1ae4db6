import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Moment, MomentRef } from '../../shared/contract/moments';
import { iso } from '../clock';
import { notFound } from '../errors';
import type { ActivityRepository } from '../store/repositories/activity-repository';
import { LOCAL_DEVICE, type DeviceRepository, type DeviceScope } from '../store/repositories/device-repository';
import type { ScreenTextEntry, ScreenTextRepository } from '../store/repositories/screen-text-repository';
import { localDateOf } from '../time';

export interface MomentDeps {
  readonly activity: ActivityRepository;
  readonly screenText: ScreenTextRepository;
  /** The devices whose work the profile holds: a moment is one device's. */
  readonly devices: DeviceRepository;
  /** Where the observer keeps screenshots when the user asks it to (`<data>/frames/<day>/<ms>-<id>.img|.enc`). */
  readonly framesDir: string;
  /** Reads a kept frame, decrypting it when the store is encrypted (FrameVault). */
  readonly readFrame: (file: string) => Buffer;
  readonly keepScreenshots: () => boolean;
}

export interface MomentInput {
  readonly at: string;
  readonly screenTextId?: number;
  readonly image: boolean;
  /** The device asked for (a `device` filter), or null for whichever was in use, this one first. */
  readonly scope: DeviceScope;
}

/**
 * What was on screen at a moment, for the evidence view: the window (never a private one's name), the
 * text read then, the kept screenshot when screenshots are kept, and the moments before and after it
 * (the neighbouring switches and frames read), so the view can step through the day. Every part comes
 * from one device: the screen text's when its id is given, else the one asked for, else the one in use
 * (this device first), so two computers used at once never mix in one moment.
 */
export function momentAt(deps: MomentDeps, input: MomentInput): Moment {
  let text: ScreenTextEntry | null = null;
  if (input.screenTextId !== undefined) {
    text = deps.screenText.get(input.screenTextId);
    if (!text) throw notFound(`Screen text ${input.screenTextId}`);
  }
  const atMs = text?.atMs ?? Date.parse(input.at);
  const scope = text?.device ? deps.devices.resolve(text.device.id) : (input.scope ?? deps.activity.devicesAt(atMs)[0] ?? null);
  const one = { ...deps, activity: deps.activity.scoped(scope), screenText: deps.screenText.scoped(scope) };
  const device = scope === null ? undefined : deps.devices.labels()(scope);
  const span = one.activity.spanAt(atMs);
  const kind = span?.kind ?? 'unobserved';
  if (!text && span?.kind === 'app') text = one.screenText.textOfWindowAt(atMs, span.app ?? '', span.title ?? '');
  const app = kind === 'app' ? (span?.app ?? null) : null;
  const otherDevice = scope !== null && scope !== LOCAL_DEVICE;
  return {
    at: iso(atMs),
    kind,
    app,
    windowTitle: kind === 'app' ? (span?.title ?? null) : null,
    span: span ? { from: iso(span.startMs), to: iso(span.endMs) } : null,
    screenText: text ? { id: text.id, at: iso(text.atMs), text: text.text } : null,
    frame: otherDevice
      ? noFrame(`Screenshots stay on the computer that took them; this moment is ${device?.name ?? 'another device'}'s.`)
      : keptFrame(one, atMs, span?.kind === 'app' ? span.startMs : atMs, input.image),
    ...neighbours(one, atMs),
    ...(device && { device }),
  };
}

function neighbours(deps: MomentDeps, atMs: number): { previous: MomentRef | null; next: MomentRef | null } {
  const rows = deps.screenText.neighbours(atMs);
  const spans = deps.activity.appSpansAround(atMs);
  const fromRow = (row: ScreenTextEntry | null): MomentRef | null =>
    row ? { at: iso(row.atMs), screenTextId: row.id, app: row.app, windowTitle: row.title } : null;
  const fromSpan = (span: { app: string | null; title: string | null; startMs: number } | null): MomentRef | null =>
    span ? { at: iso(span.startMs), screenTextId: null, app: span.app, windowTitle: span.title } : null;
  const pick = (a: MomentRef | null, b: MomentRef | null, later: boolean): MomentRef | null => {
    if (!a || !b) return a ?? b;
    const [ta, tb] = [Date.parse(a.at), Date.parse(b.at)];
    // The same moment read from both: the frame's text says more.
    if (ta === tb) return a.screenTextId !== null ? a : b;
    return later === ta > tb ? a : b;
  };
  return {
    previous: pick(fromRow(rows.before), fromSpan(spans.before && spans.before.startMs < atMs ? spans.before : null), true),
    next: pick(fromRow(rows.after), fromSpan(spans.after), false),
  };
}

function keptFrame(deps: MomentDeps, atMs: number, sinceMs: number, withImage: boolean): Moment['frame'] {
  if (!deps.keepScreenshots())
    return noFrame('Screenshots are not kept (the keepScreenshots setting is off), so only the text read from the screen remains.');
  const dir = join(deps.framesDir, localDateOf(atMs));
  let best: { ms: number; file: string } | null = null;
  try {
    for (const file of readdirSync(dir)) {
      const ms = Number(/^(\d+)-\d+\.(?:img|enc)$/.exec(file)?.[1]);
      if (Number.isFinite(ms) && ms <= atMs && ms >= sinceMs && (!best || ms > best.ms)) best = { ms, file };
    }
  } catch {
    // No folder: nothing was kept that day.
  }
  if (!best) return noFrame('No screenshot was kept of this moment.');
  const path = join(dir, best.file);
  return { kept: true, at: iso(best.ms), path, dataUrl: withImage ? dataUrl(deps.readFrame(path)) : null, note: null };
}

function noFrame(note: string): Moment['frame'] {
  return { kept: false, at: null, path: null, dataUrl: null, note };
}

function dataUrl(bytes: Buffer): string {
  const mime =
    bytes[0] === 0xff && bytes[1] === 0xd8
      ? 'image/jpeg'
      : bytes[0] === 0x89 && bytes[1] === 0x50
        ? 'image/png'
        : 'application/octet-stream';
  return `data:${mime};base64,${bytes.toString('base64')}`;
}
