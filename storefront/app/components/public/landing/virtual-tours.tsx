import { Suspense, lazy, useState } from 'react'
import { Modal } from '~/components/public/modal'
import { TOURS } from '~/components/public/landing/tours'
import type { Tour } from '~/components/public/landing/tours'

// The player and its tour load only when a tour is opened.
const TourPlayer = lazy(() => import('~/components/public/landing/tour-player'))

/**
 * Three virtual tours opened in a modal player. Without JavaScript each card's link
 * opens the animated tour itself.
 */
export function VirtualTours() {
  const [open, setOpen] = useState<Tour | null>(null)
  return (
    <>
      <ul className="tours">
        {TOURS.map((tour) => (
          <li key={tour.id} className="tour-card">
            <a
              href={tour.src}
              className="tour-card__media"
              onClick={(event) => {
                event.preventDefault()
                setOpen(tour)
              }}
              aria-label={`Play virtual tour: ${tour.title}`}
            >
              <img src={tour.poster} alt="" width="640" height="360" loading="lazy" decoding="async" />
              <span className="tour-card__play" aria-hidden="true">
                <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
                  <path d="M8 5l11 7-11 7z" fill="currentColor" />
                </svg>
              </span>
              <span className="tour-card__length">{formatSeconds(tour.seconds)}</span>
            </a>
            <div className="tour-card__body">
              <h3 className="tour-card__title">{tour.title}</h3>
              <p>{tour.summary}</p>
            </div>
          </li>
        ))}
      </ul>
      <Modal open={open !== null} onClose={() => setOpen(null)} labelledBy="tour-title">
        {open ? (
          <>
            <h2 id="tour-title" className="dialog__title">
              Virtual tour: {open.title}
            </h2>
            <Suspense fallback={<p className="tour-player__status">Loading the tour…</p>}>
              <TourPlayer tour={open} />
            </Suspense>
          </>
        ) : null}
      </Modal>
    </>
  )
}

function formatSeconds(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}
