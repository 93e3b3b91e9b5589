import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { AdminContext, RecordContextProvider, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createDataProvider } from '../../../dataProvider'
import TwoFactorReset, { TWO_FACTOR_RESET_LABELS } from './TwoFactorReset'

const fetchMock = vi.fn<typeof fetch>()
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
const posts: Array<{ path: string; body: unknown }> = []

beforeEach(() => {
  posts.length = 0
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://backoffice.test').pathname
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    posts.push({ path, body })
    if ((body as { password?: string }).password !== 'Demo@2024') {
      return json({ message: 'Current password is incorrect', errors: [{ field: 'password', message: 'x' }] }, 422)
    }
    return json({ message: 'Two-step sign-in for Aisyah is reset. They can sign in with their password.' })
  })
})

const renderFor = (record: { id: number; twoFactorEnabled: boolean }) =>
  render(
    <MemoryRouter>
      <AdminContext dataProvider={createDataProvider()} i18nProvider={defaultI18nProvider} store={memoryStore()}>
        <RecordContextProvider value={record}>
          <TwoFactorReset />
        </RecordContextProvider>
      </AdminContext>
    </MemoryRouter>
  )

describe("Users: resetting someone's two-step sign-in", () => {
  it('is offered only when it is on', () => {
    renderFor({ id: 7, twoFactorEnabled: false })
    expect(screen.queryByRole('button', { name: TWO_FACTOR_RESET_LABELS.reset })).toBeNull()
  })

  it("asks for the super admin's own password and shows the server's refusal", async () => {
    renderFor({ id: 7, twoFactorEnabled: true })
    fireEvent.click(screen.getByRole('button', { name: TWO_FACTOR_RESET_LABELS.reset }))
    fireEvent.click(await screen.findByRole('button', { name: TWO_FACTOR_RESET_LABELS.confirm }))
    expect(await screen.findByText(TWO_FACTOR_RESET_LABELS.passwordRequired)).toBeTruthy()
    expect(posts).toHaveLength(0)

    fireEvent.change(screen.getByLabelText(TWO_FACTOR_RESET_LABELS.password), { target: { value: 'wrong' } })
    fireEvent.click(screen.getByRole('button', { name: TWO_FACTOR_RESET_LABELS.confirm }))
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy()

    fireEvent.change(screen.getByLabelText(TWO_FACTOR_RESET_LABELS.password), { target: { value: 'Demo@2024' } })
    fireEvent.change(screen.getByLabelText(TWO_FACTOR_RESET_LABELS.code), { target: { value: '123456' } })
    fireEvent.click(screen.getByRole('button', { name: TWO_FACTOR_RESET_LABELS.confirm }))
    await waitFor(() => expect(posts).toHaveLength(2))
    expect(posts[1]).toEqual({ path: '/api/users/7/two-factor/reset', body: { password: 'Demo@2024', code: '123456' } })
    await waitFor(() => expect(screen.queryByRole('button', { name: TWO_FACTOR_RESET_LABELS.confirm })).toBeNull())
  })
})
