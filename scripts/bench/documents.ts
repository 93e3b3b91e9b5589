/**
 * `npm run bench -- documents`: what encryption at rest costs a booking document.
 * Writes and reads 5 MB files on the local disk, plain and encrypted side by side in one run,
 * and prints the median milliseconds per file for upload (write) and download (read).
 *
 * The encrypted path is the one backend/app/bookings/services/document_crypto.ts takes: a fresh
 * AES-256-GCM data key per file, wrapped by a master key (AES-256-GCM), the file encrypted as it
 * streams to the disk; on download decrypted as it streams, the last chunk held back until the
 * GCM tag checks. (The key row, one indexed INSERT or SELECT, is left out: the same for any file.)
 * Options: BENCH_FILE_MB (5), BENCH_ROUNDS (20).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Transform, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 5)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20)
const AAD = Buffer.from('aero-document:v1')
const masterKey = randomBytes(32)

function wrap(dataKey: Buffer, storageKey: string) {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', masterKey, iv)
  cipher.setAAD(Buffer.from(`aero-document-key:v1:${storageKey}`))
  return Buffer.concat([iv, cipher.update(dataKey), cipher.final(), cipher.getAuthTag()])
}

function unwrap(wrapped: Buffer, storageKey: string) {
  const decipher = createDecipheriv('aes-256-gcm', masterKey, wrapped.subarray(0, 12))
  decipher.setAAD(Buffer.from(`aero-document-key:v1:${storageKey}`))
  decipher.setAuthTag(wrapped.subarray(44))
  return Buffer.concat([decipher.update(wrapped.subarray(12, 44)), decipher.final()])
}

/** Reads to the end, keeping nothing (the HTTP answer would send it on). */
const sink = () =>
  new Writable({
    write(_chunk, _encoding, callback) {
      callback()
    },
  })

async function plainWrite(source: string, target: string) {
  await pipeline(createReadStream(source), createWriteStream(target))
}

async function plainRead(target: string) {
  await pipeline(createReadStream(target), sink())
}

async function encryptedWrite(source: string, target: string) {
  const dataKey = randomBytes(32)
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', dataKey, iv)
  cipher.setAAD(AAD)
  const wrapped = wrap(dataKey, target)
  await pipeline(createReadStream(source), cipher, createWriteStream(target))
  return { wrapped, iv, tag: cipher.getAuthTag() }
}

async function encryptedRead(target: string, key: { wrapped: Buffer; iv: Buffer; tag: Buffer }) {
  const decipher = createDecipheriv('aes-256-gcm', unwrap(key.wrapped, target), key.iv)
  decipher.setAAD(AAD)
  decipher.setAuthTag(key.tag)
  let held: Buffer | null = null
  const plain = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const out = decipher.update(chunk)
      if (held?.length) this.push(held)
      held = out
      callback()
    },
    flush(callback) {
      try {
        decipher.final()
        if (held?.length) this.push(held)
        callback()
      } catch (error) {
        callback(error as Error)
      }
    },
  })
  await pipeline(createReadStream(target), plain, sink())
}

async function time(work: () => Promise<unknown>) {
  const start = process.hrtime.bigint()
  await work()
  return Number(process.hrtime.bigint() - start) / 1e6
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

const dir = await mkdtemp(join(tmpdir(), 'aero-bench-documents-'))
try {
  const source = join(dir, 'upload.bin')
  await writeFile(source, randomBytes(FILE_MB * 1024 * 1024))
  const results = {
    plainWrite: [] as number[],
    plainRead: [] as number[],
    encWrite: [] as number[],
    encRead: [] as number[],
  }
  // One warm-up round, then the measured rounds, plain and encrypted interleaved.
  for (let round = -1; round < ROUNDS; round++) {
    const plainTarget = join(dir, `plain-${round}.bin`)
    const encTarget = join(dir, `enc-${round}.enc`)
    const pw = await time(() => plainWrite(source, plainTarget))
    let key: Awaited<ReturnType<typeof encryptedWrite>> | null = null
    const ew = await time(async () => {
      key = await encryptedWrite(source, encTarget)
    })
    const pr = await time(() => plainRead(plainTarget))
    const er = await time(() => encryptedRead(encTarget, key!))
    if (round < 0) continue
    results.plainWrite.push(pw)
    results.encWrite.push(ew)
    results.plainRead.push(pr)
    results.encRead.push(er)
    await rm(plainTarget)
    await rm(encTarget)
  }
  const row = (name: string, plain: number[], encrypted: number[]) => {
    const p = median(plain)
    const e = median(encrypted)
    return `${name.padEnd(10)} ${p.toFixed(1).padStart(8)} ${e.toFixed(1).padStart(10)} ${(e - p).toFixed(1).padStart(8)}`
  }
  console.log(
    `Booking documents, ${FILE_MB} MB file, local disk, median of ${ROUNDS} rounds (ms per file), Node ${process.version}`
  )
  console.log(`${''.padEnd(10)} ${'plain'.padStart(8)} ${'encrypted'.padStart(10)} ${'cost'.padStart(8)}`)
  console.log(row('upload', results.plainWrite, results.encWrite))
  console.log(row('download', results.plainRead, results.encRead))
} finally {
  await rm(dir, { recursive: true, force: true })
}
