import sharp from 'sharp'

/**
 * A photo-like JPEG (noise over gradients) of the given size, made the same way every time: making a size of it costs
 * what a real photo's does, where a flat picture would encode in no time.
 */
export async function noisyPhoto(width: number, height: number): Promise<Uint8Array> {
  const raw = Buffer.alloc(width * height * 3)
  let seed = 2463534242
  for (let i = 0; i < raw.length; i++) {
    seed ^= seed << 13
    seed ^= seed >>> 17
    seed ^= seed << 5
    raw[i] = ((i % (width * 3)) / 12 + (seed & 63)) & 255
  }
  return new Uint8Array(await sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer())
}
