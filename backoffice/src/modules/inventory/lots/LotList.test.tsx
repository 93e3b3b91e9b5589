import { fireEvent, render, screen, within } from '@testing-library/react'
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createDataProvider } from '../../../dataProvider'
import LotList from './LotList'

const fetchMock = vi.fn<typeof fetch>()

const lot = {
  id: 4,
  _id: 4,
  unitNumber: 'MKS-04',
  lotNumber: 'PT 54104',
  type: 'INTERMEDIATE (B)',
  typeCode: 'B',
  phase: 4,
  status: 'available',
  price: 588000,
  landArea: 186,
  builtUpArea: 268,
  waitlistCount: 3,
}

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://backoffice.test').pathname
    if (path === '/api/lots')
      return new Response(JSON.stringify([lot]), {
        headers: { 'Content-Type': 'application/json', 'Content-Range': 'lots 0-0/1' },
      })
    return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 })
  })
})

function renderList() {
  return render(
    <MemoryRouter>
      <AdminContext
        dataProvider={createDataProvider({ endpoints: { 'admin/lots': { list: 'lots' } } })}
        i18nProvider={defaultI18nProvider}
        store={memoryStore()}
      >
        <LotList />
      </AdminContext>
    </MemoryRouter>
  )
}

describe('Lots', () => {
  it('reaches the Phase filter through Add filter on the desktop too', async () => {
    renderList()

    await screen.findByRole('table')
    expect(screen.queryByLabelText('Phase')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }))
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Phase' }))
    expect(await screen.findByLabelText('Phase')).toBeTruthy()
  })

  it("counts each lot's waitlist", async () => {
    renderList()
    const table = await screen.findByRole('table')
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent)
    const row = within(table).getAllByRole('row')[1]!
    expect(within(row).getAllByRole('cell')[headers.indexOf('Waitlist')]!.textContent).toBe('3')
    expect(screen.getByRole('button', { name: 'Waitlist window' })).toBeTruthy()
  })

  it('marks a quota lot not released as a Bumi lot, and has the Bumiputera quota settings', async () => {
    const quotaLot = { ...lot, id: 5, _id: 5, unitNumber: 'MKS-05', lotNumber: 'PT 54105', bumiputeraReserved: true }
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify([{ ...lot, bumiputeraReserved: false }, quotaLot]), {
          headers: { 'Content-Type': 'application/json', 'Content-Range': 'lots 0-1/2' },
        })
    )
    renderList()
    const table = await screen.findByRole('table')
    const [, plain, reserved] = within(table).getAllByRole('row')
    expect(within(reserved!).getByText('Bumi lot')).toBeTruthy()
    expect(within(plain!).queryByText('Bumi lot')).toBeNull()
    expect(screen.getByRole('button', { name: 'Bumiputera quota' })).toBeTruthy()
  })
})
