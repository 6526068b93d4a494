import { circle, ellipse, group, line, path, rect, seededRandom } from './svg.ts'

/** The brand navy with warm accents; every scene draws from these so the set looks like one family. */
export const PALETTE = {
  navy: '#020065',
  ink: '#14123f',
  indigo: '#3d3bb0',
  lavender: '#e9e8ff',
  mist: '#f4f3ff',
  cream: '#fff6ea',
  sand: '#f6e3c8',
  coral: '#ff7a59',
  amber: '#ffb703',
  sun: '#ffd166',
  teal: '#2ec4b6',
  leaf: '#3a9d5d',
  sage: '#9fd3a8',
  rose: '#f4a6b8',
  sky: '#cfe8ff',
  wood: '#c98b5a',
  woodDark: '#9b6238',
  white: '#ffffff',
  grey: '#d9d8e8',
} as const

export const SKIN = ['#f5cfb0', '#e0ac84', '#b97c52', '#8a5533', '#5e3a22'] as const
export const HAIR = ['#2b1b12', '#5a3a1e', '#c96f2d', '#141414', '#e0b25c', '#7d7d86'] as const

export type HairStyle = 'short' | 'long' | 'bun' | 'curly' | 'scarf' | 'none'
export type ArmPose = 'down' | 'table' | 'raise' | 'point' | 'hold' | 'wave'

export interface Person {
  /** Middle of the shoulders. */
  x: number
  y: number
  /** Head radius; the rest of the body follows from it. */
  size: number
  skin: string
  hair: string
  hairStyle: HairStyle
  top: string
  /** Trousers or skirt; omitted when a table hides the legs. */
  legs?: { colour: string; pose: 'stand' | 'sit' }
  arms?: ArmPose
  /** Seen from behind (no face), e.g. pupils facing the board. */
  back?: boolean
  /** Which way a pointing or waving arm goes. */
  side?: 1 | -1
  /** Something held in front, e.g. a book colour. */
  holding?: string
}

function hairShapes(p: Person, headY: number): { behind: string; front: string } {
  const s = p.size
  const cap = path(`M ${p.x - s * 1.02} ${headY + s * 0.1} A ${s * 1.02} ${s * 1.05} 0 0 1 ${p.x + s * 1.02} ${headY + s * 0.1} Q ${p.x} ${headY - s * 0.45} ${p.x - s * 1.02} ${headY + s * 0.1} Z`, p.hair)
  switch (p.hairStyle) {
    case 'short':
      return { behind: '', front: cap }
    case 'long':
      return { behind: rect(p.x - s * 1.1, headY - s * 0.2, s * 2.2, s * 2.1, p.hair, { rx: s * 0.6 }), front: cap }
    case 'bun':
      return { behind: circle(p.x, headY - s * 1.05, s * 0.5, p.hair), front: cap }
    case 'curly': {
      const curls = [-0.85, -0.45, 0, 0.45, 0.85].map((dx, index) => circle(p.x + dx * s, headY - s * (0.62 + (index % 2) * 0.18), s * 0.42, p.hair))
      return { behind: circle(p.x - s * 0.95, headY + s * 0.05, s * 0.38, p.hair) + circle(p.x + s * 0.95, headY + s * 0.05, s * 0.38, p.hair), front: curls.join('') }
    }
    case 'scarf':
      return {
        behind: path(`M ${p.x - s * 1.25} ${headY + s * 1.7} Q ${p.x - s * 1.35} ${headY - s * 1.45} ${p.x} ${headY - s * 1.3} Q ${p.x + s * 1.35} ${headY - s * 1.45} ${p.x + s * 1.25} ${headY + s * 1.7} Z`, p.hair),
        front: '',
      }
    case 'none':
      return { behind: '', front: '' }
  }
}

function arms(p: Person, shoulderY: number): string {
  const s = p.size
  const width = s * 0.62
  const side = p.side ?? 1
  const left = p.x - s * 1.15
  const right = p.x + s * 1.15
  const y = shoulderY + s * 0.35
  const limb = (x1: number, y1: number, x2: number, y2: number) => line(x1, y1, x2, y2, p.top, width) + circle(x2, y2, s * 0.3, p.skin)
  switch (p.arms ?? 'down') {
    case 'down':
      return limb(left, y, left - s * 0.25, y + s * 2.3) + limb(right, y, right + s * 0.25, y + s * 2.3)
    case 'table':
      return limb(left, y, left + s * 0.35, y + s * 2.1) + limb(right, y, right - s * 0.35, y + s * 2.1)
    case 'raise':
      return limb(left, y, left - s * 0.2, y + s * 2.2) + limb(right, y, right + s * 0.6, y - s * 2.3)
    case 'point': {
      const near = side > 0 ? right : left
      const far = side > 0 ? left : right
      return limb(far, y, far - side * s * 0.2, y + s * 2.2) + limb(near, y, near + side * s * 2.3, y - s * 0.9)
    }
    case 'wave': {
      const near = side > 0 ? right : left
      const far = side > 0 ? left : right
      return limb(far, y, far - side * s * 0.2, y + s * 2.2) + limb(near, y, near + side * s * 1.2, y - s * 1.9)
    }
    case 'hold': {
      const book = p.holding ?? PALETTE.coral
      return (
        limb(left, y, p.x - s * 0.6, y + s * 1.5) +
        limb(right, y, p.x + s * 0.6, y + s * 1.5) +
        rect(p.x - s * 1.3, y + s * 0.75, s * 2.6, s * 1.6, book, { rx: s * 0.12 }) +
        line(p.x, y + s * 0.8, p.x, y + s * 2.3, PALETTE.white, s * 0.12)
      )
    }
  }
}

function legs(p: Person, hipY: number): string {
  if (!p.legs) return ''
  const s = p.size
  const { colour, pose } = p.legs
  const width = s * 0.8
  const shoe = PALETTE.ink
  if (pose === 'stand') {
    return [-0.5, 0.5]
      .map((dx) => line(p.x + dx * s, hipY, p.x + dx * s * 1.1, hipY + s * 3.4, colour, width) + ellipse(p.x + dx * s * 1.1 + dx * s * 0.3, hipY + s * 3.65, s * 0.5, s * 0.25, shoe))
      .join('')
  }
  return [-0.5, 0.5]
    .map(
      (dx) =>
        line(p.x + dx * s, hipY, p.x + dx * s + s * 1.6, hipY, colour, width) +
        line(p.x + dx * s + s * 1.6, hipY, p.x + dx * s + s * 1.6, hipY + s * 2.1, colour, width) +
        ellipse(p.x + dx * s + s * 1.85, hipY + s * 2.35, s * 0.5, s * 0.25, shoe),
    )
    .join('')
}

/** A friendly flat figure: head, hair, body and arms in a pose, optionally legs. */
export function person(p: Person): string {
  const s = p.size
  const headY = p.y - s * 1.45
  const hipY = p.y + s * 3.1
  const hair = hairShapes(p, headY)
  const torso = path(
    `M ${p.x - s * 1.25} ${p.y + s * 0.5} Q ${p.x - s * 1.25} ${p.y - s * 0.1} ${p.x - s * 0.6} ${p.y - s * 0.12} L ${p.x + s * 0.6} ${p.y - s * 0.12} Q ${p.x + s * 1.25} ${p.y - s * 0.1} ${p.x + s * 1.25} ${p.y + s * 0.5} L ${p.x + s * 1.05} ${hipY} L ${p.x - s * 1.05} ${hipY} Z`,
    p.top,
  )
  const face = p.back
    ? circle(p.x, headY, s, p.hair)
    : circle(p.x, headY, s, p.skin) +
      circle(p.x - s * 0.36, headY + s * 0.05, s * 0.09, PALETTE.ink) +
      circle(p.x + s * 0.36, headY + s * 0.05, s * 0.09, PALETTE.ink) +
      path(`M ${p.x - s * 0.3} ${headY + s * 0.42} Q ${p.x} ${headY + s * 0.65} ${p.x + s * 0.3} ${headY + s * 0.42}`, 'none', { stroke: PALETTE.ink, 'stroke-width': s * 0.08, 'stroke-linecap': 'round' }) +
      circle(p.x - s * 0.55, headY + s * 0.35, s * 0.14, PALETTE.rose, { opacity: 0.6 }) +
      circle(p.x + s * 0.55, headY + s * 0.35, s * 0.14, PALETTE.rose, { opacity: 0.6 })
  return group([
    legs(p, hipY),
    hair.behind,
    rect(p.x - s * 0.32, headY + s * 0.6, s * 0.64, s * 0.8, p.skin),
    torso,
    face,
    p.back ? '' : hair.front,
    arms(p, p.y),
  ])
}

export function book(x: number, y: number, width: number, height: number, colour: string): string {
  return group([rect(x, y, width, height, colour, { rx: 3 }), rect(x + width * 0.08, y + height * 0.15, width * 0.84, height * 0.12, PALETTE.white, { opacity: 0.7 })])
}

/** A stack of closed books seen from the side, bottom one first. */
export function bookStack(x: number, y: number, colours: readonly string[], width = 150, thickness = 26): string {
  return group(colours.map((colour, index) => rect(x + ((index * 37) % 3) * 8 - 8, y - (index + 1) * thickness, width, thickness - 3, colour, { rx: 4 })))
}

export function openBook(x: number, y: number, width: number, colour: string): string {
  const h = width * 0.36
  return group([
    path(`M ${x - width / 2} ${y} Q ${x - width / 4} ${y - h * 0.25} ${x} ${y} L ${x} ${y - h} Q ${x - width / 4} ${y - h * 1.2} ${x - width / 2} ${y - h} Z`, PALETTE.white, { stroke: colour, 'stroke-width': 4 }),
    path(`M ${x + width / 2} ${y} Q ${x + width / 4} ${y - h * 0.25} ${x} ${y} L ${x} ${y - h} Q ${x + width / 4} ${y - h * 1.2} ${x + width / 2} ${y - h} Z`, PALETTE.white, { stroke: colour, 'stroke-width': 4 }),
    ...[0.3, 0.5, 0.7].flatMap((f) => [
      line(x - width * 0.42, y - h * f, x - width * 0.08, y - h * f, PALETTE.grey, 3),
      line(x + width * 0.08, y - h * f, x + width * 0.42, y - h * f, PALETTE.grey, 3),
    ]),
  ])
}

export function plant(x: number, y: number, scale: number, pot: string): string {
  const leaves = [-0.9, -0.45, 0, 0.45, 0.9].map((tilt, index) =>
    ellipse(x + tilt * 28 * scale, y - (52 + (index % 2) * 22) * scale, 16 * scale, 38 * scale, index % 2 ? PALETTE.leaf : PALETTE.sage, {
      transform: `rotate(${tilt * 32} ${x + tilt * 28 * scale} ${y - (52 + (index % 2) * 22) * scale})`,
    }),
  )
  return group([...leaves, path(`M ${x - 30 * scale} ${y - 30 * scale} L ${x + 30 * scale} ${y - 30 * scale} L ${x + 22 * scale} ${y + 20 * scale} L ${x - 22 * scale} ${y + 20 * scale} Z`, pot)])
}

export function windowFrame(x: number, y: number, width: number, height: number, sky: string = PALETTE.sky): string {
  return group([
    rect(x - 10, y - 10, width + 20, height + 20, PALETTE.white, { rx: 8 }),
    rect(x, y, width, height, sky, { rx: 4 }),
    circle(x + width * 0.75, y + height * 0.3, Math.min(width, height) * 0.13, PALETTE.sun),
    ellipse(x + width * 0.3, y + height * 0.35, width * 0.16, height * 0.07, PALETTE.white),
    ellipse(x + width * 0.42, y + height * 0.3, width * 0.12, height * 0.08, PALETTE.white),
    path(`M ${x} ${y + height} L ${x} ${y + height * 0.72} Q ${x + width * 0.3} ${y + height * 0.55} ${x + width * 0.6} ${y + height * 0.7} Q ${x + width * 0.8} ${y + height * 0.62} ${x + width} ${y + height * 0.72} L ${x + width} ${y + height} Z`, PALETTE.sage),
    line(x + width / 2, y, x + width / 2, y + height, PALETTE.white, 10),
    line(x, y + height / 2, x + width, y + height / 2, PALETTE.white, 10),
  ])
}

export function mug(x: number, y: number, colour: string): string {
  return group([rect(x - 22, y - 44, 44, 44, colour, { rx: 6 }), path(`M ${x + 22} ${y - 34} q 18 2 16 14 q -2 12 -16 10`, 'none', { stroke: colour, 'stroke-width': 6 })])
}

/** Small scattered shapes (confetti, stars, dots) from a fixed seed. */
export function scatter(seed: number, count: number, area: { x: number; y: number; width: number; height: number }, colours: readonly string[], size = 10): string {
  const random = seededRandom(seed)
  const shapes: string[] = []
  for (let index = 0; index < count; index++) {
    const x = area.x + random() * area.width
    const y = area.y + random() * area.height
    const colour = colours[index % colours.length] ?? PALETTE.amber
    const kind = index % 3
    if (kind === 0) shapes.push(circle(x, y, size * (0.4 + random() * 0.6), colour))
    else if (kind === 1) shapes.push(rect(x, y, size * 1.6, size * 0.7, colour, { rx: 2, transform: `rotate(${Math.round(random() * 180)} ${x} ${y})` }))
    else shapes.push(path(`M ${x} ${y - size} L ${x + size * 0.3} ${y - size * 0.3} L ${x + size} ${y} L ${x + size * 0.3} ${y + size * 0.3} L ${x} ${y + size} L ${x - size * 0.3} ${y + size * 0.3} L ${x - size} ${y} L ${x - size * 0.3} ${y - size * 0.3} Z`, colour))
  }
  return group(shapes)
}
