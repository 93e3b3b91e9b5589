import { render, screen, within } from '@testing-library/react'
import { RouterProvider, createMemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { LotTable } from '~/components/public/hub/lot-table'
import type { LotColumnName } from '~/components/public/hub/lot-table'
import type { Lot } from '~/models/lots.server'

function lot(id: number, status: Lot['status'], priceSen?: number): Lot {
  return {
    id,
    _id: id,
    kind: 'lot',
    propertyId: 1,
    lotNumber: String(id),
    unitNumber: `MKS-${String(id).padStart(2, '0')}`,
    name: null,
    title: `PT 541${id}`,
    description: null,
    location: null,
    category: null,
    type: 'INTERMEDIATE (B)',
    typeCode: 'B',
    propertyType: null,
    landSize: 186,
    landAreaSqft: null,
    builtUpArea: 250,
    builtUpAreaSqft: null,
    size: null,
    price: 452_000,
    priceSen,
    spaPrice: null,
    phase: 4,
    status,
    updatedAt: null,
  }
}

function renderTable(columns: readonly LotColumnName[]) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <LotTable
            lots={[lot(4, 'available'), lot(5, 'sold', 45_200_075)]}
            caption={{ id: 'caption', text: 'Shop lots' }}
            unitHeader="Unit"
            showTitle
            columns={columns}
            selectedId={5}
            hrefFor={(shown) => `/?lot=${shown.id}`}
            action={(shown) => <button type="button">Act on {shown.unitNumber}</button>}
          />
        ),
      },
    ],
    { initialEntries: ['/'] }
  )
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
  return screen.getByRole('table', { name: 'Shop lots' })
}

describe('LotTable', () => {
  it('keeps a row per lot, its cells labelled with their column headers for the phone cards', () => {
    const table = renderTable(['type', 'landArea', 'builtUp', 'price'])
    const [head, ...rows] = within(table).getAllByRole('row')
    const headers = within(head)
      .getAllByRole('columnheader')
      .map((header) => header.textContent)
    expect(headers).toEqual(['Unit', 'Type', 'Land area', 'Built-up', 'Price (RM)', 'Status', 'Action'])
    expect(rows).toHaveLength(2)
    for (const row of rows) {
      const cells = within(row).getAllByRole('cell')
      // The values between the unit and the status carry their header as a label.
      expect(cells.slice(0, 4).map((cell) => cell.getAttribute('data-label'))).toEqual(headers.slice(1, 5))
      expect(cells[4].className).toBe('lot-table__status')
      expect(cells[5].className).toBe('lot-table__action')
    }
    expect(within(rows[0]).getByRole('rowheader').className).toBe('lot-table__unit')
    // Labels are drawn by CSS: a cell's text is its value alone.
    expect(within(rows[0]).getAllByRole('cell')[3].textContent).toBe('452,000')
    // The price in force to the sen, when the answer has it.
    expect(within(rows[1]).getAllByRole('cell')[3].textContent).toBe('452,000.75')
    expect(within(rows[1]).getByText('Sold')).toBeTruthy()
    expect(within(rows[1]).getByRole('button', { name: 'Act on MKS-05' })).toBeTruthy()
    expect(rows[1].className).toBe('is-selected')
  })

  it('tells the phone layout how many values a lot shows', () => {
    renderTable(['landSqm', 'landSqft', 'price'])
    expect(screen.getByRole('region', { name: 'Shop lots' }).getAttribute('data-facts')).toBe('3')
  })
})
