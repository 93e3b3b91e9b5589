/** Add to Catalogue (requirements: agent-admin.md#add-to-catalogue). */
export const SELECT_OWNED_PROPERTY = 'Please select a property from your owned properties.'
export const MAX_GALLERY_IMAGES = 10
export const GALLERY_LIMIT_REACHED = `You can upload up to ${MAX_GALLERY_IMAGES} gallery images`
export const IMAGES_ONLY = 'Only image files (JPG, PNG or WebP) can be added.'

/** Catalogue images are pictures the backend can decode: JPEG, PNG, WebP or GIF. */
export function isImage(file: File): boolean {
  return /^image\/(jpeg|png|webp|gif)$/i.test(file.type) || (!file.type && /\.(jpe?g|png|webp|gif)$/i.test(file.name))
}

/**
 * The gallery after choosing more images: images only, at most ten in all. `refused` says why
 * some were left out, or is null.
 */
export function addGalleryImages(current: File[], chosen: File[]): { images: File[]; refused: string | null } {
  const pictures = chosen.filter(isImage)
  const room = Math.max(MAX_GALLERY_IMAGES - current.length, 0)
  const images = [...current, ...pictures.slice(0, room)]
  if (pictures.length > room) return { images, refused: GALLERY_LIMIT_REACHED }
  if (pictures.length < chosen.length) return { images, refused: IMAGES_ONLY }
  return { images, refused: null }
}
