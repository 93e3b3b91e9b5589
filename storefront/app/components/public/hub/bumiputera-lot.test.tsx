import { fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { LotDetail } from '~/components/public/hub/lot-detail'
import { LotTable } from '~/components/public/hub/lot-table'
import { SitePlan, describeLot } from '~/components/public/hub/site-plan'
import { testLot } from '~/test/lot-fixture'

const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true }

const quota = testLot(6, 'available', { bumiputeraReserved: true })
const free = testLot(7, 'available', { bumiputeraReserved: false })
// A lot read before the quota existed says nothing: it is no quota lot.
const older = testLot(5, 'available')

function renderTable() {
  render(
    <MemoryRouter future={ROUTER_FUTURE}>
      <LotTable
        lots={[older, quota, free]}
        caption={{ id: 'caption', text: 'Shop lots' }}
        unitHeader="Unit"
        showTitle
        columns={['type', 'price']}
        selectedId={null}
        hrefFor={(lot) => `/?lot=${lot.id}`}
        action={() => null}
      />
    </MemoryRouter>
  )
  const [, ...rows] = within(screen.getByRole('table', { name: 'Shop lots' })).getAllByRole('row')
  return rows
}

describe('a Bumiputera quota lot on the hub and lot-type pages', () => {
  it('is marked "Bumiputera lot" under its status in the lots table, and the other lots are not', () => {
    const [olderRow, quotaRow, freeRow] = renderTable()
    const status = within(quotaRow).getAllByRole('cell')[2]
    expect(status.className).toBe('lot-table__status')
    expect(within(status).getByText('Available')).toBeTruthy()
    expect(within(status).getByText('Bumiputera lot').className).toBe('bumi-tag')
    // The status keeps its one badge (the journeys read it), and the row's link its name.
    expect(status.querySelectorAll('.badge')).toHaveLength(1)
    expect(within(quotaRow).getByRole('rowheader').textContent).toMatch(/^MKS-06, show details/)
    expect(within(olderRow).queryByText('Bumiputera lot')).toBeNull()
    expect(within(freeRow).queryByText('Bumiputera lot')).toBeNull()
  })

  it('is marked beside its status in the lot details', () => {
    render(
      <MemoryRouter future={ROUTER_FUTURE}>
        <LotDetail lot={quota} closeHref="/" action={null} />
      </MemoryRouter>
    )
    const status = screen.getByText('Status').nextElementSibling as HTMLElement
    expect(within(status).getByText('Available')).toBeTruthy()
    expect(within(status).getByText('Bumiputera lot')).toBeTruthy()
  })

  it('says so in its name and its details on the site plan', () => {
    expect(describeLot(quota)).toBe('MKS-06, Intermediate, Available, Bumiputera lot, 186 sqm, RM 456,000')
    expect(describeLot(free)).not.toMatch(/Bumiputera/)
    render(
      <SitePlan lots={[quota, free]} shownIds={new Set([quota.id, free.id])} selectedId={null} hrefFor={() => '/'} />
    )
    const link = screen.getByRole('link', { name: /^MKS-06, Intermediate, Available, Bumiputera lot,/ })
    fireEvent.focus(link)
    expect(document.querySelector('.plan-tooltip .bumi-tag')?.textContent).toBe('Bumiputera lot')
  })
})
