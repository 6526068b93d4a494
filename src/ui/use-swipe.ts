import { useRef, type PointerEvent } from 'react'

/** How far a finger must travel sideways, in CSS pixels, to count as a swipe rather than a tap. */
const SWIPE_DISTANCE = 50

/**
 * Swipe left for next and right for previous, from pointer events so touch, pen and mouse drags all work.
 * The element needs `touch-action: pan-y`, or the browser keeps horizontal moves for itself.
 */
export function useSwipe({ onPrevious, onNext }: { onPrevious: () => void; onNext: () => void }) {
  const start = useRef<{ x: number; y: number } | null>(null)
  return {
    onPointerDown: (event: PointerEvent) => {
      start.current = { x: event.clientX, y: event.clientY }
    },
    onPointerUp: (event: PointerEvent) => {
      const from = start.current
      start.current = null
      if (!from) return
      const dx = event.clientX - from.x
      // Mostly sideways, far enough: a swipe. Anything else (a tap, a scroll) is left alone.
      if (Math.abs(dx) < SWIPE_DISTANCE || Math.abs(dx) < Math.abs(event.clientY - from.y)) return
      if (dx < 0) onNext()
      else onPrevious()
    },
    onPointerCancel: () => {
      start.current = null
    },
  }
}
