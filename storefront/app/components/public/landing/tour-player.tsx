import { useEffect, useState } from 'react'
import type { Tour } from '~/components/public/landing/tours'

type Loaded = { status: 'loading' } | { status: 'ready'; svg: string } | { status: 'failed' }

/**
 * Plays one virtual tour (loaded only when the dialog opens): the animated SVG is our
 * own same-origin file, placed inline so that Pause can stop its animations. A visitor
 * who prefers reduced motion starts paused.
 */
export default function TourPlayer({ tour }: { tour: Tour }) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' })
  const [playing, setPlaying] = useState(
    () => typeof window === 'undefined' || !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
  )
  const [run, setRun] = useState(0)

  useEffect(() => {
    const controller = new AbortController()
    fetch(tour.src, { signal: controller.signal })
      .then((response) => {
        if (!response.ok) throw new Error(`Tour ${tour.id}: ${response.status}`)
        return response.text()
      })
      .then((svg) =>
        // The wrapper names the picture; the drawing inside is not announced a second time.
        setLoaded({ status: 'ready', svg: svg.replace('<svg ', '<svg aria-hidden="true" focusable="false" ') })
      )
      .catch((error: unknown) => {
        if (!controller.signal.aborted) {
          console.error(error)
          setLoaded({ status: 'failed' })
        }
      })
    return () => controller.abort()
  }, [tour.src, tour.id])

  return (
    <div className="tour-player">
      <div
        className={playing ? 'tour-player__stage' : 'tour-player__stage tour-player__stage--paused'}
        style={{ ['--tour-seconds' as string]: `${tour.seconds}s` }}
      >
        {loaded.status === 'ready' ? (
          <div
            key={run}
            className="tour-player__svg"
            role="img"
            aria-label={`${tour.title}: animated illustration`}
            dangerouslySetInnerHTML={{ __html: loaded.svg }}
          />
        ) : (
          <p className="tour-player__status">
            {loaded.status === 'loading'
              ? 'Loading the tour…'
              : 'The tour could not be loaded. Please try again later.'}
          </p>
        )}
        <div key={`progress-${run}`} className="tour-player__progress" aria-hidden="true">
          <span />
        </div>
      </div>
      <div className="tour-player__controls">
        <button
          type="button"
          className="button button--primary button--small"
          onClick={() => setPlaying((value) => !value)}
        >
          {playing ? 'Pause' : 'Play'}
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => {
            setRun((value) => value + 1)
            setPlaying(true)
          }}
        >
          Restart
        </button>
        <p className="tour-player__note">Animated illustration, not filmed footage.</p>
      </div>
      <h3 className="tour-player__subtitle">Scenes</h3>
      <ol className="tour-player__scenes">
        {tour.scenes.map((scene) => (
          <li key={scene}>{scene}</li>
        ))}
      </ol>
    </div>
  )
}
