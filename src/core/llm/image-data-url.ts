/** Encodes a screenshot as a data URL with the MIME type its magic bytes say (PNG by default). */
export function imageDataUrl(image: Buffer): string {
  return `data:${imageMimeType(image)};base64,${image.toString('base64')}`;
}

export function imageMimeType(image: Buffer): string {
  if (image.length >= 3 && image[0] === 0xff && image[1] === 0xd8 && image[2] === 0xff) return 'image/jpeg';
  if (image.length >= 12 && image.toString('ascii', 0, 4) === 'RIFF' && image.toString('ascii', 8, 12) === 'WEBP') return 'image/webp';
  if (image.length >= 6 && image.toString('ascii', 0, 3) === 'GIF') return 'image/gif';
  return 'image/png';
}
