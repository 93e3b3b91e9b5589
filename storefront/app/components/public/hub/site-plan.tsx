import { useEffect, useRef, useState } from 'react'
import type { CSSProperties, MouseEvent } from 'react'
import type { Lot } from '~/models/lots.server'
import {
  LOT_TYPES,
  formatPrice,
  formatSqftFromSqm,
  formatSqm,
  lotStatusLabel,
  lotStatusTone,
  lotTypeCodeOf,
} from '~/utils/format'
import type { StatusTone } from '~/utils/format'
import { heldText, heldUntil } from '~/components/public/hub/waitlist-hold'
import { BUMIPUTERA_LOT_TEXTS } from '~/utils/bumiputera'
import { BumiputeraLotTag } from '~/components/public/bumiputera-tag'

type PlanLot = Pick<
  Lot,
  'id' | 'lotNumber' | 'unitNumber' | 'type' | 'typeCode' | 'status' | 'price' | 'priceSen' | 'landSize'
> &
  Partial<Pick<Lot, 'offeredUntil' | 'bumiputeraReserved'>>

/** The lot's colour and words on the plan: a lot a waitlist offer holds shows as held (yellow), with until when. */
function planStatus(lot: PlanLot): { tone: StatusTone; label: string } {
  const until = heldUntil(lot)
  return until
    ? { tone: 'yellow', label: heldText(until) }
    : { tone: lotStatusTone(lot.status), label: lotStatusLabel(lot.status) }
}

/** Status colours of the plan: available green, reserved yellow, booked blue, sold red, locked or pending grey. */
export const PLAN_FILL: Record<StatusTone, string> = {
  green: '#15803d',
  yellow: '#facc15',
  blue: '#1d4ed8',
  red: '#b91c1c',
  grey: '#6b7280',
}
/** Text on each fill, chosen for contrast. */
const PLAN_INK: Record<StatusTone, string> = {
  green: '#ffffff',
  yellow: '#1f2933',
  blue: '#ffffff',
  red: '#ffffff',
  grey: '#ffffff',
}

export function planFill(status: string): string {
  return PLAN_FILL[lotStatusTone(status)]
}

const LOTS_PER_ROW = 12
const PLAN_WIDTH = 960
const MARGIN = 24
const CORNER_WIDTH = 88
const LOT_HEIGHT = 128
const ROAD_HEIGHT = 44
const LANE_HEIGHT = 52

/**
 * The zoom steps of the plan on a phone (hub.css): at 1 it fits the screen, at 2 a lot is about
 * 50 px wide, big enough to tap, and its labels easy to read.
 */
export const PLAN_ZOOMS = [1, 1.5, 2, 3] as const
export type PlanZoom = (typeof PLAN_ZOOMS)[number]

/** The next zoom step in (+1) or out (-1), staying within the steps. */
export function stepZoom(zoom: PlanZoom, direction: 1 | -1): PlanZoom {
  const index = PLAN_ZOOMS.indexOf(zoom) + direction
  return PLAN_ZOOMS[Math.min(PLAN_ZOOMS.length - 1, Math.max(0, index))]
}

/**
 * Where a scrolled box should stand so the point at `ratio` of its content's width (0 to 1)
 * sits in its middle.
 */
export function scrollLeftFor(ratio: number, scrollWidth: number, clientWidth: number): number {
  return Math.min(Math.max(0, ratio * scrollWidth - clientWidth / 2), Math.max(0, scrollWidth - clientWidth))
}

export interface PlacedLot<T extends PlanLot> {
  lot: T
  x: number
  y: number
  width: number
  height: number
  row: number
  corner: boolean
}

/**
 * Places the lots on the plan: rows of twelve in lot-number order, corner lots (wider)
 * at both ends of each row, the rows facing each other across the service lane.
 */
export function layoutPlan<T extends PlanLot>(lots: T[]): { placed: PlacedLot<T>[]; height: number; rows: number } {
  const ordered = [...lots].sort((a, b) => lotOrder(a) - lotOrder(b) || a.id - b.id)
  const rows = Math.max(1, Math.ceil(ordered.length / LOTS_PER_ROW))
  const innerWidth = PLAN_WIDTH - MARGIN * 2
  const placed = ordered.map((lot, index) => {
    const row = Math.floor(index / LOTS_PER_ROW)
    const column = index % LOTS_PER_ROW
    const inRow = Math.min(LOTS_PER_ROW, ordered.length - row * LOTS_PER_ROW)
    const standardWidth = inRow > 2 ? (innerWidth - CORNER_WIDTH * 2) / (inRow - 2) : innerWidth / inRow
    const corner = inRow > 2 && (column === 0 || column === inRow - 1)
    const x =
      MARGIN + (column === 0 ? 0 : inRow > 2 ? CORNER_WIDTH + (column - 1) * standardWidth : column * standardWidth)
    const y = rowTop(row)
    return { lot, x, y, width: corner ? CORNER_WIDTH : standardWidth, height: LOT_HEIGHT, row, corner }
  })
  return { placed, rows, height: rowTop(rows - 1) + LOT_HEIGHT + ROAD_HEIGHT }
}

/** Odd rows face the road above them, even rows the service lane; pairs of rows share a lane. */
function rowTop(row: number): number {
  const pair = Math.floor(row / 2)
  const pairHeight = ROAD_HEIGHT + LOT_HEIGHT * 2 + LANE_HEIGHT
  return ROAD_HEIGHT + pair * pairHeight + (row % 2) * (LOT_HEIGHT + LANE_HEIGHT)
}

function lotOrder(lot: PlanLot): number {
  const number = Number.parseInt(lot.lotNumber, 10)
  return Number.isFinite(number) ? number : Number.MAX_SAFE_INTEGER
}

function lotLabel(lot: PlanLot): string {
  return lot.unitNumber || `Lot ${lot.lotNumber}`
}

export function describeLot(lot: PlanLot): string {
  const code = lotTypeCodeOf(lot)
  return [
    lotLabel(lot),
    code ? LOT_TYPES[code].label : lot.type,
    planStatus(lot).label,
    // A quota lot says so where its status is read: its colour alone cannot.
    ...(lot.bumiputeraReserved ? [BUMIPUTERA_LOT_TEXTS.tag] : []),
    formatSqm(lot.landSize),
    formatPrice(lot),
  ].join(', ')
}

interface SitePlanProps<T extends PlanLot> {
  /** Every lot of the development. */
  lots: T[]
  /** The development's phase, when known. */
  phase?: number | null
  /** The lots the filters keep; the others are drawn faded and cannot be chosen. */
  shownIds: ReadonlySet<number>
  selectedId: number | null
  /** The address that selects a lot (or deselects the selected one). */
  hrefFor: (lot: T) => string
  /** Follows the link in the app (client navigation) when JavaScript runs. */
  onChoose?: (lot: T, href: string) => void
}

/**
 * The interactive site plan of the hub: each lot coloured (and patterned) by status,
 * with its details on hover or focus; choosing a lot selects its row and opens it.
 * On a phone it zooms in steps and scrolls sideways inside its frame, the selected lot kept in view.
 */
export function SitePlan<T extends PlanLot>({
  lots,
  phase = null,
  shownIds,
  selectedId,
  hrefFor,
  onChoose,
}: SitePlanProps<T>) {
  const [pointed, setPointed] = useState<PlacedLot<T> | null>(null)
  const [zoom, setZoom] = useState<PlanZoom>(1)
  const viewport = useRef<HTMLDivElement>(null)
  // The point of the plan to keep in the middle when the zoom changes, as a share of its width.
  const keepCentre = useRef<number | null>(null)
  const { placed, height, rows } = layoutPlan(lots)
  const hidden = lots.length - shownIds.size
  const selectedPlace = placed.find((place) => place.lot.id === selectedId) ?? null
  const selectedCentre = selectedPlace ? (selectedPlace.x + selectedPlace.width / 2) / PLAN_WIDTH : null

  useEffect(() => {
    const box = viewport.current
    const ratio = selectedCentre ?? keepCentre.current
    keepCentre.current = null
    if (!box || ratio === null || box.scrollWidth <= box.clientWidth) return
    box.scrollLeft = scrollLeftFor(ratio, box.scrollWidth, box.clientWidth)
  }, [zoom, selectedCentre])

  function zoomTo(next: PlanZoom) {
    const box = viewport.current
    if (box && box.scrollWidth > 0) keepCentre.current = (box.scrollLeft + box.clientWidth / 2) / box.scrollWidth
    setZoom(next)
  }

  function choose(event: MouseEvent<Element>, lot: T) {
    if (!onChoose || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    onChoose(lot, hrefFor(lot))
  }

  return (
    <figure className="site-plan" aria-labelledby="site-plan-title">
      <figcaption id="site-plan-title" className="site-plan__title">
        {phase != null ? `Site plan, Phase ${phase}` : 'Site plan'}
        {hidden > 0 ? `: ${shownIds.size} of ${lots.length} lots match the filters` : ''}
      </figcaption>
      <div className="site-plan__zoom" role="group" aria-label="Zoom the site plan">
        <button
          type="button"
          className="button button--ghost site-plan__zoom-button"
          aria-label="Zoom out"
          disabled={zoom === PLAN_ZOOMS[0]}
          onClick={() => zoomTo(stepZoom(zoom, -1))}
        >
          −
        </button>
        <span className="site-plan__zoom-level" aria-live="polite">
          {zoom * 100}%
        </span>
        <button
          type="button"
          className="button button--ghost site-plan__zoom-button"
          aria-label="Zoom in"
          disabled={zoom === PLAN_ZOOMS[PLAN_ZOOMS.length - 1]}
          onClick={() => zoomTo(stepZoom(zoom, 1))}
        >
          +
        </button>
        <button
          type="button"
          className="button button--ghost"
          aria-label="Reset zoom"
          disabled={zoom === PLAN_ZOOMS[0]}
          onClick={() => zoomTo(PLAN_ZOOMS[0])}
        >
          Reset
        </button>
      </div>
      <div
        ref={viewport}
        className="site-plan__canvas"
        style={{ '--plan-zoom': zoom } as CSSProperties}
        onMouseLeave={() => setPointed(null)}
      >
        <svg
          viewBox={`0 0 ${PLAN_WIDTH} ${height}`}
          role="group"
          aria-label="Lots on the site plan"
          className="site-plan__svg"
        >
          <defs>
            <pattern id="plan-hatch" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
              <rect width="3" height="8" fill="#ffffff" opacity="0.28" />
            </pattern>
            <pattern id="plan-dots" width="10" height="10" patternUnits="userSpaceOnUse">
              <circle cx="5" cy="5" r="1.6" fill="#ffffff" opacity="0.4" />
            </pattern>
            <pattern id="plan-stripes" width="10" height="10" patternUnits="userSpaceOnUse">
              <rect width="10" height="3" fill="#1f2933" opacity="0.14" />
            </pattern>
          </defs>
          <PlanGround height={height} rows={rows} />
          {placed.map((place) => {
            const { lot } = place
            const shown = shownIds.has(lot.id)
            const { tone } = planStatus(lot)
            const selected = lot.id === selectedId
            const shape = (
              <>
                <rect
                  className="site-plan__lot"
                  x={place.x + 1.5}
                  y={place.y + 1.5}
                  width={place.width - 3}
                  height={place.height - 3}
                  rx="3"
                  fill={PLAN_FILL[tone]}
                />
                <StatusPattern place={place} tone={tone} />
                <text
                  x={place.x + place.width / 2}
                  y={place.y + place.height / 2 - 4}
                  textAnchor="middle"
                  className="site-plan__number"
                  fill={PLAN_INK[tone]}
                >
                  {lot.lotNumber}
                </text>
                <text
                  x={place.x + place.width / 2}
                  y={place.y + place.height / 2 + 16}
                  textAnchor="middle"
                  className="site-plan__type"
                  fill={PLAN_INK[tone]}
                >
                  {lotTypeCodeOf(lot) ?? ''}
                </text>
                {selected ? (
                  <rect
                    x={place.x + 4}
                    y={place.y + 4}
                    width={place.width - 8}
                    height={place.height - 8}
                    rx="3"
                    className="site-plan__selected"
                  />
                ) : null}
              </>
            )
            if (!shown) {
              return (
                <g key={lot.id} className="site-plan__item site-plan__item--faded" aria-hidden="true">
                  {shape}
                </g>
              )
            }
            return (
              <a
                key={lot.id}
                href={hrefFor(lot)}
                className={selected ? 'site-plan__item site-plan__item--selected' : 'site-plan__item'}
                aria-label={`${describeLot(lot)}${selected ? ' (selected)' : ''}`}
                aria-current={selected ? 'true' : undefined}
                onClick={(event) => choose(event, lot)}
                onMouseEnter={() => setPointed(place)}
                onFocus={() => setPointed(place)}
                onBlur={() => setPointed(null)}
              >
                {shape}
              </a>
            )
          })}
        </svg>
        {pointed ? <PlanTooltip place={pointed} planHeight={height} /> : null}
      </div>
      <ul className="plan-legend" aria-label="Status colours">
        {(['available', 'reserved', 'booked', 'sold', 'locked'] as const).map((status) => (
          <li key={status}>
            <span className={`plan-legend__swatch plan-legend__swatch--${lotStatusTone(status)}`} aria-hidden="true" />
            {status === 'locked' ? 'Locked or pending' : lotStatusLabel(status)}
          </li>
        ))}
        {hidden > 0 ? (
          <li>
            <span className="plan-legend__swatch plan-legend__swatch--faded" aria-hidden="true" />
            Not in the current filter
          </li>
        ) : null}
      </ul>
    </figure>
  )
}

function StatusPattern({ place, tone }: { place: PlacedLot<PlanLot>; tone: StatusTone }) {
  const pattern =
    tone === 'red'
      ? 'plan-hatch'
      : tone === 'blue'
        ? 'plan-dots'
        : tone === 'yellow'
          ? 'plan-stripes'
          : tone === 'grey'
            ? 'plan-hatch'
            : null
  if (!pattern) return null
  return (
    <rect
      x={place.x + 1.5}
      y={place.y + 1.5}
      width={place.width - 3}
      height={place.height - 3}
      rx="3"
      fill={`url(#${pattern})`}
      pointerEvents="none"
    />
  )
}

function PlanGround({ height, rows }: { height: number; rows: number }) {
  const pairs = Math.ceil(rows / 2)
  return (
    <g aria-hidden="true">
      <rect width={PLAN_WIDTH} height={height} fill="#eef2f6" />
      <Road top={0} name="Jalan Aero Industri" />
      {Array.from({ length: pairs }, (_, pair) => {
        const paired = pair * 2 + 1 < rows
        const laneTop = rowTop(pair * 2) + LOT_HEIGHT
        const roadTop = rowTop(paired ? pair * 2 + 1 : pair * 2) + LOT_HEIGHT
        return (
          <g key={pair}>
            {paired ? (
              <>
                <rect y={laneTop} width={PLAN_WIDTH} height={LANE_HEIGHT} fill="#cbd5e1" />
                <text
                  x={PLAN_WIDTH / 2}
                  y={laneTop + LANE_HEIGHT / 2 + 5}
                  textAnchor="middle"
                  className="site-plan__lane"
                >
                  Service lane
                </text>
              </>
            ) : null}
            <Road top={roadTop} name={pair === 0 ? 'Jalan Aero 2' : `Jalan Aero ${pair + 2}`} />
          </g>
        )
      })}
    </g>
  )
}

function Road({ top, name }: { top: number; name: string }) {
  return (
    <>
      <rect y={top} width={PLAN_WIDTH} height={ROAD_HEIGHT} fill="#475569" />
      <line
        x1="0"
        x2={PLAN_WIDTH}
        y1={top + ROAD_HEIGHT / 2}
        y2={top + ROAD_HEIGHT / 2}
        stroke="#e2e8f0"
        strokeWidth="1.5"
        strokeDasharray="18 14"
        opacity="0.6"
      />
      <text x={PLAN_WIDTH / 2} y={top + ROAD_HEIGHT / 2 + 5} textAnchor="middle" className="site-plan__road">
        {name}
      </text>
    </>
  )
}

function PlanTooltip({ place, planHeight }: { place: PlacedLot<PlanLot>; planHeight: number }) {
  const { lot } = place
  const code = lotTypeCodeOf(lot)
  const left = ((place.x + place.width / 2) / PLAN_WIDTH) * 100
  const below = place.row % 2 === 0
  const top = ((below ? place.y + place.height : place.y) / planHeight) * 100
  return (
    <div
      className={below ? 'plan-tooltip plan-tooltip--below' : 'plan-tooltip plan-tooltip--above'}
      style={{ left: `${Math.min(Math.max(left, 14), 86)}%`, top: `${top}%` }}
      aria-hidden="true"
    >
      <strong>{lotLabel(lot)}</strong>
      <span>{code ? `${LOT_TYPES[code].label} (${code})` : lot.type}</span>
      <span>
        {formatSqm(lot.landSize)} · {formatSqftFromSqm(lot.landSize)}
      </span>
      <span>{formatPrice(lot)}</span>
      <span className={`badge badge--${planStatus(lot).tone}`}>{planStatus(lot).label}</span>
      <BumiputeraLotTag lot={lot} />
    </div>
  )
}
