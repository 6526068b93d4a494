import { Alert } from '@mantine/core'
import type { Ref } from 'react'

/** Why sending failed, when it is not about one field; it is focused so the reason is read at once. */
export function FormProblem({ problem, problemRef, title }: { problem: string | null; problemRef: Ref<HTMLDivElement>; title: string }) {
  return (
    <div ref={problemRef} tabIndex={-1}>
      {problem && (
        <Alert color="red" variant="light" role="alert" title={title}>
          {problem}
        </Alert>
      )}
    </div>
  )
}
