// Writes public/favicon.ico from public/favicon.svg: browsers and crawlers ask for /favicon.ico whatever the page's
// <link rel="icon"> says. Run it after changing the SVG (npx tsx scripts/make-favicon.ts) and commit both files;
// the ICO is committed rather than made by each build because the SVG's text is drawn with the machine's fonts.
import { readFileSync, writeFileSync } from 'node:fs'
import sharp from 'sharp'

const SVG_FILE = new URL('../public/favicon.svg', import.meta.url)
const ICO_FILE = new URL('../public/favicon.ico', import.meta.url)
/** What Windows and browsers pick from: tab, taskbar and desktop sizes. */
const SIZES = [16, 32, 48]

/** Drawn large and scaled down, so the small sizes are smoothed rather than drawn on a coarse grid. */
async function png(svg: Buffer, size: number): Promise<Buffer> {
  return sharp(svg, { density: 72 * 8 }).resize(size, size).png({ compressionLevel: 9 }).toBuffer()
}

/** An ICO that holds PNGs (every browser and Windows since Vista read them): a 6-byte header, 16 bytes per image. */
function icoOf(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2) // 1: an icon (2 would be a cursor)
  header.writeUInt16LE(images.length, 4)
  let offset = header.length
  images.forEach(({ size, png }, i) => {
    const entry = 6 + 16 * i
    header.writeUInt8(size >= 256 ? 0 : size, entry) // 0 means 256
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1)
    header.writeUInt8(0, entry + 2) // no palette
    header.writeUInt8(0, entry + 3)
    header.writeUInt16LE(1, entry + 4) // colour planes
    header.writeUInt16LE(32, entry + 6) // bits per pixel
    header.writeUInt32LE(png.length, entry + 8)
    header.writeUInt32LE(offset, entry + 12)
    offset += png.length
  })
  return Buffer.concat([header, ...images.map((image) => image.png)])
}

const svg = readFileSync(SVG_FILE)
const images = await Promise.all(SIZES.map(async (size) => ({ size, png: await png(svg, size) })))
writeFileSync(ICO_FILE, icoOf(images))
console.log(`wrote ${ICO_FILE.pathname} (${SIZES.join(', ')} px)`)
