import { zipSync, type Zippable } from 'fflate'

export type ZipEntry = { name: string; data: Buffer; modifiedAt?: Date }

/** Images and PDFs are compressed already: stored as they are. */
const COMPRESSED = /\.(jpe?g|png|gif|webp|heic|pdf|zip)$/i

/** A ZIP archive of the given files (fflate), each deflated unless it is compressed already. */
export function zip(entries: ZipEntry[]): Buffer {
  const files: Zippable = {}
  for (const entry of entries) {
    files[entry.name] = [
      new Uint8Array(entry.data.buffer, entry.data.byteOffset, entry.data.byteLength),
      { level: COMPRESSED.test(entry.name) ? 0 : 6, mtime: entry.modifiedAt ?? new Date() },
    ]
  }
  return Buffer.from(zipSync(files))
}
