import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { createDataProvider } from '../../../dataProvider'
import { fakeApi, json } from '../../../test/fakeApi'
import type { QuotaFill } from '../dataProvider'
import type { PricePackage } from '../packages/types'
import { BumiputeraQuotaButton, QUOTA_INVALID, describeQuota, quotaPercentOf } from './BumiputeraQuotaDialog'

const hub = { id: 3, slug: 'aeroindustrial', name: 'Aero Industrial Hub', location: null, phase: 4 }

const fill: QuotaFill = {
  developmentId: 3,
  name: 'Aero Industrial Hub',
  required: { percent: 30, lots: 12 },
  totalLots: 40,
  quotaLots: 9,
  shortOfRequired: 3,
  booked: 2,
  sold: 1,
  available: 5,
  released: 1,
}

const bumiDiscount: PricePackage = {
  id: 8,
  developmentId: 3,
  name: 'Bumiputera discount 7%',
  kind: 'percent',
  percentBp: 700,
  amountSen: null,
  validFrom: '2026-11-01T00:00:00.000Z',
  validUntil: null,
  allLots: true,
  lotIds: null,
  combinable: true,
  eligibility: 'bumiputera',
  retiredAt: null,
  state: 'in_force',
  createdAt: '2026-11-01T00:00:00.000Z',
}
const earlyBird: PricePackage = {
  ...bumiDiscount,
  id: 5,
  name: 'Early bird -5%',
  percentBp: 500,
  eligibility: 'everyone',
}
const retiredBumi: PricePackage = { ...bumiDiscount, id: 9, name: 'Old Bumiputera 5%', state: 'retired' }

let packages: PricePackage[] = [bumiDiscount, earlyBird, retiredBumi]

const api = fakeApi((path, method) => {
  if (path === '/api/properties') return json([hub])
  if (path === '/api/developments/3/bumiputera-quota' && method === 'GET') return json(fill)
  if (path === '/api/packages') {
    return json(packages, { headers: { 'Content-Range': `packages 0-${packages.length}/${packages.length}` } })
  }
  return undefined
})

async function openDialog() {
  render(
    <MemoryRouter>
      <AdminContext
        dataProvider={createDataProvider({ endpoints: { 'admin/packages': { list: 'packages' } } })}
        i18nProvider={defaultI18nProvider}
        store={memoryStore()}
      >
        <BumiputeraQuotaButton />
      </AdminContext>
    </MemoryRouter>
  )
  fireEvent.click(screen.getByRole('button', { name: 'Bumiputera quota' }))
  const dialog = await screen.findByRole('dialog', { name: 'Bumiputera quota' })
  const row = await within(dialog).findByRole('region', { name: 'Bumiputera quota of Aero Industrial Hub' })
  const input = (await within(row).findByRole('spinbutton', {
    name: 'Bumiputera quota of Aero Industrial Hub in percent',
  })) as HTMLInputElement
  return { row, input }
}

const puts = () => api.calls.filter((call) => call.method === 'PUT')

describe('the Bumiputera quota on the Lots page', () => {
  it("shows each development's quota and its Bumiputera package, and saves a new quota", async () => {
    packages = [bumiDiscount, earlyBird, retiredBumi]
    api.answer = (path, method, body) =>
      path === '/api/developments/3/bumiputera-quota' && method === 'PUT'
        ? json({
            id: 3,
            name: 'Aero Industrial Hub',
            bumiputeraQuotaPercent: (body as { quotaPercent: number }).quotaPercent,
            message: 'Bumiputera quota saved.',
          })
        : undefined
    const { row, input } = await openDialog()
    expect(input.value).toBe('30')
    expect(within(row).getByText('30% required: 12 of 40 lots · 9 quota lots, 3 short')).toBeTruthy()
    expect(
      await within(row).findByText('Discount package: Bumiputera discount 7% (7%, In force)', { exact: true })
    ).toBeTruthy()
    expect(api.calls.find((call) => call.path === '/api/packages')!.search).toContain('"developmentId":3')

    fireEvent.change(input, { target: { value: '40' } })
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(puts()).toHaveLength(1))
    expect(puts()[0]!).toMatchObject({ path: '/api/developments/3/bumiputera-quota', body: { quotaPercent: 40 } })
    // The figures are read again after the save.
    await waitFor(() =>
      expect(api.calls.filter((call) => call.path === '/api/developments/3/bumiputera-quota')).toHaveLength(3)
    )
  })

  it('an empty quota is none (null); no Bumiputera package offers to create one', async () => {
    packages = [earlyBird, retiredBumi]
    api.answer = (path, method) =>
      path === '/api/developments/3/bumiputera-quota' && method === 'PUT'
        ? json({ id: 3, name: 'Aero Industrial Hub', bumiputeraQuotaPercent: null, message: 'Bumiputera quota saved.' })
        : undefined
    const { row, input } = await openDialog()
    expect(await within(row).findByRole('link', { name: 'Create a package for Bumiputera buyers' })).toBeTruthy()
    fireEvent.change(input, { target: { value: '' } })
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(puts()).toHaveLength(1))
    expect(puts()[0]!.body).toEqual({ quotaPercent: null })
  })

  it("shows the backend's refusal under the field, and keeps what was typed", async () => {
    api.answer = (path, method) =>
      path === '/api/developments/3/bumiputera-quota' && method === 'PUT'
        ? json(
            {
              message: 'The Bumiputera quota cannot be above 100%',
              errors: [{ field: 'quotaPercent', message: 'The Bumiputera quota cannot be above 100%' }],
            },
            { status: 422 }
          )
        : undefined
    const { row, input } = await openDialog()
    fireEvent.change(input, { target: { value: '101' } })
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }))
    const helper = await within(row).findByText('The Bumiputera quota cannot be above 100%', { selector: 'p' })
    expect(helper.id).toBe(input.getAttribute('aria-describedby'))
    expect(input.value).toBe('101')
  })
})

describe('the quota typed', () => {
  it('is a number, none when empty, or refused before it is sent', () => {
    expect(quotaPercentOf(' 30 ')).toBe(30)
    expect(quotaPercentOf('')).toBeNull()
    expect(quotaPercentOf('abc')).toBeUndefined()
    expect(QUOTA_INVALID).toContain('0 to 100')
    expect(describeQuota({ ...fill, required: { percent: null, lots: null } })).toBe('No quota · 9 quota lots')
  })
})
