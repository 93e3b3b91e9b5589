import { createReadStream } from 'node:fs'
import { open, stat, type FileHandle } from 'node:fs/promises'
import { Readable } from 'node:stream'

/**
 * A plain POSIX tar (ustar) archive, written entry by entry and read back by offsets: readable by
 * `tar -tvf` and `tar -xf` anywhere, and no entry is held in memory longer than it is written.
 */

const BLOCK = 512

function octal(value: number, width: number) {
  return value.toString(8).padStart(width - 1, '0') + '\0'
}

/** ustar keeps names of 100 bytes, with a 155-byte prefix cut at a slash. */
function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name }
  for (let at = name.indexOf('/'); at > 0; at = name.indexOf('/', at + 1)) {
    const prefix = name.slice(0, at)
    const base = name.slice(at + 1)
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return { prefix, base }
  }
  throw new Error(`The name "${name}" is too long for a tar entry`)
}

function header(name: string, size: number, mtime: Date) {
  const block = Buffer.alloc(BLOCK)
  const { prefix, base } = splitName(name)
  block.write(base, 0, 100, 'utf8')
  block.write(octal(0o600, 8), 100, 'ascii')
  block.write(octal(0, 8), 108, 'ascii')
  block.write(octal(0, 8), 116, 'ascii')
  block.write(octal(size, 12), 124, 'ascii')
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii')
  block.fill(' ', 148, 156)
  block.write('0', 156, 'ascii')
  block.write('ustar\0', 257, 'ascii')
  block.write('00', 263, 'ascii')
  block.write(prefix, 345, 155, 'utf8')
  let sum = 0
  for (const byte of block) sum += byte
  block.write(octal(sum, 7) + ' ', 148, 'ascii')
  return block
}

export class TarWriter {
  #size = 0
  private constructor(private handle: FileHandle) {}

  static async create(path: string) {
    return new TarWriter(await open(path, 'wx', 0o600))
  }

  async add(name: string, data: Uint8Array, mtime = new Date()) {
    const padding = (BLOCK - (data.length % BLOCK)) % BLOCK
    await this.#write(header(name, data.length, mtime))
    await this.#write(data)
    if (padding) await this.#write(Buffer.alloc(padding))
  }

  /** A file's content as an entry, copied in chunks. */
  async addFile(name: string, path: string, mtime = new Date()) {
    const { size } = await stat(path)
    await this.#write(header(name, size, mtime))
    const source = await open(path, 'r')
    try {
      const chunk = Buffer.alloc(1 << 20)
      for (let at = 0; at < size;) {
        const { bytesRead } = await source.read(chunk, 0, chunk.length, at)
        if (!bytesRead) throw new Error(`${path} ended early`)
        await this.#write(chunk.subarray(0, bytesRead))
        at += bytesRead
      }
    } finally {
      await source.close()
    }
    const padding = (BLOCK - (size % BLOCK)) % BLOCK
    if (padding) await this.#write(Buffer.alloc(padding))
  }

  /** Two empty blocks end the archive; answers its size in bytes. */
  async close() {
    await this.#write(Buffer.alloc(BLOCK * 2))
    await this.handle.sync()
    await this.handle.close()
    return this.#size
  }

  async #write(data: Uint8Array) {
    await this.handle.write(data)
    this.#size += data.length
  }
}

export type TarEntry = { name: string; offset: number; size: number }

export class TarReader {
  private constructor(
    private path: string,
    private handle: FileHandle,
    readonly entries: Map<string, TarEntry>
  ) {}

  static async open(path: string) {
    const handle = await open(path, 'r')
    const entries = new Map<string, TarEntry>()
    try {
      const { size: total } = await handle.stat()
      let at = 0
      while (at + BLOCK <= total) {
        const { buffer } = await handle.read(Buffer.alloc(BLOCK), 0, BLOCK, at)
        if (buffer.every((byte) => byte === 0)) break
        const field = (start: number, length: number) =>
          buffer
            .subarray(start, start + length)
            .toString('utf8')
            .replace(/\0.*$/s, '')
        const size = Number.parseInt(field(124, 12).trim() || '0', 8)
        const prefix = field(345, 155)
        const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100)
        if (!Number.isFinite(size) || at + BLOCK + size > total)
          throw new Error('The archive is truncated or not a tar file')
        if (field(156, 1) === '0' || field(156, 1) === '') entries.set(name, { name, offset: at + BLOCK, size })
        at += BLOCK + Math.ceil(size / BLOCK) * BLOCK
      }
    } catch (error) {
      await handle.close()
      throw error
    }
    return new TarReader(path, handle, entries)
  }

  async read(name: string): Promise<Buffer> {
    const entry = this.entries.get(name)
    if (!entry) throw new Error(`The archive has no "${name}"`)
    const { buffer } = await this.handle.read(Buffer.alloc(entry.size), 0, entry.size, entry.offset)
    return buffer
  }

  /** The entry's bytes as a stream (an empty entry is an empty stream). */
  stream(name: string): Readable {
    const entry = this.entries.get(name)
    if (!entry) throw new Error(`The archive has no "${name}"`)
    if (!entry.size) return Readable.from([])
    // A stream of its own file descriptor: streams on the one handle would each keep a listener on it.
    return createReadStream(this.path, { start: entry.offset, end: entry.offset + entry.size - 1 })
  }

  close() {
    return this.handle.close()
  }
}
