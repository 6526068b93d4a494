/** Asks again (every 20 ms, at most `withinMs`) until `check` holds for the answer, and gives back the last answer. */
export async function until<T>(ask: () => Promise<T>, check: (value: T) => boolean, withinMs = 10_000): Promise<T> {
  const deadline = Date.now() + withinMs
  for (;;) {
    const value = await ask()
    if (check(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
