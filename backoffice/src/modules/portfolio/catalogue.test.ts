import { describe, expect, it } from 'vitest'
import { HttpError } from 'react-admin'
import { addGalleryImages, GALLERY_LIMIT_REACHED, IMAGES_ONLY, isImage } from './catalogue'
import { shareFailure } from './share'

const image = (name: string) => new File(['x'], name, { type: 'image/jpeg' })

describe('Add to Catalogue images (requirements: agent-admin.md#add-to-catalogue)', () => {
  it('takes image files only', () => {
    expect(isImage(image('a.jpg'))).toBe(true)
    expect(isImage(new File(['x'], 'a.pdf', { type: 'application/pdf' }))).toBe(false)
    expect(isImage(new File(['x'], 'b.svg', { type: 'image/svg+xml' }))).toBe(false)
  })

  it('keeps at most ten gallery images and says why others were left out', () => {
    const eight = Array.from({ length: 8 }, (_, index) => image(`${index}.jpg`))
    const full = addGalleryImages(eight, [image('8.jpg'), image('9.jpg'), image('10.jpg')])
    expect(full.images).toHaveLength(10)
    expect(full.refused).toBe(GALLERY_LIMIT_REACHED)

    const mixed = addGalleryImages([], [image('a.jpg'), new File(['x'], 'notes.txt', { type: 'text/plain' })])
    expect(mixed.images.map((file) => file.name)).toEqual(['a.jpg'])
    expect(mixed.refused).toBe(IMAGES_ONLY)
    expect(addGalleryImages([], [image('a.jpg')]).refused).toBeNull()
  })
})

describe('share failures (requirements: agent-admin.md#sharing)', () => {
  it('has one text per kind of failure', () => {
    expect(shareFailure(new HttpError('Unauthorized', 401))).toBe('Authentication failed. Please log in again.')
    expect(shareFailure(new HttpError('Forbidden', 403))).toBe('You do not have permission to share this property.')
    expect(shareFailure(new HttpError('Not found', 404))).toMatch(/^Property not found/)
    expect(shareFailure(new TypeError('Failed to fetch'))).toMatch(/^Network error/)
    expect(shareFailure(new HttpError('Unknown platform', 422, { message: 'Unknown platform' }))).toBe(
      'Failed to share property: Unknown platform'
    )
  })
})
