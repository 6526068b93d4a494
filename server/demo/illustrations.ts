import { book, bookStack, HAIR, mug, openBook, PALETTE as C, person, plant, scatter, SKIN, windowFrame } from './illustration-parts.ts'
import { circle, ellipse, group, line, path, polygon, rect, svgDocument, text } from './svg.ts'

/**
 * Flat-style illustrations for the demo content, drawn from code on every first start: nothing is downloaded,
 * no font is fetched, nothing runs. The same name always gives the same bytes, so the media ids are stable.
 */

export interface Illustration {
  svg: string
  width: number
  height: number
  alt: string
}

const W = 1200
const H = 800

function floorAndWall(wall: string, floor: string, floorY: number, height = H): string {
  return rect(0, 0, W, floorY, wall) + rect(0, floorY, W, height - floorY, floor)
}

function kitchenTable(): string[] {
  return [
    floorAndWall(C.cream, C.sand, 560),
    windowFrame(110, 110, 300, 240),
    rect(470, 90, 4, 120, C.ink),
    path('M 420 210 L 524 210 L 500 160 L 444 160 Z', C.amber),
    rect(800, 160, 260, 16, C.woodDark, { rx: 4 }),
    bookStack(830, 160, [C.navy, C.coral, C.teal, C.amber], 120, 22),
    plant(1010, 150, 0.8, C.coral),
    person({ x: 420, y: 400, size: 46, skin: SKIN[1], hair: HAIR[0], hairStyle: 'curly', top: C.coral, arms: 'table' }),
    person({ x: 780, y: 380, size: 52, skin: SKIN[3], hair: HAIR[3], hairStyle: 'short', top: C.navy, arms: 'point', side: -1 }),
    rect(140, 540, 920, 36, C.wood, { rx: 10 }),
    rect(190, 576, 26, 200, C.woodDark),
    rect(984, 576, 26, 200, C.woodDark),
    openBook(450, 535, 210, C.navy),
    rect(640, 505, 130, 30, C.white, { rx: 4, transform: 'rotate(-6 705 520)' }),
    line(640, 470, 700, 532, C.amber, 8),
    mug(880, 540, C.teal),
    mug(950, 540, C.amber),
  ]
}

function classroom(): string[] {
  const pupils = [
    { x: 230, top: C.coral, hair: HAIR[0], style: 'long' as const },
    { x: 470, top: C.teal, hair: HAIR[2], style: 'short' as const },
    { x: 710, top: C.amber, hair: HAIR[3], style: 'curly' as const },
    { x: 950, top: C.rose, hair: HAIR[1], style: 'bun' as const },
  ]
  return [
    floorAndWall(C.lavender, C.sand, 600),
    rect(240, 70, 720, 300, C.navy, { rx: 14 }),
    rect(252, 82, 696, 276, '#0f0d7a', { rx: 8 }),
    text(420, 180, '3 × 4 = 12', 52, C.white),
    text(760, 180, 'a² + b² = c²', 46, C.sun),
    line(330, 250, 560, 250, C.white, 5),
    path('M 640 300 q 40 -80 80 0 t 80 0', 'none', { stroke: C.teal, 'stroke-width': 6 }),
    circle(860, 290, 30, 'none', { stroke: C.coral, 'stroke-width': 6 }),
    person({ x: 1080, y: 360, size: 44, skin: SKIN[2], hair: HAIR[0], hairStyle: 'scarf', top: C.indigo, arms: 'point', side: -1, legs: { colour: C.ink, pose: 'stand' } }),
    ...pupils.map((pupil, index) => person({ x: pupil.x, y: 560, size: 42, skin: SKIN[index % SKIN.length] ?? C.sand, hair: pupil.hair, hairStyle: pupil.style, top: pupil.top, back: true, arms: index === 2 ? 'raise' : 'down' })),
    ...pupils.map((pupil) => rect(pupil.x - 110, 660, 220, 26, C.wood, { rx: 6 }) + rect(pupil.x - 95, 686, 18, 110, C.woodDark) + rect(pupil.x + 77, 686, 18, 110, C.woodDark)),
  ]
}

function laptop(x: number, y: number, width: number, screen: string): string {
  const h = width * 0.62
  return group([
    rect(x - width / 2, y - h, width, h, C.ink, { rx: 14 }),
    rect(x - width / 2 + 16, y - h + 16, width - 32, h - 32, screen, { rx: 6 }),
    path(`M ${x - width / 2 - 40} ${y} L ${x + width / 2 + 40} ${y} L ${x + width / 2 + 10} ${y + 24} L ${x - width / 2 - 10} ${y + 24} Z`, C.grey),
  ])
}

function videoLesson(): string[] {
  return [
    floorAndWall(C.mist, C.sand, 620),
    windowFrame(860, 90, 240, 200),
    plant(120, 600, 1.1, C.amber),
    laptop(560, 560, 520, C.sky),
    rect(320, 264, 480, 260, C.cream),
    rect(560, 300, 200, 160, C.lavender, { rx: 6 }),
    bookStack(600, 420, [C.coral, C.teal], 120, 18),
    person({ x: 470, y: 430, size: 46, skin: SKIN[4], hair: HAIR[3], hairStyle: 'short', top: C.navy, arms: 'wave', side: 1 }),
    circle(750, 490, 20, C.coral),
    path('M 742 480 L 762 490 L 742 500 Z', C.white),
    path('M 880 380 Q 880 330 930 330 L 1070 330 Q 1110 330 1110 370 L 1110 400 Q 1110 440 1070 440 L 960 440 L 920 480 L 930 440 Q 880 440 880 400 Z', C.white),
    text(995, 400, 'Great work!', 30, C.navy),
    rect(80, 620, 1040, 40, C.wood, { rx: 10 }),
    person({ x: 560, y: 720, size: 56, skin: SKIN[0], hair: HAIR[2], hairStyle: 'long', top: C.teal, back: true, arms: 'down' }),
    path('M 498 630 Q 560 570 622 630', 'none', { stroke: C.ink, 'stroke-width': 10 }),
    rect(484, 620, 24, 40, C.ink, { rx: 8 }),
    rect(612, 620, 24, 40, C.ink, { rx: 8 }),
  ]
}

function bunting(y: number, colours: readonly string[]): string {
  const flags: string[] = [path(`M 0 ${y} Q ${W / 2} ${y + 60} ${W} ${y}`, 'none', { stroke: C.ink, 'stroke-width': 3 })]
  for (let index = 0; index < 16; index++) {
    const x = 40 + index * 74
    const sag = 60 * (1 - ((x - W / 2) / (W / 2)) ** 2) * 0.5
    flags.push(polygon([[x - 22, y + sag], [x + 22, y + sag], [x, y + sag + 46]], colours[index % colours.length] ?? C.coral))
  }
  return group(flags)
}

function communityHall(): string[] {
  return [
    floorAndWall('#fdebd3', '#e9cfa8', 560),
    bunting(40, [C.coral, C.amber, C.teal, C.navy, C.rose]),
    rect(390, 130, 420, 90, C.navy, { rx: 12 }),
    text(600, 190, 'Homework Club', 48, C.white),
    windowFrame(90, 150, 200, 240),
    windowFrame(910, 150, 200, 240),
    person({ x: 300, y: 450, size: 40, skin: SKIN[1], hair: HAIR[1], hairStyle: 'bun', top: C.teal, arms: 'table' }),
    person({ x: 470, y: 440, size: 44, skin: SKIN[3], hair: HAIR[0], hairStyle: 'short', top: C.amber, arms: 'table' }),
    person({ x: 740, y: 450, size: 40, skin: SKIN[2], hair: HAIR[3], hairStyle: 'curly', top: C.coral, arms: 'table' }),
    person({ x: 910, y: 420, size: 48, skin: SKIN[0], hair: HAIR[5], hairStyle: 'short', top: C.indigo, arms: 'hold', holding: C.amber }),
    rect(170, 560, 860, 30, C.wood, { rx: 8 }),
    rect(200, 590, 22, 180, C.woodDark),
    rect(978, 590, 22, 180, C.woodDark),
    openBook(330, 556, 150, C.teal),
    book(430, 520, 90, 34, C.navy),
    openBook(740, 556, 150, C.coral),
    mug(600, 556, C.navy),
    ellipse(600, 740, 420, 30, '#e0c196'),
  ]
}

function books(): string[] {
  return [
    rect(0, 0, W, H, C.lavender),
    circle(980, 170, 260, C.mist),
    circle(180, 660, 200, '#dcdaff'),
    rect(0, 600, W, 200, C.wood),
    rect(0, 600, W, 18, C.woodDark),
    bookStack(380, 600, [C.navy, C.coral, C.teal, C.amber, C.indigo, C.rose], 300, 48),
    book(720, 300, 70, 300, C.navy),
    book(795, 330, 60, 270, C.coral),
    book(860, 280, 76, 320, C.teal),
    book(941, 352, 56, 248, C.amber),
    rect(1020, 360, 24, 240, C.rose, { rx: 4, transform: 'rotate(14 1032 600)' }),
    circle(250, 540, 60, C.coral),
    path('M 250 482 q 10 -30 34 -34 q -6 24 -34 34', C.leaf),
    rect(110, 470, 70, 130, C.sun, { rx: 10 }),
    ...[-14, 0, 14].map((dx, index) => line(145 + dx, 470, 145 + dx * 1.6, 390 + index * 8, [C.navy, C.coral, C.teal][index] ?? C.navy, 10)),
    scatter(7, 18, { x: 60, y: 40, width: 1080, height: 220 }, [C.amber, C.teal, C.coral], 9),
  ]
}

function readingCircle(): string[] {
  const shelf = (y: number) =>
    rect(60, y, 1080, 14, C.woodDark) +
    group(Array.from({ length: 22 }, (_, index) => rect(80 + index * 48, y - 70 - (index % 3) * 10, 36, 70 + (index % 3) * 10, [C.navy, C.coral, C.teal, C.amber, C.rose, C.indigo][index % 6] ?? C.navy, { rx: 3 })))
  return [
    floorAndWall(C.cream, '#f2d9b5', 470, 900),
    shelf(150),
    shelf(300),
    ellipse(600, 640, 520, 130, C.teal, { opacity: 0.35 }),
    ellipse(600, 640, 430, 100, C.teal, { opacity: 0.35 }),
    person({ x: 600, y: 420, size: 48, skin: SKIN[2], hair: HAIR[0], hairStyle: 'long', top: C.navy, arms: 'hold', holding: C.coral, legs: { colour: C.indigo, pose: 'sit' } }),
    rect(560, 540, 150, 20, C.wood, { rx: 6 }),
    person({ x: 250, y: 560, size: 36, skin: SKIN[0], hair: HAIR[2], hairStyle: 'bun', top: C.amber, arms: 'hold', holding: C.teal }),
    person({ x: 400, y: 610, size: 36, skin: SKIN[4], hair: HAIR[3], hairStyle: 'curly', top: C.coral, arms: 'raise' }),
    person({ x: 800, y: 610, size: 36, skin: SKIN[1], hair: HAIR[1], hairStyle: 'short', top: C.teal, arms: 'hold', holding: C.amber }),
    person({ x: 950, y: 560, size: 36, skin: SKIN[3], hair: HAIR[0], hairStyle: 'scarf', top: C.rose, arms: 'down' }),
  ]
}

function flask(x: number, y: number, liquid: string): string {
  return group([
    path(`M ${x - 22} ${y - 150} L ${x + 22} ${y - 150} L ${x + 22} ${y - 90} L ${x + 80} ${y} L ${x - 80} ${y} L ${x - 22} ${y - 90} Z`, C.white, { stroke: C.ink, 'stroke-width': 6, 'stroke-linejoin': 'round' }),
    path(`M ${x - 52} ${y - 40} L ${x + 52} ${y - 40} L ${x + 74} ${y - 6} L ${x - 74} ${y - 6} Z`, liquid),
    circle(x - 8, y - 70, 9, liquid, { opacity: 0.7 }),
    circle(x + 10, y - 110, 12, liquid, { opacity: 0.5 }),
    circle(x - 4, y - 170, 15, liquid, { opacity: 0.35 }),
  ])
}

function scienceExperiment(): string[] {
  return [
    floorAndWall(C.mist, C.grey, 600),
    rect(80, 90, 300, 300, C.white, { rx: 12 }),
    ...[0, 1, 2, 3].map((row) => line(110, 150 + row * 60, 350, 150 + row * 60, C.lavender, 4)),
    circle(180, 220, 40, 'none', { stroke: C.coral, 'stroke-width': 6 }),
    circle(300, 300, 26, 'none', { stroke: C.teal, 'stroke-width': 6 }),
    line(180, 220, 300, 300, C.navy, 5),
    person({ x: 540, y: 400, size: 46, skin: SKIN[3], hair: HAIR[3], hairStyle: 'curly', top: C.white, arms: 'table' }),
    rect(500, 318, 80, 24, C.teal, { rx: 10, opacity: 0.6 }),
    person({ x: 820, y: 380, size: 50, skin: SKIN[0], hair: HAIR[4], hairStyle: 'long', top: C.white, arms: 'point', side: -1 }),
    rect(780, 296, 80, 24, C.teal, { rx: 10, opacity: 0.6 }),
    rect(120, 590, 960, 30, C.ink, { rx: 8 }),
    flask(400, 590, C.teal),
    flask(680, 590, C.coral),
    rect(900, 470, 26, 120, C.white, { stroke: C.ink, 'stroke-width': 5, rx: 12 }),
    rect(940, 490, 26, 100, C.white, { stroke: C.ink, 'stroke-width': 5, rx: 12 }),
    rect(903, 530, 20, 57, C.amber, { rx: 8 }),
    rect(943, 545, 20, 42, C.leaf, { rx: 8 }),
    scatter(21, 14, { x: 300, y: 240, width: 520, height: 140 }, [C.amber, C.teal, C.coral], 8),
  ]
}

function pin(x: number, y: number, colour: string, icon: string): string {
  return group([
    path(`M ${x} ${y} C ${x - 20} ${y - 30} ${x - 44} ${y - 52} ${x - 44} ${y - 82} A 44 44 0 1 1 ${x + 44} ${y - 82} C ${x + 44} ${y - 52} ${x + 20} ${y - 30} ${x} ${y} Z`, colour),
    circle(x, y - 82, 28, C.white),
    icon,
  ])
}

function map(): string[] {
  const house = (x: number, y: number) => polygon([[x - 16, y - 2], [x, y - 16], [x + 16, y - 2]], C.coral) + rect(x - 12, y - 2, 24, 16, C.coral)
  const school = (x: number, y: number) => rect(x - 16, y - 10, 32, 22, C.navy) + polygon([[x - 18, y - 10], [x, y - 22], [x + 18, y - 10]], C.navy)
  const screen = (x: number, y: number) => rect(x - 17, y - 14, 34, 24, C.teal, { rx: 3 }) + rect(x - 8, y + 12, 16, 4, C.teal)
  const people = (x: number, y: number) => circle(x - 9, y - 8, 7, C.amber) + circle(x + 9, y - 8, 7, C.amber) + rect(x - 19, y, 38, 12, C.amber, { rx: 6 })
  return [
    rect(0, 0, W, H, C.sky),
    path('M 0 120 Q 200 60 420 140 T 820 110 T 1200 160 L 1200 800 L 0 800 Z', '#d9f0d8'),
    path('M 0 420 Q 300 360 520 470 T 1200 420 L 1200 800 L 0 800 Z', C.sage, { opacity: 0.6 }),
    path('M -20 700 Q 260 600 420 660 T 820 600 T 1220 640', 'none', { stroke: '#8cc7f0', 'stroke-width': 34, 'stroke-linecap': 'round' }),
    ...[[150, 260], [260, 300], [980, 250], [1060, 320], [900, 520], [120, 520]].map(([x = 0, y = 0]) => circle(x, y, 34, C.leaf) + rect(x - 5, y + 26, 10, 24, C.woodDark)),
    path('M 240 560 C 360 420 420 300 560 320 S 760 480 900 380 S 1000 200 1010 210', 'none', { stroke: C.navy, 'stroke-width': 8, 'stroke-dasharray': '2 22', 'stroke-linecap': 'round' }),
    pin(240, 560, C.coral, house(240, 480)),
    pin(560, 320, C.navy, school(560, 242)),
    pin(900, 380, C.teal, screen(900, 300)),
    pin(1010, 210, C.amber, people(1010, 132)),
    rect(60, 40, 150, 150, C.white, { rx: 75, opacity: 0.9 }),
    polygon([[135, 60], [150, 115], [135, 105], [120, 115]], C.coral),
    polygon([[135, 170], [150, 115], [135, 125], [120, 115]], C.navy),
    text(135, 60, 'N', 22, C.navy, { dy: -4 }),
  ]
}

function coding(): string[] {
  return [
    floorAndWall(C.navy, C.indigo, 600),
    scatter(33, 26, { x: 40, y: 30, width: 1120, height: 260 }, [C.sun, C.teal, C.white], 6),
    laptop(600, 590, 520, C.ink),
    ...[
      [C.coral, 300, 140],
      [C.teal, 330, 240],
      [C.sun, 330, 180],
      [C.white, 360, 120],
      [C.teal, 330, 200],
      [C.coral, 300, 90],
    ].map(([colour, x, width], index) => rect(Number(x), 300 + index * 34, Number(width), 14, String(colour), { rx: 7 })),
    text(800, 420, '</>', 96, C.sun),
    person({ x: 210, y: 470, size: 48, skin: SKIN[1], hair: HAIR[0], hairStyle: 'scarf', top: C.coral, arms: 'wave', side: -1 }),
    person({ x: 1000, y: 470, size: 48, skin: SKIN[4], hair: HAIR[3], hairStyle: 'short', top: C.teal, arms: 'raise' }),
    rect(60, 600, 1080, 40, C.wood, { rx: 10 }),
    mug(140, 600, C.amber),
  ]
}

function celebration(): string[] {
  const certificate = (x: number, y: number, tilt: number) =>
    group(
      [
        rect(x - 70, y - 50, 140, 100, C.white, { rx: 6, stroke: C.amber, 'stroke-width': 6 }),
        line(x - 40, y - 20, x + 40, y - 20, C.navy, 6),
        line(x - 40, y, x + 30, y, C.grey, 5),
        circle(x + 40, y + 26, 14, C.coral),
      ],
      { transform: `rotate(${tilt} ${x} ${y})` },
    )
  return [
    rect(0, 0, W, 900, C.cream),
    circle(600, 360, 300, C.sun, { opacity: 0.35 }),
    bunting(30, [C.navy, C.coral, C.amber, C.teal]),
    scatter(99, 60, { x: 40, y: 120, width: 1120, height: 320 }, [C.coral, C.teal, C.amber, C.navy, C.rose], 11),
    person({ x: 330, y: 430, size: 50, skin: SKIN[2], hair: HAIR[1], hairStyle: 'long', top: C.teal, arms: 'raise', legs: { colour: C.navy, pose: 'stand' } }),
    person({ x: 600, y: 410, size: 54, skin: SKIN[0], hair: HAIR[2], hairStyle: 'bun', top: C.coral, arms: 'down', legs: { colour: C.ink, pose: 'stand' } }),
    person({ x: 870, y: 430, size: 50, skin: SKIN[4], hair: HAIR[3], hairStyle: 'curly', top: C.navy, arms: 'wave', side: 1, legs: { colour: C.indigo, pose: 'stand' } }),
    certificate(600, 560, -4),
    certificate(400, 240, -12),
    rect(0, 740, W, 160, C.sand),
  ]
}

function adultClass(): string[] {
  return [
    floorAndWall('#eef6ff', C.sand, 580),
    rect(760, 100, 360, 240, C.white, { rx: 12, stroke: C.grey, 'stroke-width': 6 }),
    text(940, 180, 'Good morning', 40, C.navy),
    text(940, 240, 'Bore da · Bonjour', 30, C.coral),
    line(820, 290, 1060, 290, C.teal, 6),
    windowFrame(90, 110, 260, 220),
    person({ x: 300, y: 440, size: 46, skin: SKIN[3], hair: HAIR[0], hairStyle: 'scarf', top: C.amber, arms: 'table' }),
    person({ x: 520, y: 430, size: 48, skin: SKIN[0], hair: HAIR[5], hairStyle: 'short', top: C.indigo, arms: 'raise' }),
    person({ x: 740, y: 440, size: 46, skin: SKIN[2], hair: HAIR[1], hairStyle: 'long', top: C.teal, arms: 'table' }),
    person({ x: 960, y: 430, size: 48, skin: SKIN[4], hair: HAIR[3], hairStyle: 'curly', top: C.coral, arms: 'table' }),
    rect(160, 580, 920, 32, C.wood, { rx: 10 }),
    rect(190, 612, 24, 180, C.woodDark),
    rect(1026, 612, 24, 180, C.woodDark),
    openBook(320, 578, 150, C.navy),
    openBook(760, 578, 150, C.coral),
    mug(560, 578, C.teal),
    mug(980, 578, C.navy),
  ]
}

function examDesk(): string[] {
  const clockX = 960
  const clockY = 200
  return [
    rect(0, 0, W, H, '#f1f0ff'),
    circle(clockX, clockY, 110, C.white, { stroke: C.navy, 'stroke-width': 14 }),
    line(clockX, clockY, clockX, clockY - 70, C.navy, 10),
    line(clockX, clockY, clockX + 50, clockY + 20, C.coral, 8),
    circle(clockX, clockY, 10, C.navy),
    rect(100, 90, 300, 260, C.white, { rx: 10 }),
    rect(100, 90, 300, 60, C.coral, { rx: 10 }),
    ...Array.from({ length: 12 }, (_, index) => rect(124 + (index % 4) * 68, 172 + Math.floor(index / 4) * 58, 48, 40, index === 6 ? C.amber : C.lavender, { rx: 6 })),
    rect(0, 500, W, 300, C.wood),
    rect(0, 500, W, 16, C.woodDark),
    rect(220, 560, 320, 200, C.white, { rx: 8, transform: 'rotate(-5 380 660)' }),
    ...[0, 1, 2, 3, 4].map((row) => line(260, 600 + row * 30, 480 - (row % 2) * 40, 590 + row * 30, C.grey, 6)),
    rect(600, 540, 300, 210, C.sun, { rx: 8, transform: 'rotate(4 750 645)' }),
    ...[0, 1, 2].map((row) => line(640, 600 + row * 44, 860, 612 + row * 44, C.ink, 5, { opacity: 0.4 })),
    line(560, 720, 720, 560, C.navy, 14),
    polygon([[560, 720], [552, 744], [572, 730]], C.ink),
    bookStack(900, 500, [C.teal, C.navy, C.coral], 220, 34),
    mug(160, 520, C.teal),
  ]
}

function libraryLaunch(): string[] {
  return [
    ...readingCircle().slice(0, 3),
    rect(360, 380, 480, 90, C.coral, { rx: 12 }),
    text(600, 440, 'Reading Circle', 48, C.white),
    scatter(55, 30, { x: 80, y: 480, width: 1040, height: 120 }, [C.amber, C.teal, C.navy], 9),
    person({ x: 300, y: 560, size: 44, skin: SKIN[4], hair: HAIR[3], hairStyle: 'bun', top: C.teal, arms: 'wave', side: -1, legs: { colour: C.navy, pose: 'stand' } }),
    person({ x: 900, y: 580, size: 38, skin: SKIN[1], hair: HAIR[2], hairStyle: 'long', top: C.amber, arms: 'hold', holding: C.navy, legs: { colour: C.indigo, pose: 'stand' } }),
    person({ x: 620, y: 600, size: 34, skin: SKIN[2], hair: HAIR[0], hairStyle: 'short', top: C.rose, arms: 'hold', holding: C.coral, legs: { colour: C.ink, pose: 'stand' } }),
  ]
}

const SCENES = {
  'kitchen-table': { draw: kitchenTable, height: H, alt: 'A tutor and a child working through a book together at a kitchen table, with mugs, a lamp and a sunny window behind them.' },
  classroom: { draw: classroom, height: H, alt: 'A teacher points at a board of sums while four pupils at their desks look on and one raises a hand.' },
  'video-lesson': { draw: videoLesson, height: H, alt: 'A learner in headphones waves to a tutor on a laptop screen during an online lesson; a speech bubble says "Great work!".' },
  'community-hall': { draw: communityHall, height: H, alt: 'Children and a volunteer doing homework at a long table in a community hall decorated with bunting and a Homework Club banner.' },
  books: { draw: books, height: H, alt: 'A colourful stack of books, upright books on a shelf, an apple and a pot of pencils.' },
  'reading-circle': { draw: readingCircle, height: 900, alt: 'A tutor reads aloud to four children sitting on a round rug in front of library shelves.' },
  'science-experiment': { draw: scienceExperiment, height: H, alt: 'A learner and a tutor in goggles watch bubbles rise from flasks of coloured liquid at a lab bench.' },
  map: { draw: map, height: H, alt: 'A map with a dotted route joining four pins: a home, a school, a laptop screen and a group of people.' },
  coding: { draw: coding, height: H, alt: 'Two learners cheer beside a laptop showing lines of colourful code and the symbol </>.' },
  celebration: { draw: celebration, height: 900, alt: 'Three learners celebrate under bunting and confetti, one holding up a certificate.' },
  'adult-class': { draw: adultClass, height: H, alt: 'Four adults with notebooks and mugs at a table, learning English from a board that says "Good morning".' },
  'exam-desk': { draw: examDesk, height: H, alt: 'A desk ready for revision: past papers, notes, a pen, a calendar with a marked day and a clock on the wall.' },
  'library-launch': { draw: libraryLaunch, height: 900, alt: 'Families arrive at a library where a banner announces the new Reading Circle.' },
} as const satisfies Record<string, { draw: () => string[]; height: number; alt: string }>

export type IllustrationName = keyof typeof SCENES
export const ILLUSTRATION_NAMES = Object.keys(SCENES) as IllustrationName[]

/** One illustration: its SVG text, size and a description for its alt text. */
export function illustration(name: IllustrationName): Illustration {
  const scene = SCENES[name]
  return { svg: svgDocument(W, scene.height, scene.alt, scene.draw()), width: W, height: scene.height, alt: scene.alt }
}
