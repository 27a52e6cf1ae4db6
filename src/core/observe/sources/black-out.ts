import sharp from 'sharp';
import type { ScreenArea } from './x11-private-windows';

/**
 * The screenshot with `areas` (screen pixels; the image's top-left corner is at `origin`) painted
 * black, re-encoded as JPEG. Areas are clipped to the image; with none inside it the image is
 * returned as it was.
 */
export async function blackOut(image: Buffer, areas: readonly ScreenArea[], origin = { x: 0, y: 0 }): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const boxes = areas
    .map((area) => {
      const left = Math.max(0, area.x - origin.x);
      const top = Math.max(0, area.y - origin.y);
      const right = Math.min(width, area.x - origin.x + area.width);
      const bottom = Math.min(height, area.y - origin.y + area.height);
      return { left, top, width: right - left, height: bottom - top };
    })
    .filter((box) => box.width > 0 && box.height > 0);
  if (boxes.length === 0) return image;
  return sharp(image)
    .composite(
      boxes.map((box) => ({
        input: { create: { width: box.width, height: box.height, channels: 3 as const, background: '#000' } },
        left: box.left,
        top: box.top,
      })),
    )
    .jpeg()
    .toBuffer();
}
