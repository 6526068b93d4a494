import { useId } from 'react'

/** The TEC mark and wordmark. Named by its title, so a link wrapping it needs no other text. */
export function Logo({ height = 40, withWordmark = true }: { height?: number; withWordmark?: boolean }) {
  const titleId = useId()
  const width = withWordmark ? height * 4.2 : height
  return (
    <svg
      role="img"
      aria-labelledby={titleId}
      width={width}
      height={height}
      viewBox={withWordmark ? '0 0 168 40' : '0 0 40 40'}
      xmlns="http://www.w3.org/2000/svg"
    >
      <title id={titleId}>TEC — Education and tutoring</title>
      <rect width="40" height="40" rx="8" fill="#020065" />
      <text x="20" y="26" textAnchor="middle" fontFamily="system-ui, sans-serif" fontSize="15" fontWeight="800" fill="#ffffff">
        TEC
      </text>
      {withWordmark && (
        <>
          <text x="50" y="19" fontFamily="system-ui, sans-serif" fontSize="16" fontWeight="800" fill="#020065">
            TEC
          </text>
          <text x="50" y="34" fontFamily="system-ui, sans-serif" fontSize="10.5" fill="#1f2340">
            Education and tutoring
          </text>
        </>
      )}
    </svg>
  )
}
