import { useCallback, useEffect, useId, useRef, useState } from 'react'
import type { KeyboardEvent } from 'react'

export interface Slide {
  src: string
  alt: string
  title: string
  caption: string
}

/** The landmark slider advances every 3 seconds (requirements: public-site.md#landing-page). */
export const SLIDE_INTERVAL_MS = 3_000

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
}

/**
 * The landmark slider: advances every 3 s, pauses while pointed at or focused, has a
 * pause button, previous/next and one button per slide, answers the arrow keys, and
 * does not move by itself when the visitor prefers reduced motion. Without JavaScript
 * the slides are a row to scroll through.
 */
export function LandmarkSlider({ slides, label }: { slides: Slide[]; label: string }) {
  const [index, setIndex] = useState(0)
  const [enhanced, setEnhanced] = useState(false)
  const [playing, setPlaying] = useState(true)
  const [held, setHeld] = useState(false)
  const trackId = useId()
  const count = slides.length
  const rootRef = useRef<HTMLElement>(null)

  useEffect(() => {
    setEnhanced(true)
    if (prefersReducedMotion()) setPlaying(false)
  }, [])

  const go = useCallback((next: number) => setIndex(((next % count) + count) % count), [count])

  useEffect(() => {
    if (!enhanced || !playing || held || count < 2) return
    const timer = setInterval(() => setIndex((current) => (current + 1) % count), SLIDE_INTERVAL_MS)
    return () => clearInterval(timer)
  }, [enhanced, playing, held, count])

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'ArrowRight') go(index + 1)
    else if (event.key === 'ArrowLeft') go(index - 1)
    else if (event.key === 'Home') go(0)
    else if (event.key === 'End') go(count - 1)
    else return
    event.preventDefault()
  }

  const moving = playing && !held
  return (
    // The WAI-ARIA carousel pattern: arrow keys move between slides, hover and focus pause it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      ref={rootRef}
      className={enhanced ? 'slider slider--enhanced' : 'slider'}
      aria-roledescription="carousel"
      aria-label={label}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setHeld(false)
      }}
    >
      <div className="slider__viewport">
        <div
          id={trackId}
          className="slider__track"
          aria-live={moving ? 'off' : 'polite'}
          style={enhanced ? { transform: `translateX(-${index * 100}%)` } : undefined}
        >
          {slides.map((slide, position) => (
            <div
              key={slide.src}
              className="slider__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${position + 1} of ${count}: ${slide.title}`}
              aria-hidden={enhanced && position !== index ? true : undefined}
              data-active={position === index ? '' : undefined}
            >
              <figure className="slider__figure">
                <img src={slide.src} alt={slide.alt} width="960" height="540" loading="lazy" decoding="async" />
                <figcaption className="slider__caption">
                  <strong>{slide.title}</strong>
                  <span>{slide.caption}</span>
                </figcaption>
              </figure>
            </div>
          ))}
        </div>
      </div>
      {enhanced ? (
        <div className="slider__controls">
          <button type="button" className="slider__button" onClick={() => setPlaying((value) => !value)}>
            {playing ? <PauseIcon /> : <PlayIcon />}
            <span>{playing ? 'Pause slideshow' : 'Play slideshow'}</span>
          </button>
          <button
            type="button"
            className="slider__button slider__button--icon"
            onClick={() => go(index - 1)}
            aria-controls={trackId}
          >
            <span aria-hidden="true">‹</span>
            <span className="visually-hidden">Previous slide</span>
          </button>
          <ol className="slider__dots">
            {slides.map((slide, position) => (
              <li key={slide.src}>
                <button
                  type="button"
                  className="slider__dot"
                  aria-label={`Show slide ${position + 1}: ${slide.title}`}
                  aria-current={position === index ? 'true' : undefined}
                  aria-controls={trackId}
                  onClick={() => go(position)}
                />
              </li>
            ))}
          </ol>
          <button
            type="button"
            className="slider__button slider__button--icon"
            onClick={() => go(index + 1)}
            aria-controls={trackId}
          >
            <span aria-hidden="true">›</span>
            <span className="visually-hidden">Next slide</span>
          </button>
        </div>
      ) : null}
    </section>
  )
}

function PauseIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path d="M4 2h3v12H4zM9 2h3v12H9z" fill="currentColor" />
    </svg>
  )
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path d="M4 2l10 6-10 6z" fill="currentColor" />
    </svg>
  )
}
