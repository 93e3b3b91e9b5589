import { HttpError } from 'react-admin'
import { describe, expect, it } from 'vitest'
import type { LotImportRow, LotImportSummary } from '../types'
import { changeText, importVerdict, rejectedRows, rowsToShow } from './lotImport'

const summary = (counts: Partial<LotImportSummary>): LotImportSummary => ({
  rows: 0,
  create: 0,
  update: 0,
  unchanged: 0,
  error: 0,
  ...counts,
})

const row = (action: LotImportRow['action'], number: number): LotImportRow => ({
  row: number,
  lotNumber: String(number),
  action,
  lotId: action === 'create' ? null : number,
  changes: [],
  errors: action === 'error' ? [{ field: 'type', message: 'Type is required' }] : [],
})

describe('the lots import preview', () => {
  it('shows a change as old → new, empty cells as (empty), and a new lot by its values', () => {
    const price = { field: 'price', column: 'Price (RM)', from: 628000, to: 640000 }
    expect(changeText(price, 'update')).toBe('Price (RM): 628000 → 640000')
    expect(changeText({ field: 'note', column: 'Note', from: 'Corner unit', to: null }, 'update')).toBe(
      'Note: Corner unit → (empty)'
    )
    expect(changeText({ ...price, from: null }, 'create')).toBe('Price (RM): 640000')
  })

  it('lists the rows that do something, and the unchanged ones on request', () => {
    const rows = [row('unchanged', 2), row('update', 3), row('error', 4), row('create', 5)]
    expect(rowsToShow(rows, false).map((r) => r.row)).toEqual([3, 4, 5])
    expect(rowsToShow(rows, true).map((r) => r.row)).toEqual([2, 3, 4, 5])
  })

  it('may be applied only without errors and with something to change', () => {
    expect(importVerdict({ summary: summary({ rows: 3, update: 2, error: 1 }) })).toEqual({
      canApply: false,
      message: '1 row has errors: fix the file and choose it again. Nothing has been changed.',
    })
    expect(importVerdict({ summary: summary({ rows: 4, unchanged: 4 }) })).toEqual({
      canApply: false,
      message: 'Every row matches the lots on record: there is nothing to change.',
    })
    expect(importVerdict({ summary: summary({ rows: 4, create: 1, update: 2, unchanged: 1 }) })).toEqual({
      canApply: true,
      message: 'Applying will create 1 lot and update 2 lots, all together or not at all.',
    })
    expect(importVerdict({ summary: summary({ rows: 2, update: 2 }) }).message).toBe(
      'Applying will update 2 lots, all together or not at all.'
    )
  })

  it('reads the refused rows of a 422, and nothing else', () => {
    const rows = [row('error', 4)]
    expect(rejectedRows(new HttpError('No lots were imported', 422, { rows }))).toEqual(rows)
    expect(rejectedRows(new HttpError('The file is not a valid CSV', 422, { errors: [] }))).toEqual([])
    expect(rejectedRows(new HttpError('Server error', 500, { rows }))).toEqual([])
    expect(rejectedRows(new Error('offline'))).toEqual([])
  })
})
