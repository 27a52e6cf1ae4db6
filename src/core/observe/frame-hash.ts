import sharp from 'sharp';

export interface FrameFingerprint {
  /** 64-bit difference hash (dHash) as 16 hex digits. */
  readonly hash: string;
  readonly width: number;
  readonly height: number;
}

/**
 * Difference hash over a 9x8 grayscale thumbnail: each bit says whether a pixel is brighter than
 * its right neighbour. Robust to compression noise, sensitive to layout and content changes.
 */
export async function fingerprintImage(image: Buffer): Promise<FrameFingerprint> {
  const pipeline = sharp(image, { failOn: 'error' });
  const meta = await pipeline.metadata();
  const { data } = await pipeline
    .clone()
    .greyscale()
    .resize(9, 8, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let bits = 0n;
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      const left = data[row * 9 + col] ?? 0;
      const right = data[row * 9 + col + 1] ?? 0;
      bits = (bits << 1n) | (left > right ? 1n : 0n);
    }
  }
  return { hash: bits.toString(16).padStart(16, '0'), width: meta.width ?? 0, height: meta.height ?? 0 };
}

const memo = new WeakMap<Buffer, Promise<FrameFingerprint>>();

/** Same as `fingerprintImage`, remembering the result per buffer (a replay hands out one buffer per image). */
export function fingerprintImageCached(image: Buffer): Promise<FrameFingerprint> {
  let cached = memo.get(image);
  if (!cached) {
    cached = fingerprintImage(image);
    memo.set(image, cached);
  }
  return cached;
}

export function hammingDistance(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (x > 0n) {
    count += Number(x & 1n);
    x >>= 1n;
  }
  return count;
}
