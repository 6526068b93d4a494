import type { AnyStateMachine, AnyStateNode } from 'xstate'

/**
 * Draws a machine as a Mermaid state diagram, read from the machine's own definition (states, initial
 * states, event and eventless transitions, invoked actors with their done/error transitions, guards),
 * so the picture in docs/ cannot drift from the code: a unit test compares the two.
 */
export function machineToMermaid(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2']
  drawNode(machine.root, lines, '  ')
  return lines.join('\n')
}

const idOf = (node: AnyStateNode) => (node.path.length === 0 ? node.machine.id : node.path.join('_'))

function eventLabel(eventType: string, node: AnyStateNode): string {
  for (const invoked of node.invoke) {
    if (eventType === `xstate.done.actor.${invoked.id}`) return `${sourceName(invoked.src)} done`
    if (eventType === `xstate.error.actor.${invoked.id}`) return `${sourceName(invoked.src)} failed`
  }
  // A delayed transition's event is `xstate.after.<delay>.<state id>`: drawn as "after <delay>".
  const delayed = /^xstate\.after\.([^.]+)\./.exec(eventType)
  if (delayed) return `after ${delayed[1]}`
  return eventType === '' ? 'always' : eventType
}

const sourceName = (src: unknown) => (typeof src === 'string' ? src : 'actor')

/** A guard as written in the machine: a name, `{ type }`, or a combinator such as `not('x')`. */
function guardName(guard: unknown): string {
  if (typeof guard === 'string') return guard
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String(guard.type)
  if (typeof guard === 'function' && 'guards' in guard && Array.isArray(guard.guards)) {
    return `${guard.name} ${(guard.guards as unknown[]).map(guardName).join(', ')}`
  }
  return 'guarded'
}

function drawNode(node: AnyStateNode, lines: string[], indent: string): void {
  const children = Object.values(node.states) as AnyStateNode[]
  if (node.path.length > 0 && children.length > 0) lines.push(`${indent}state ${idOf(node)} {`)
  const inner = node.path.length > 0 && children.length > 0 ? `${indent}  ` : indent

  if (children.length > 0) {
    const initialTargets = node.initial?.target ?? []
    for (const target of initialTargets) lines.push(`${inner}[*] --> ${idOf(target)}`)
    for (const child of children) drawNode(child, lines, inner)
  }
  if (node.path.length > 0 && children.length > 0) lines.push(`${indent}}`)

  if (node.path.length === 0) return
  for (const invoked of node.invoke) lines.push(`${indent}${idOf(node)} : invokes ${sourceName(invoked.src)}`)
  if (node.type === 'final') lines.push(`${indent}${idOf(node)} --> [*]`)

  const transitions = [...node.transitions.values()].flat()
  for (const transition of [...transitions, ...(node.always ?? [])]) {
    const guard = transition.guard === undefined ? '' : ` [${guardName(transition.guard)}]`
    const label = `${eventLabel(String(transition.eventType), node)}${guard}`
    for (const target of transition.target ?? [node]) lines.push(`${indent}${idOf(node)} --> ${idOf(target)} : ${label}`)
  }
}

/** The markdown page that holds one machine's picture. */
export function machineDocument(title: string, source: string, machine: AnyStateMachine): string {
  return [
    `# ${title}`,
    '',
    `Generated from \`${source}\` by \`npm run docs:machines\`; a unit test fails when this picture and the machine disagree.`,
    '',
    '```mermaid',
    machineToMermaid(machine),
    '```',
    '',
  ].join('\n')
}
