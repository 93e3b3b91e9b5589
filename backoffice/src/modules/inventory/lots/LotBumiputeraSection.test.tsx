import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { AdminContext, RecordContextProvider, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { createDataProvider } from '../../../dataProvider'
import { localInputValue } from '../../../dateInput'
import { fakeApi, json } from '../../../test/fakeApi'
import type { LotBumiputera } from '../dataProvider'
import { BUMI_LOT_LABEL, LotBumiputeraSection } from './LotBumiputeraSection'

const plain: LotBumiputera = { id: 25, isBumiputeraLot: false, release: null, reserved: false }
const released: LotBumiputera = {
  id: 25,
  isBumiputeraLot: true,
  release: {
    releasedAt: '2026-11-20T02:00:00.000Z',
    authority: 'Pejabat Tanah dan Galian Negeri Sembilan',
    reference: 'PTG.NS/BUMI/2026/118',
  },
  reserved: false,
}

let stored: LotBumiputera = plain

const api = fakeApi((path, method) => {
  if (path === '/api/lots/25/bumiputera' && method === 'GET') return json(stored)
  if (path === '/api/lots/25/bumiputera/approval-documents' && method === 'GET') return json([])
  return undefined
})

function renderSection(lot: LotBumiputera) {
  stored = lot
  render(
    <MemoryRouter>
      <AdminContext dataProvider={createDataProvider()} i18nProvider={defaultI18nProvider} store={memoryStore()}>
        <RecordContextProvider value={{ id: 25, unitNumber: 'MKS-25', lotNumber: '25' }}>
          <LotBumiputeraSection />
        </RecordContextProvider>
      </AdminContext>
    </MemoryRouter>
  )
  return screen.findByRole('region', { name: 'Bumiputera quota' })
}

const puts = () => api.calls.filter((call) => call.method === 'PUT')

describe("a lot's Bumiputera quota in its edit", () => {
  it('marks the lot as a Bumi lot: reserved for verified Bumiputera buyers', async () => {
    api.answer = (path, method, body) =>
      path === '/api/lots/25/bumiputera' && method === 'PUT'
        ? json({ ...plain, ...(body as object), reserved: true, message: 'Bumiputera quota lot saved.' })
        : undefined
    const section = await renderSection(plain)
    const toggle = await within(section).findByRole('switch', { name: BUMI_LOT_LABEL })
    expect((toggle as HTMLInputElement).checked).toBe(false)
    expect(within(section).getByText('Not a Bumiputera quota lot: anyone may book it.')).toBeTruthy()
    expect(within(section).queryByRole('region', { name: 'Approval document' })).toBeNull()

    fireEvent.click(toggle)
    fireEvent.click(within(section).getByRole('button', { name: 'Save Bumiputera quota' }))
    await waitFor(() => expect(puts()).toHaveLength(1))
    expect(puts()[0]!.body).toEqual({
      isBumiputeraLot: true,
      releasedAt: null,
      releaseAuthority: null,
      releaseReference: null,
    })
    expect(
      await within(section).findByText('Reserved: only a buyer whose Bumiputera status is verified may book it.')
    ).toBeTruthy()
  })

  it("records the state's release as an instant with the authority and the reference", async () => {
    api.answer = (path, method) =>
      path === '/api/lots/25/bumiputera' && method === 'PUT'
        ? json({ ...released, message: 'Bumiputera quota lot saved.' })
        : undefined
    const section = await renderSection({ ...plain, isBumiputeraLot: true, reserved: true })
    await within(section).findByRole('switch', { name: BUMI_LOT_LABEL })
    const local = localInputValue(new Date(released.release!.releasedAt))
    fireEvent.change(within(section).getByLabelText('Release date'), { target: { value: local } })
    fireEvent.change(within(section).getByLabelText('Releasing authority'), {
      target: { value: ` ${released.release!.authority} ` },
    })
    fireEvent.change(within(section).getByLabelText('Release reference'), {
      target: { value: released.release!.reference },
    })
    fireEvent.click(within(section).getByRole('button', { name: 'Save Bumiputera quota' }))
    await waitFor(() => expect(puts()).toHaveLength(1))
    expect(puts()[0]!.body).toEqual({
      isBumiputeraLot: true,
      releasedAt: released.release!.releasedAt,
      releaseAuthority: released.release!.authority,
      releaseReference: released.release!.reference,
    })
    // Once the release is on record, its approval document may be uploaded.
    expect(await within(section).findByRole('region', { name: 'Approval document' })).toBeTruthy()
  })

  it("shows the backend's refusal under its field", async () => {
    api.answer = (path, method) =>
      path === '/api/lots/25/bumiputera' && method === 'PUT'
        ? json(
            {
              message: 'The release date cannot be in the future',
              errors: [{ field: 'releasedAt', message: 'The release date cannot be in the future' }],
            },
            { status: 422 }
          )
        : undefined
    const section = await renderSection(released)
    const date = await within(section).findByLabelText('Release date')
    expect((date as HTMLInputElement).value).toBe(localInputValue(new Date(released.release!.releasedAt)))
    expect((within(section).getByLabelText('Releasing authority') as HTMLInputElement).value).toBe(
      released.release!.authority
    )
    fireEvent.click(within(section).getByRole('button', { name: 'Save Bumiputera quota' }))
    const helper = await within(section).findByText('The release date cannot be in the future', {
      selector: 'p',
    })
    expect(helper.id).toBe(date.getAttribute('aria-describedby'))
  })

  it('a lot no longer a quota lot has its release cleared with the flag', async () => {
    api.answer = (path, method) =>
      path === '/api/lots/25/bumiputera' && method === 'PUT'
        ? json({ ...plain, message: 'Bumiputera quota lot saved.' })
        : undefined
    const section = await renderSection(released)
    fireEvent.click(await within(section).findByRole('switch', { name: BUMI_LOT_LABEL }))
    fireEvent.click(within(section).getByRole('button', { name: 'Save Bumiputera quota' }))
    await waitFor(() => expect(puts()).toHaveLength(1))
    expect(puts()[0]!.body).toEqual({
      isBumiputeraLot: false,
      releasedAt: null,
      releaseAuthority: null,
      releaseReference: null,
    })
    expect(await within(section).findByText('Not a Bumiputera quota lot: anyone may book it.')).toBeTruthy()
    expect((within(section).getByLabelText('Releasing authority') as HTMLInputElement).value).toBe('')
  })

  it('uploads the approval document of a recorded release in field `document`', async () => {
    api.answer = (path, method) =>
      path === '/api/lots/25/bumiputera/approval-document' && method === 'POST'
        ? json(
            {
              id: 4,
              lotId: 25,
              name: 'ptg-approval.pdf',
              mimeType: 'application/pdf',
              size: 1200,
              createdAt: '2026-11-21T02:00:00.000Z',
              url: '/api/lots/25/bumiputera/approval-document',
              downloadUrl: '/api/lots/25/bumiputera/approval-document?download=1',
            },
            { status: 201 }
          )
        : undefined
    const section = await renderSection(released)
    const documentSection = await within(section).findByRole('region', { name: 'Approval document' })
    const upload = within(documentSection).getByRole('button', { name: 'Upload approval document' })
    expect((upload as HTMLButtonElement).disabled).toBe(true)
    // Nothing uploaded yet: no link that would answer "not found".
    expect(await within(documentSection).findByText('No approval document uploaded yet.')).toBeTruthy()
    expect(within(documentSection).queryByRole('link')).toBeNull()
    const file = new File(['%PDF-1.4'], 'ptg-approval.pdf', { type: 'application/pdf' })
    fireEvent.change(within(documentSection).getByLabelText('Approval document file'), { target: { files: [file] } })
    fireEvent.click(upload)
    expect(
      await within(documentSection).findByText(/ptg-approval\.pdf, uploaded Nov 21, 2026, 10:00 AM MYT\./)
    ).toBeTruthy()
    const post = api.calls.find((call) => call.method === 'POST')!
    expect(post.path).toBe('/api/lots/25/bumiputera/approval-document')
    expect((post.body as FormData).get('document')).toBe(file)
    expect(
      within(documentSection).getByRole('link', { name: 'Open the latest approval document' }).getAttribute('href')
    ).toBe('/api/lots/25/bumiputera/approval-document')
  })

  it('names the newest approval already uploaded and links to it', async () => {
    api.answer = (path, method) =>
      path === '/api/lots/25/bumiputera/approval-documents' && method === 'GET'
        ? json([
            {
              id: 9,
              lotId: 25,
              name: 'ptg-approval-2.pdf',
              mimeType: 'application/pdf',
              size: 900,
              createdAt: '2026-11-22T03:30:00.000Z',
              url: '/api/lots/25/bumiputera/approval-document',
              downloadUrl: '/api/lots/25/bumiputera/approval-document?download=1',
            },
          ])
        : undefined
    const section = await renderSection(released)
    const documentSection = await within(section).findByRole('region', { name: 'Approval document' })
    expect(
      await within(documentSection).findByText(/ptg-approval-2\.pdf, uploaded Nov 22, 2026, 11:30 AM MYT\./)
    ).toBeTruthy()
    expect(
      within(documentSection).getByRole('link', { name: 'Open the latest approval document' }).getAttribute('href')
    ).toBe('/api/lots/25/bumiputera/approval-document')
  })
})
