import { sharp } from '../util/sharp-module';

/** Wider screenshots (HiDPI, 4K) are scaled down to this: their text is large and OCR cost grows with pixels. */
export const OCR_MAX_WIDTH = 2560;

/**
 * What the Tesseract worker gets for a screenshot. Screens up to `maxWidth` go as captured:
 * bench/ocr.ts finds no gain from a greyscale conversion first (Tesseract binarises the image
 * itself) and only ~5-10% from a 0.75 downscale, which costs small UI text (a 1920-pixel screen
 * of 15-pixel text scaled to 2/3 had words misread). Wider screens are scaled down to `maxWidth`
 * in greyscale.
 */
export async function toOcrImage(image: Buffer, maxWidth = OCR_MAX_WIDTH): Promise<Buffer> {
  const { width } = await sharp(image).metadata();
  if (width !== undefined && width <= maxWidth) return image;
  return toGreyscalePgm(image, maxWidth);
}

/** Greyscale, at most `maxWidth` wide, as a binary PGM (read by Tesseract without another PNG/JPEG encode). */
export async function toGreyscalePgm(image: Buffer, maxWidth: number): Promise<Buffer> {
  const { data, info } = await sharp(image)
    .greyscale()
    .resize({ width: maxWidth, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.concat([Buffer.from(`P5\n${info.width} ${info.height}\n255\n`, 'ascii'), data]);
}

/**
 * One part of a screenshot for OCR, as a greyscale PGM, scaled to at most `maxWidth`; `scale` turns
 * the crop's rows back into the screenshot's (`y / scale + area.y`).
 */
export async function toOcrCrop(
  image: Buffer,
  area: { x: number; y: number; width: number; height: number },
  maxWidth = OCR_MAX_WIDTH,
): Promise<{ image: Buffer; scale: number }> {
  const { data, info } = await sharp(image)
    .extract({ left: area.x, top: area.y, width: area.width, height: area.height })
    .greyscale()
    .resize({ width: Math.min(maxWidth, area.width), withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pgm = Buffer.concat([Buffer.from(`P5\n${info.width} ${info.height}\n255\n`, 'ascii'), data]);
  return { image: pgm, scale: info.width / area.width };
}
