import { randomUUID } from 'node:crypto'
import { open } from 'node:fs/promises'
import sharp from 'sharp'
import drive from '@adonisjs/drive/services/main'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import { AppError } from '#core/errors'
import type { ImageSize } from '#portfolio/models/agent_property_image'

export const MAX_IMAGE_BYTES = 8 * 1024 * 1024
export const MAX_IMAGE_SIZE = '8mb'
export const TOO_LARGE = 'The image is too large. The maximum size is 8 MB.'
export const NOT_AN_IMAGE = 'Only JPEG, PNG or WebP images are accepted.'
const UNREADABLE = 'The image could not be read. Please upload a JPEG, PNG or WebP image.'

/** Card width for lists and grids; large for the property page and the gallery. */
export const IMAGE_WIDTHS: Record<ImageSize, number> = { card: 400, large: 1200 }

/** Refuses decompression bombs (a small file claiming a huge canvas); a 48 MP camera photo passes. */
const MAX_INPUT_PIXELS = 50_000_000

type Format = 'jpeg' | 'png' | 'webp'

/** What the first bytes say the file is, whatever its name or Content-Type claims. */
async function sniff(path: string): Promise<Format | null> {
  const handle = await open(path, 'r')
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(12), 0, 12, 0)
    const head = buffer.subarray(0, bytesRead)
    if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg'
    if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png'
    if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP')
      return 'webp'
    return null
  } finally {
    await handle.close()
  }
}

export type CheckedImage = { file: MultipartFile; field: string; format: Format }

function tooLarge(field: string) {
  return new AppError(TOO_LARGE, 413, [{ field, message: TOO_LARGE }])
}

/** Refuses an oversize, empty or non-image file (SVG included) before anything is stored. */
export async function checkImage(file: MultipartFile, field: string): Promise<CheckedImage> {
  if (!file.isValid) {
    if (file.errors.some((error) => error.type === 'size')) throw tooLarge(field)
    throw AppError.invalid(field, file.errors[0]?.message ?? UNREADABLE)
  }
  if (!file.tmpPath || file.size === 0) throw AppError.invalid(field, 'The image is empty.')
  if (file.size > MAX_IMAGE_BYTES) throw tooLarge(field)
  const format = await sniff(file.tmpPath)
  if (!format) throw AppError.invalid(field, NOT_AN_IMAGE)
  return { file, field, format }
}

export type RenderedImage = { card: Buffer; large: Buffer; width: number; height: number }

/** Upright and without metadata (no camera GPS on a public page); a file that does not decode is refused. */
export async function renderImage(image: CheckedImage): Promise<RenderedImage> {
  const source = () => sharp(image.file.tmpPath!, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
  try {
    const metadata = await source().metadata()
    if (metadata.format !== image.format) throw AppError.invalid(image.field, NOT_AN_IMAGE)
    const render = (width: number) =>
      source()
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true })
    const card = await render(IMAGE_WIDTHS.card)
    const large = await render(IMAGE_WIDTHS.large)
    return { card: card.data, large: large.data, width: large.info.width, height: large.info.height }
  } catch (error) {
    if (error instanceof AppError) throw error
    throw AppError.invalid(image.field, UNREADABLE)
  }
}

export function imageFileKey(storageKey: string, size: ImageSize) {
  return `${storageKey}/${size}.webp`
}

export async function storeImages(images: RenderedImage[]): Promise<string[]> {
  const keys: string[] = []
  try {
    for (const image of images) {
      const key = `portfolio/${randomUUID()}`
      keys.push(key)
      await drive.use('public').put(imageFileKey(key, 'card'), image.card)
      await drive.use('public').put(imageFileKey(key, 'large'), image.large)
    }
    return keys
  } catch (error) {
    await removeStoredImages(keys)
    throw error
  }
}

export async function removeStoredImages(storageKeys: string[]) {
  await Promise.allSettled(storageKeys.map((key) => drive.use('public').deleteAll(key)))
}

export async function readStoredImage(storageKey: string, size: ImageSize) {
  const key = imageFileKey(storageKey, size)
  if (!(await drive.use('public').exists(key))) return null
  return drive.use('public').getStream(key)
}
