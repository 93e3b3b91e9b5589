import { fireEvent, render, screen, within } from '@testing-library/react'
import {
  AdminContext,
  ResourceContextProvider,
  SimpleForm,
  defaultI18nProvider,
  memoryStore,
  type DataProvider,
} from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import { CreateToolbar } from '../../../components/CreateToolbar'
import { LOT_TYPES } from '../types'
import { LotFields } from './LotFields'

function renderForm(onSubmit = vi.fn(), defaultValues: Record<string, unknown> = { status: 'available' }) {
  const dataProvider = { getDevelopments: vi.fn(async () => []) } as unknown as DataProvider
  render(
    <MemoryRouter>
      <AdminContext dataProvider={dataProvider} i18nProvider={defaultI18nProvider} store={memoryStore()}>
        <ResourceContextProvider value="admin/lots">
          <SimpleForm onSubmit={onSubmit} defaultValues={defaultValues} toolbar={<CreateToolbar />}>
            <LotFields />
          </SimpleForm>
        </ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>
  )
  return onSubmit
}

describe('the lot form’s Type', () => {
  it('is a closed list: no free text, only the types the backend accepts', async () => {
    renderForm()
    const type = screen.getByRole('combobox', { name: /^Type\W*$/ })
    expect(screen.queryByRole('textbox', { name: /^Type\W*$/ })).toBeNull()
    expect(screen.getByText('One of the listed types')).toBeTruthy()

    fireEvent.mouseDown(type)
    const options = within(await screen.findByRole('listbox')).getAllByRole('option')
    expect(options.map((option) => option.textContent).filter(Boolean)).toEqual([...LOT_TYPES])
  })

  it('keeps the chosen type, and asks for one when none is chosen', async () => {
    const onSubmit = renderForm()
    fireEvent.change(screen.getByRole('textbox', { name: /^Lot Number/ }), { target: { value: '25' } })
    fireEvent.click(screen.getByRole('button', { name: /save/i }))
    expect(await screen.findByText('Type is required')).toBeTruthy()
    expect(onSubmit).not.toHaveBeenCalled()

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Type\W*$/ }))
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Warehouse' }))
    expect(screen.getByRole('combobox', { name: /^Type\W*$/ }).textContent).toBe('Warehouse')
    fireEvent.click(screen.getByRole('button', { name: /save/i }))
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled())
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ lotNumber: '25', type: 'Warehouse', status: 'available' })
  })
})

describe('the lot form’s Released for sale switch', () => {
  it('is on for a new lot, and turned off it submits released false', async () => {
    const onSubmit = renderForm(vi.fn(), {
      status: 'available',
      released: true,
      lotNumber: '25',
      type: 'Warehouse',
    })
    const released = screen.getByRole('switch', { name: 'Released for sale' }) as HTMLInputElement
    expect(released.checked).toBe(true)

    fireEvent.click(released)
    expect(released.checked).toBe(false)
    fireEvent.click(screen.getByRole('button', { name: /save/i }))
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled())
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ lotNumber: '25', released: false })
  })
})
