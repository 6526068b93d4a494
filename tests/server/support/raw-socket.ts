import { connect, type Socket } from 'node:net'

/** A raw TCP connection to the server on loopback, for writing a request as a misbehaving client would. */
export async function openSocket(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1')
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject))
  return socket
}

/** Resolves when the server closes the socket, with what it answered and how long after `started`. */
export function closedByServer(socket: Socket, started: number): Promise<{ answer: string; afterMs: number }> {
  let answer = ''
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()))
  return new Promise((resolve) => socket.once('close', () => resolve({ answer, afterMs: performance.now() - started })))
}

/** Writes one byte every `everyMs` until the socket closes: a client too slow to finish. */
export function trickle(socket: Socket, everyMs: number): void {
  const timer = setInterval(() => {
    if (socket.destroyed) clearInterval(timer)
    else socket.write('x')
  }, everyMs)
  socket.once('close', () => clearInterval(timer))
}
