import { fireEvent, render, screen, within } from '@testing-library/react'
import { AdminContext, defaultI18nProvider, memoryStore, type DataProvider } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import type { LotImportReport } from '../types'
import { ImportLotsDialog } from './ImportLotsDialog'

const preview: LotImportReport = {
  message: '3 rows: 1 to create, 1 to update, 1 unchanged, 0 with errors. Nothing has been changed yet.',
  summary: { rows: 3, create: 1, update: 1, unchanged: 1, error: 0 },
  rows: [
    {
      row: 2,
      lotNumber: '1',
      action: 'update',
      lotId: 1,
      changes: [{ field: 'price', column: 'Price (RM)', from: 628000, to: 640000 }],
      errors: [],
    },
    { row: 3, lotNumber: '2', action: 'unchanged', lotId: 2, changes: [], errors: [] },
    {
      row: 4,
      lotNumber: '5',
      action: 'create',
      lotId: null,
      changes: [{ field: 'status', column: 'Status', from: null, to: 'available' }],
      errors: [],
    },
  ],
}

function renderDialog(provider: Record<string, unknown>) {
  render(
    <MemoryRouter>
      <AdminContext
        dataProvider={provider as unknown as DataProvider}
        i18nProvider={defaultI18nProvider}
        store={memoryStore()}
      >
        <ImportLotsDialog open onClose={() => {}} />
      </AdminContext>
    </MemoryRouter>
  )
  const file = new File(['Lot Number,Price (RM)\n1,640000\n'], 'lots.csv', { type: 'text/csv' })
  fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } })
  return file
}

describe('ImportLotsDialog', () => {
  it('previews the file, then applies it only when asked', async () => {
    const previewLotImport = vi.fn(async () => preview)
    const importLots = vi.fn(async () => ({
      ...preview,
      message: 'Import complete: 1 lot created, 1 updated, 1 unchanged.',
    }))
    const file = renderDialog({ previewLotImport, importLots })

    expect(screen.queryByRole('button', { name: 'Apply changes' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }))

    const table = await screen.findByRole('table', { name: 'Preview of the import' })
    expect(previewLotImport).toHaveBeenCalledWith(file)
    expect(within(table).getByText('Price (RM): 628000 → 640000')).toBeTruthy()
    expect(within(table).getByText('Status: available')).toBeTruthy()
    expect(within(table).queryByText('Unchanged')).toBeNull()
    fireEvent.click(screen.getByLabelText('Show unchanged rows (1)'))
    expect(within(table).getByText('Unchanged')).toBeTruthy()
    expect(screen.getByRole('status').textContent).toContain('Applying will create 1 lot and update 1 lot')
    expect(importLots).not.toHaveBeenCalled()

    fireEvent.click(screen.getByRole('button', { name: 'Apply changes' }))
    expect(await screen.findByText('Import complete: 1 lot created, 1 updated, 1 unchanged.')).toBeTruthy()
    expect(importLots).toHaveBeenCalledWith(file)
  })

  it('offers no apply when a row has errors, and shows each row’s problems', async () => {
    const withErrors: LotImportReport = {
      ...preview,
      summary: { ...preview.summary, update: 0, error: 1 },
      rows: [
        {
          row: 2,
          lotNumber: '1',
          action: 'error',
          lotId: 1,
          changes: [],
          errors: [{ field: 'type', message: 'Type is required' }],
        },
      ],
    }
    const importLots = vi.fn()
    renderDialog({ previewLotImport: vi.fn(async () => withErrors), importLots })

    fireEvent.click(screen.getByRole('button', { name: 'Preview' }))

    const table = await screen.findByRole('table', { name: 'Preview of the import' })
    expect(within(table).getByText('type: Type is required')).toBeTruthy()
    expect(screen.getByRole('status').textContent).toContain('1 row has errors: fix the file and choose it again.')
    expect(screen.queryByRole('button', { name: 'Apply changes' })).toBeNull()
    expect((screen.getByRole('button', { name: 'Preview' }) as HTMLButtonElement).disabled).toBe(true)
    expect(importLots).not.toHaveBeenCalled()
  })
})
