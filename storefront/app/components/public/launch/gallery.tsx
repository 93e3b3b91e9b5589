import { useState } from 'react'

export interface GalleryImage {
  src: string
  alt: string
  caption: string
}

/**
 * A gallery of images with thumbnails. Each thumbnail is a link (the page shows that
 * image without JavaScript); with JavaScript it swaps the large image in place.
 */
export function Gallery({
  images,
  initial,
  hrefFor,
}: {
  images: GalleryImage[]
  initial: number
  hrefFor: (index: number) => string
}) {
  const [index, setIndex] = useState(initial)
  const current = images[index] ?? images[0]
  return (
    <div className="gallery" id="gallery">
      <figure className="gallery__main">
        <img src={current.src} alt={current.alt} width="1200" height="750" decoding="async" />
        <figcaption className="gallery__caption" aria-live="polite">
          {current.caption}{' '}
          <span className="gallery__count">
            ({index + 1} of {images.length})
          </span>
        </figcaption>
      </figure>
      <ul className="gallery__thumbs" aria-label="Gallery images">
        {images.map((image, position) => (
          <li key={image.src}>
            <a
              href={hrefFor(position)}
              className="gallery__thumb"
              aria-current={position === index ? 'true' : undefined}
              onClick={(event) => {
                event.preventDefault()
                setIndex(position)
              }}
            >
              <img src={image.src} alt="" width="240" height="150" loading="lazy" decoding="async" />
              <span className="visually-hidden">
                Show image {position + 1}: {image.caption}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}
