import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { PLAN_FILL, SitePlan, layoutPlan, scrollLeftFor, stepZoom } from '~/components/public/hub/site-plan'

const STATUSES: Record<number, string> = { 3: 'sold', 7: 'booked', 15: 'reserved', 24: 'locked', 10: 'pending' }

function demoLots() {
  return Array.from({ length: 24 }, (_, index) => {
    const n = index + 1
    const inRow = ((n - 1) % 12) + 1
    const typeCode = inRow === 1 || inRow === 12 ? 'A' : inRow === 2 || inRow === 11 ? 'C' : 'B'
    return {
      id: 100 + n,
      lotNumber: String(n),
      unitNumber: `MKS-${String(n).padStart(2, '0')}`,
      type: { A: 'CORNER (A)', B: 'INTERMEDIATE (B)', C: 'END LOT (C)' }[typeCode],
      typeCode: typeCode as 'A' | 'B' | 'C',
      status: (STATUSES[n] ?? 'available') as 'available',
      price: 450_000 + n * 1000,
      landSize: typeCode === 'A' ? 201 : 186,
    }
  })
}

function lotShape(name: RegExp) {
  return screen.getByRole('link', { name }).querySelector('rect') as SVGRectElement
}

describe('layoutPlan', () => {
  it('draws two rows of twelve with the wider corners at the row ends', () => {
    const { placed, rows } = layoutPlan(demoLots().reverse())
    expect(rows).toBe(2)
    const byNumber = new Map(placed.map((place) => [place.lot.lotNumber, place]))
    expect(byNumber.get('1')!.row).toBe(0)
    expect(byNumber.get('13')!.row).toBe(1)
    expect(
      placed
        .filter((place) => place.corner)
        .map((place) => place.lot.lotNumber)
        .sort((a, b) => +a - +b)
    ).toEqual(['1', '12', '13', '24'])
    expect(byNumber.get('1')!.width).toBeGreaterThan(byNumber.get('2')!.width)
    expect(byNumber.get('2')!.x).toBeGreaterThan(byNumber.get('1')!.x)
    expect(byNumber.get('13')!.y).toBeGreaterThan(byNumber.get('1')!.y)
  })
})

describe('SitePlan', () => {
  const lots = demoLots()
  const all = new Set(lots.map((lot) => lot.id))
  const hrefFor = (lot: { id: number }) => `/aero-industrial-hub?lot=${lot.id}`

  it('colours each lot by status: available green, reserved yellow, booked blue, sold red, locked or pending grey', () => {
    render(<SitePlan lots={lots} shownIds={all} selectedId={null} hrefFor={hrefFor} />)
    expect(lotShape(/^MKS-01,/).getAttribute('fill')).toBe(PLAN_FILL.green)
    expect(lotShape(/^MKS-15,/).getAttribute('fill')).toBe(PLAN_FILL.yellow)
    expect(lotShape(/^MKS-07,/).getAttribute('fill')).toBe(PLAN_FILL.blue)
    expect(lotShape(/^MKS-03,/).getAttribute('fill')).toBe(PLAN_FILL.red)
    expect(lotShape(/^MKS-24,/).getAttribute('fill')).toBe(PLAN_FILL.grey)
    expect(lotShape(/^MKS-10,/).getAttribute('fill')).toBe(PLAN_FILL.grey)
  })

  it('names each lot with its type, status, area and price, and links it to its selection', () => {
    render(<SitePlan lots={lots} shownIds={all} selectedId={null} hrefFor={hrefFor} />)
    const corner = screen.getByRole('link', { name: 'MKS-01, Corner, Available, 201 sqm, RM 451,000' })
    expect(corner.getAttribute('href')).toBe('/aero-industrial-hub?lot=101')
  })

  it('marks the selected lot', () => {
    render(<SitePlan lots={lots} shownIds={all} selectedId={105} hrefFor={hrefFor} />)
    const selected = screen.getByRole('link', { name: /^MKS-05,.*\(selected\)$/ })
    expect(selected.getAttribute('aria-current')).toBe('true')
    expect(screen.getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'true')).toHaveLength(1)
  })

  it('follows the data: lots the filters leave out are faded and cannot be chosen', () => {
    const { rerender } = render(<SitePlan lots={lots} shownIds={all} selectedId={null} hrefFor={hrefFor} />)
    expect(screen.getAllByRole('link')).toHaveLength(24)
    const corners = new Set(lots.filter((lot) => lot.typeCode === 'A').map((lot) => lot.id))
    rerender(<SitePlan lots={lots} shownIds={corners} selectedId={null} hrefFor={hrefFor} />)
    expect(screen.getAllByRole('link')).toHaveLength(4)
    expect(screen.getByText(/4 of 24 lots match the filters/)).toBeTruthy()
    expect(screen.getByText('Not in the current filter')).toBeTruthy()
  })

  it('shows the details of the lot under the pointer or focus, and chooses it on click', () => {
    const onChoose = vi.fn()
    render(<SitePlan lots={lots} shownIds={all} selectedId={null} hrefFor={hrefFor} onChoose={onChoose} />)
    const lot = screen.getByRole('link', { name: /^MKS-07,/ })
    fireEvent.focus(lot)
    const tooltip = document.querySelector('.plan-tooltip') as HTMLElement
    expect(within(tooltip).getByText('MKS-07')).toBeTruthy()
    expect(within(tooltip).getByText('Booked')).toBeTruthy()
    fireEvent.click(lot)
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ id: 107 }), '/aero-industrial-hub?lot=107')
  })
})

describe('zooming the plan on a phone', () => {
  it('steps in and out within 100% and 300%', () => {
    expect(stepZoom(1, 1)).toBe(1.5)
    expect(stepZoom(2, 1)).toBe(3)
    expect(stepZoom(3, 1)).toBe(3)
    expect(stepZoom(1.5, -1)).toBe(1)
    expect(stepZoom(1, -1)).toBe(1)
  })

  it('scrolls a point of the plan to the middle of its frame, within the plan', () => {
    // A 400 px frame on a 1200 px plan: the middle of the plan stands at 400.
    expect(scrollLeftFor(0.5, 1200, 400)).toBe(400)
    expect(scrollLeftFor(0.05, 1200, 400)).toBe(0)
    expect(scrollLeftFor(0.98, 1200, 400)).toBe(800)
  })

  it('offers zoom in, out and reset buttons that set the zoom of the drawing', () => {
    const lots = demoLots()
    render(<SitePlan lots={lots} shownIds={new Set(lots.map((lot) => lot.id))} selectedId={null} hrefFor={() => '/'} />)
    const zoom = screen.getByRole('group', { name: 'Zoom the site plan' })
    const canvas = () =>
      (document.querySelector('.site-plan__canvas') as HTMLElement).style.getPropertyValue('--plan-zoom')
    const zoomIn = within(zoom).getByRole('button', { name: 'Zoom in' }) as HTMLButtonElement
    const zoomOut = within(zoom).getByRole('button', { name: 'Zoom out' }) as HTMLButtonElement
    const reset = within(zoom).getByRole('button', { name: 'Reset zoom' }) as HTMLButtonElement
    expect(canvas()).toBe('1')
    expect(zoomOut.disabled).toBe(true)
    expect(reset.disabled).toBe(true)
    fireEvent.click(zoomIn)
    fireEvent.click(zoomIn)
    expect(canvas()).toBe('2')
    expect(within(zoom).getByText('200%')).toBeTruthy()
    fireEvent.click(zoomIn)
    expect(zoomIn.disabled).toBe(true)
    fireEvent.click(zoomOut)
    expect(canvas()).toBe('2')
    fireEvent.click(reset)
    expect(canvas()).toBe('1')
    // The lots stay links to choose them by, whatever the zoom.
    expect(screen.getAllByRole('link')).toHaveLength(24)
  })
})
