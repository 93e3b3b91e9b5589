import { HttpError } from 'react-admin'
import type { CsvValue, LotChange, LotImportAction, LotImportReport, LotImportRow } from '../types'

export const IMPORT_ACTION_LABELS: Record<LotImportAction, string> = {
  create: 'Create',
  update: 'Update',
  unchanged: 'Unchanged',
  error: 'Error',
}

const shown = (value: CsvValue) => (value === null || value === '' ? '(empty)' : String(value))

/** 'Price (RM): 628000 → 640000'; a new lot's values are shown as they will be. */
export function changeText(change: LotChange, action: LotImportAction): string {
  return action === 'create'
    ? `${change.column}: ${shown(change.to)}`
    : `${change.column}: ${shown(change.from)} → ${shown(change.to)}`
}

/** The rows the preview lists: every row that does something, and the unchanged ones on request. */
export function rowsToShow(rows: readonly LotImportRow[], showUnchanged: boolean): LotImportRow[] {
  return showUnchanged ? [...rows] : rows.filter((row) => row.action !== 'unchanged')
}

/** Whether a previewed file may be applied, and what to tell the user either way. */
export function importVerdict({ summary }: Pick<LotImportReport, 'summary'>): { canApply: boolean; message: string } {
  if (summary.error > 0) {
    return {
      canApply: false,
      message: `${summary.error} row${summary.error === 1 ? ' has' : 's have'} errors: fix the file and choose it again. Nothing has been changed.`,
    }
  }
  if (summary.create + summary.update === 0) {
    return { canApply: false, message: 'Every row matches the lots on record: there is nothing to change.' }
  }
  const parts = [
    summary.create ? `create ${summary.create} lot${summary.create === 1 ? '' : 's'}` : null,
    summary.update ? `update ${summary.update} lot${summary.update === 1 ? '' : 's'}` : null,
  ].filter(Boolean)
  return { canApply: true, message: `Applying will ${parts.join(' and ')}, all together or not at all.` }
}

/** The refused rows of a 422 answer to the apply, when the refusal was about rows and not the file. */
export function rejectedRows(error: unknown): LotImportRow[] {
  if (!(error instanceof HttpError) || error.status !== 422) return []
  const rows = (error.body as { rows?: unknown } | undefined)?.rows
  return Array.isArray(rows) ? (rows as LotImportRow[]) : []
}
