import { useEffect, useRef, useState } from 'react'

const MAP_SRC = '/images/maps/location.svg'
const MAP_LABEL = 'Map of the Aero Industrial Hub and the roads and landmarks around it'

/**
 * The location map, our own SVG, loaded only when asked for. Without JavaScript the
 * button is a link that opens the map itself.
 */
export function MapEmbed() {
  const [interactive, setInteractive] = useState(false)
  const [shown, setShown] = useState(false)
  const mapRef = useRef<HTMLDivElement>(null)
  useEffect(() => setInteractive(true), [])
  // The button goes away once pressed: focus moves to what it brought.
  useEffect(() => {
    if (shown) mapRef.current?.focus()
  }, [shown])

  if (shown) {
    return (
      <div className="map-embed" ref={mapRef} tabIndex={-1}>
        {/* An image, not an <object>: the Content Security Policy allows no plugin content (object-src 'none'). */}
        <img className="map-embed__object" src={MAP_SRC} alt={MAP_LABEL} />
        <p className="map-embed__note">
          Illustrated map, not to scale. <a href={MAP_SRC}>Open the map on its own</a>.
        </p>
      </div>
    )
  }
  return (
    <div className="map-embed map-embed--placeholder">
      <p>The interactive map loads when you ask for it.</p>
      {interactive ? (
        <button type="button" className="button button--primary" onClick={() => setShown(true)}>
          Show the interactive map
        </button>
      ) : (
        <a className="button button--primary" href={MAP_SRC}>
          Show the interactive map
        </a>
      )}
    </div>
  )
}
