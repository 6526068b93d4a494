/** The value of one sample (`name{labels} value`) of a Prometheus scrape, or undefined when it has no such line. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match || match[1] !== name) continue
    const found = new Map([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((pair): [string, string] => [pair[1] ?? '', pair[2] ?? '']))
    if (Object.entries(labels).every(([key, value]) => found.get(key) === value)) return Number(match[3])
  }
  return undefined
}
