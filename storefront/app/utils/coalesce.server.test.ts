import { describe, expect, it } from 'vitest'
import { coalesceWrites } from './coalesce.server'

function collect(stream: NodeJS.ReadableStream) {
  const pieces: string[] = []
  stream.on('data', (piece: Buffer) => pieces.push(piece.toString()))
  return pieces
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

describe('coalesceWrites', () => {
  it('hands on the writes of one turn as one piece, in order', async () => {
    const stream = coalesceWrites()
    const pieces = collect(stream)
    for (let i = 0; i < 50; i++) stream.write(`<tr>${i}</tr>`)
    await nextTurn()
    await nextTurn()
    expect(pieces).toEqual([Array.from({ length: 50 }, (_, i) => `<tr>${i}</tr>`).join('')])
  })

  it('hands on what is written later as it comes, without waiting for the end', async () => {
    const stream = coalesceWrites()
    const pieces = collect(stream)
    stream.write('<html>')
    stream.write('<body>')
    await nextTurn()
    await nextTurn()
    expect(pieces).toEqual(['<html><body>'])
    stream.write('<script>late</script>')
    await nextTurn()
    await nextTurn()
    expect(pieces).toEqual(['<html><body>', '<script>late</script>'])
  })

  it('hands on what is still waiting when the writer ends', async () => {
    const stream = coalesceWrites()
    const pieces = collect(stream)
    const ended = new Promise((resolve) => stream.on('end', resolve))
    stream.write('a')
    stream.end('b')
    await ended
    expect(pieces.join('')).toBe('ab')
  })
})
