import type { HttpContext } from '@adonisjs/core/http'
import { checkImage, MAX_IMAGE_SIZE, type CheckedImage } from '#portfolio/services/image_store'
import type { CatalogueImages } from '#portfolio/actions/add_to_catalogue'

/** The Add to Catalogue images of this request (`heroImage`, repeated `galleryImages`), each checked by content and size. */
export async function catalogueImages(request: HttpContext['request']): Promise<CatalogueImages> {
  const hero = request.file('heroImage', { size: MAX_IMAGE_SIZE })
  const gallery: CheckedImage[] = []
  for (const [index, file] of request.files('galleryImages', { size: MAX_IMAGE_SIZE }).entries()) {
    gallery.push(await checkImage(file, `galleryImages.${index}`))
  }
  return { hero: hero ? await checkImage(hero, 'heroImage') : undefined, gallery }
}
