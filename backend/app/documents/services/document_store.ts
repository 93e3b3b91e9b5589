import { randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import { pipeline, type Readable } from 'node:stream'
import drive from '@adonisjs/drive/services/main'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { AppError } from '#core/errors'
import BookingDocument, { type DocumentType } from '#documents/models/booking_document'
import DocumentKey from '#documents/models/document_key'
import { decryptingStream, encryptingStream } from '#documents/services/document_crypto'

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024
export const MAX_DOCUMENT_SIZE = '10mb'

/**
 * Far above what a booking needs, low enough that nobody fills the storage through one booking. A superseded
 * upload counts (its file stays); a deleted one does not.
 */
export const MAX_DOCUMENTS_PER_BOOKING = 20
export const BOOKING_DOCUMENTS_FULL = `This booking already has the most documents it can hold (${MAX_DOCUMENTS_PER_BOOKING}).`

/**
 * Asked before a file is written, and again under the booking's row lock in the row's transaction, so two
 * uploads racing for the last place take turns.
 */
export async function refuseWhenBookingFull(bookingId: number, client?: QueryClientContract) {
  const [{ total }] = await BookingDocument.query(client ? { client } : {})
    .where('booking_id', bookingId)
    .whereNull('deleted_at')
    .count('* as total')
    .pojo<{ total: number | string }>()
  if (Number(total) >= MAX_DOCUMENTS_PER_BOOKING) throw AppError.invalid('document', BOOKING_DOCUMENTS_FULL)
}

type Kind = { mime: string; extension: string }

const PDF: Kind = { mime: 'application/pdf', extension: 'pdf' }
const JPEG: Kind = { mime: 'image/jpeg', extension: 'jpg' }
const PNG: Kind = { mime: 'image/png', extension: 'png' }

/** Cheques may be PDF or images; identity cards only images (requirements: booking.md#request-form). */
const ALLOWED: Record<DocumentType, Kind[]> = {
  cheque: [PDF, JPEG, PNG],
  ic_front: [JPEG, PNG],
  ic_back: [JPEG, PNG],
  uploaded_document: [PDF, JPEG, PNG],
  other: [PDF, JPEG, PNG],
}

const LABELS: Record<DocumentType, string> = {
  cheque: 'The payment cheque must be a PDF, JPG or PNG file.',
  ic_front: 'The IC front must be a JPG or PNG image.',
  ic_back: 'The IC back must be a JPG or PNG image.',
  uploaded_document: 'The document must be a PDF, JPG or PNG file.',
  other: 'The document must be a PDF, JPG or PNG file.',
}

/** What the first bytes say the file is, whatever its name claims. */
async function sniff(path: string): Promise<Kind | null> {
  const handle = await open(path, 'r')
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(8), 0, 8, 0)
    const head = buffer.subarray(0, bytesRead)
    if (head.subarray(0, 5).toString('latin1') === '%PDF-') return PDF
    if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return JPEG
    if (head.equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return PNG
    return null
  } finally {
    await handle.close()
  }
}

export type CheckedDocument = { file: MultipartFile; type: DocumentType; kind: Kind; field: string }

export async function checkDocument(file: MultipartFile, type: DocumentType, field: string): Promise<CheckedDocument> {
  if (!file.isValid) {
    const sizeError = file.errors.find((error) => error.type === 'size')
    if (sizeError) {
      throw new AppError('The file is too large. The maximum size is 10 MB.', 413, [
        { field, message: 'The file is too large. The maximum size is 10 MB.' },
      ])
    }
    throw AppError.invalid(field, file.errors[0]?.message ?? 'The file could not be read.')
  }
  if (!file.tmpPath || file.size === 0) throw AppError.invalid(field, 'The file is empty.')
  if (file.size > MAX_DOCUMENT_BYTES) {
    throw new AppError('The file is too large. The maximum size is 10 MB.', 413, [
      { field, message: 'The file is too large. The maximum size is 10 MB.' },
    ])
  }
  const kind = await sniff(file.tmpPath)
  if (!kind || !ALLOWED[type].includes(kind)) throw AppError.invalid(field, LABELS[type])
  return { file, type, kind, field }
}

export type StoredDocument = {
  documentType: DocumentType
  originalName: string
  storageKey: string
  mimeType: string
  sizeBytes: number
}

/** An object is never readable without its key row; a failed record removes the object again. */
export async function writeEncrypted(storageKey: string, source: Readable, size: number) {
  const encryption = encryptingStream(storageKey)
  const encrypted = pipeline(source, encryption.stream, () => {})
  // GCM adds no padding: the object is exactly as long as the file (S3 needs the length up front).
  await drive.use().putStream(storageKey, encrypted, { contentType: 'application/octet-stream', contentLength: size })
  try {
    await DocumentKey.create({ storageKey, ...encryption.material() })
  } catch (error) {
    await drive
      .use()
      .delete(storageKey)
      .catch(() => {})
    throw error
  }
}

/** Every column naming a file on the private disk (what `documents:encrypt-existing` converts). */
export const STORED_FILE_COLUMNS: ReadonlyArray<{ table: string; column: string }> = [
  { table: 'booking_documents', column: 'storage_key' },
  { table: 'booking_fees', column: 'receipt_key' },
]

export function newStorageKey() {
  return `bookings/${randomUUID()}.enc`
}

export async function storeDocument(document: CheckedDocument): Promise<StoredDocument> {
  const storageKey = newStorageKey()
  await writeEncrypted(storageKey, createReadStream(document.file.tmpPath!), document.file.size)
  return {
    documentType: document.type,
    originalName: cleanName(document.file.clientName, document.kind.extension),
    storageKey,
    mimeType: document.kind.mime,
    sizeBytes: document.file.size,
  }
}

/** The files are removed again if the booking is not made. */
export async function withStoredDocuments<T>(
  documents: CheckedDocument[],
  uploadedById: number,
  work: (within: (trx: TransactionClientContract, booking: { id: number }) => Promise<void>) => Promise<T>
): Promise<T> {
  const stored: StoredDocument[] = []
  try {
    for (const document of documents) stored.push(await storeDocument(document))
    return await work(async (trx, booking) => {
      for (const document of stored) {
        await BookingDocument.create({ ...document, bookingId: booking.id, uploadedById }, { client: trx })
      }
    })
  } catch (error) {
    await removeStoredDocuments(stored)
    throw error
  }
}

/** A file already gone is no error; a store that fails throws. */
export async function deleteStoredDocument(storageKey: string) {
  await drive.use().delete(storageKey)
  await DocumentKey.query().where('storage_key', storageKey).delete()
}

export async function removeStoredDocuments(documents: Array<Pick<StoredDocument, 'storageKey'>>) {
  await Promise.allSettled(documents.map((document) => drive.use().delete(document.storageKey)))
  const keys = documents.map((document) => document.storageKey)
  if (keys.length) await DocumentKey.query().whereIn('storage_key', keys).delete()
}

/**
 * Null when gone from the store. An object without a key row was stored before encryption and is read as is;
 * the stream fails (DocumentIntegrityError) rather than end when the object was altered.
 */
export async function findStoredDocument(storageKey: string) {
  if (!(await drive.use().exists(storageKey))) return null
  const key = await DocumentKey.findBy('storageKey', storageKey)
  return {
    encrypted: Boolean(key),
    async open(): Promise<Readable> {
      const stream = await drive.use().getStream(storageKey)
      if (!key) return stream
      try {
        return decryptingStream(stream, key, storageKey)
      } catch (error) {
        // A key that does not open leaves the object unread: its file or socket is let go here.
        stream.destroy()
        throw error
      }
    },
  }
}

export async function readStoredDocument(storageKey: string): Promise<Readable | null> {
  const found = await findStoredDocument(storageKey)
  return found ? found.open() : null
}

export async function readStoredBytes(storageKey: string): Promise<Buffer | null> {
  const stream = await readStoredDocument(storageKey)
  if (!stream) return null
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
  return Buffer.concat(chunks)
}

/** Keeps a display name safe for headers and screens. */
function cleanName(name: string, extension: string): string {
  const cleaned = name
    .replace(/[^\w.\- ()]/g, '_')
    .slice(0, 200)
    .trim()
  return cleaned || `document.${extension}`
}
