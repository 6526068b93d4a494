import type { AnyStateMachine } from 'xstate'
import { authMachine } from '../src/machines/auth.machine.ts'
import { lessonMachine } from '../shared/lesson-lifecycle.ts'
import { tutorApplicationMachine } from '../src/machines/tutor-application.machine.ts'

/** Every machine drawn in docs/: its page title, source file and the markdown file that holds the picture. */
export const drawnMachines: { title: string; source: string; file: string; machine: AnyStateMachine }[] = [
  { title: 'The auth machine', source: 'src/machines/auth.machine.ts', file: 'docs/auth-machine.md', machine: authMachine },
  {
    title: 'The tutor application machine',
    source: 'src/machines/tutor-application.machine.ts',
    file: 'docs/tutor-application-machine.md',
    machine: tutorApplicationMachine,
  },
  { title: 'The lesson lifecycle', source: 'shared/lesson-lifecycle.ts', file: 'docs/lesson-machine.md', machine: lessonMachine },
]
