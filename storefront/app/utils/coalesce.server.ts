import { Transform } from 'node:stream'

/**
 * A pass-through that hands on in one piece what was written to it within one turn of the event
 * loop. React writes a page in many small pieces (the hub page: some fifty of about 1 kB) and the
 * response's compressor pays for each piece it is given; coalesced, the shell goes on as one
 * piece, and each part streamed later as soon as it is written.
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
