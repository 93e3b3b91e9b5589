import { Profiler, type ProfilerOnRenderCallback } from 'react'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createDataProvider } from '../../../dataProvider'
import PrivacyNoticePage from './PrivacyNoticePage'

const fetchMock = vi.fn<typeof fetch>()
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

const CURRENT = {
  id: 1,
  version: 2,
  body: 'Version two: documents verify the buyer.',
  createdAt: '2026-03-01T02:00:00Z',
}

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
})

/** `onCommit` is called at each commit of the page, before that commit's effects run. */
function renderPage(onCommit: ProfilerOnRenderCallback = () => {}) {
  render(
    <MemoryRouter>
      <AdminContext dataProvider={createDataProvider()} i18nProvider={defaultI18nProvider} store={memoryStore()}>
        <Profiler id="page" onRender={onCommit}>
          <PrivacyNoticePage />
        </Profiler>
      </AdminContext>
    </MemoryRouter>
  )
}

describe('Privacy Notice', () => {
  it('shows the current text and version; saving an edit publishes the next version', async () => {
    fetchMock.mockImplementation(async (_input, init) => {
      if (init?.method === 'PUT') {
        const { body } = JSON.parse(String(init.body)) as { body: string }
        return json({ ...CURRENT, version: 3, body, message: 'Privacy notice version 3 published' })
      }
      return json(CURRENT)
    })
    renderPage()
    const text = (await screen.findByRole('textbox', { name: /Notice text/ })) as HTMLTextAreaElement
    expect(text.value).toBe(CURRENT.body)
    expect(screen.getByRole('status').textContent).toMatch(/^Current version: 2, published/)
    const publish = screen.getByRole('button', { name: 'Publish version 3' }) as HTMLButtonElement
    expect(publish.disabled).toBe(true)

    fireEvent.change(text, { target: { value: 'Version three: documents verify the buyer and the payment.' } })
    fireEvent.click(screen.getByRole('button', { name: 'Publish version 3' }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^Current version: 3/))
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!
    expect(String(put[0])).toBe('/api/privacy-notice')
    expect(JSON.parse(String(put[1]!.body))).toEqual({
      body: 'Version three: documents verify the buyer and the payment.',
    })
  })

  it('never shows an empty box beside a loaded notice: the box holds its text from the first screen it is on', async () => {
    fetchMock.mockImplementation(async () => json(CURRENT))
    // What the box held at each commit of the page.
    const shown: string[] = []
    const record = () => {
      const box = document.querySelector<HTMLTextAreaElement>('textarea[required]')
      if (box) shown.push(box.value)
    }
    renderPage(record)
    await screen.findByRole('textbox', { name: /Notice text/ })
    expect(shown.length).toBeGreaterThan(0)
    expect(shown.every((value) => value === CURRENT.body)).toBe(true)
  })

  it("shows the backend's refusal of the text by the field", async () => {
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'PUT'
        ? json(
            {
              message: 'The notice text must be at least 20 characters',
              errors: [{ field: 'body', message: 'The notice text must be at least 20 characters' }],
            },
            422
          )
        : json(CURRENT)
    )
    renderPage()
    const text = await screen.findByRole('textbox', { name: /Notice text/ })
    fireEvent.change(text, { target: { value: 'Too short' } })
    fireEvent.click(screen.getByRole('button', { name: 'Publish version 3' }))
    expect(await screen.findByText('The notice text must be at least 20 characters')).toBeTruthy()
  })
})
