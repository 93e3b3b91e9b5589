import { Transform } from 'node:stream'

/**
 * A pass-through that hands on in one piece what was written within one turn of the event loop:
 * React writes a page in many small pieces, and the response's compressor pays per piece.
 */
export function coalesceWrites(): Transform {
  let pending: Buffer[] = []
  let scheduled = false
  const handOn = () => {
    scheduled = false
    if (pending.length === 0) return
    const piece = pending.length === 1 ? pending[0] : Buffer.concat(pending)
    pending = []
    stream.push(piece)
  }
  const stream = new Transform({
    transform(chunk: Buffer | string, encoding, callback) {
      pending.push(typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk)
      if (!scheduled) {
        scheduled = true
        setImmediate(handOn)
      }
      callback()
    },
    flush(callback) {
      handOn()
      callback()
    },
  })
  return stream
}
