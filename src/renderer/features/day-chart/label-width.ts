import { formatClockTime } from '../../format';

let canvas: HTMLCanvasElement | null = null;

/** How wide `text` is in `font` (a CSS font shorthand), measured, not guessed. */
export function textWidth(text: string, font: string): number {
  canvas ??= document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return text.length * 8;
  context.font = font;
  return context.measureText(text).width;
}

/**
 * The widest clock time the axis can show in this locale ("22:58", or "10:58 PM"), in the font of the
 * chart's labels, read from `element`'s style.
 */
export function clockLabelWidth(element: Element, fontSizePx: number): number {
  const family = getComputedStyle(element).fontFamily;
  const samples = [new Date(2000, 0, 1, 22, 58), new Date(2000, 0, 1, 10, 58), new Date(2000, 0, 1, 8, 8)];
  return Math.ceil(Math.max(...samples.map((d) => textWidth(formatClockTime(d), `${fontSizePx}px ${family}`))));
}
