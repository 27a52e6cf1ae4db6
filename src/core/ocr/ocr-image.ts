import sharp from 'sharp';

/** Wider screenshots (HiDPI, 4K) are halved or more: their text is large and OCR cost grows with pixels. */
export const OCR_MAX_WIDTH = 2560;

/**
 * Prepares a screenshot for Tesseract: greyscale (Tesseract binarises anyway, and one channel is a
 * third of the pixels to hand to the worker), capped at `maxWidth`, as a binary PGM so that no PNG
 * has to be encoded and decoded again. Normal screens keep their size: downscaling a 1080p screen
 * measurably loses small UI text (see bench/ocr.ts).
 */
export async function toOcrImage(image: Buffer, maxWidth = OCR_MAX_WIDTH): Promise<Buffer> {
  const { data, info } = await sharp(image)
    .greyscale()
    .resize({ width: maxWidth, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.concat([Buffer.from(`P5\n${info.width} ${info.height}\n255\n`, 'ascii'), data]);
}
