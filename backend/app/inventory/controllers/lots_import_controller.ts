import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { readFile } from 'node:fs/promises'
import LotPolicy from '#inventory/policies/lot_policy'
import ImportLots, { type LotImportSummary } from '#inventory/actions/import_lots'
import { auditBy } from '#audit'
import { AppError } from '#core/errors'

export const MAX_IMPORT_FILE_SIZE = '2mb'

const lots = (count: number) => `${count} lot${count === 1 ? '' : 's'}`

/** Preview writes nothing; import applies every row in one transaction, or none. */
export default class LotsImportController {
  @inject()
  async preview({ bouncer, request }: HttpContext, importLots: ImportLots) {
    await bouncer.with(LotPolicy).authorize('manage')
    const { summary, rows } = await importLots.handle(await uploadedCsv(request), { dryRun: true })
    return {
      message: `${summary.rows} row${summary.rows === 1 ? '' : 's'}: ${summary.create} to create, ${summary.update} to update, ${summary.unchanged} unchanged, ${summary.error} with errors. Nothing has been changed yet.`,
      dryRun: true,
      summary,
      rows,
    }
  }

  @inject()
  async store({ auth, bouncer, request, response }: HttpContext, importLots: ImportLots) {
    await bouncer.with(LotPolicy).authorize('manage')
    const { applied, summary, rows } = await importLots.handle(await uploadedCsv(request), {
      by: auditBy({ auth, request }),
    })
    if (!applied) {
      const refused = rows.filter((row) => row.action === 'error')
      return response.unprocessableEntity({
        message: `No lots were imported: ${refused.length} row${refused.length === 1 ? '' : 's'} of ${summary.rows} ${refused.length === 1 ? 'has' : 'have'} errors.`,
        errors: refused.flatMap(({ row, errors }) =>
          errors.map(({ field, message }) => ({ field: `rows.${row}.${field}`, message: `Row ${row}: ${message}` }))
        ),
        rows: refused,
        summary,
      })
    }
    return { message: importedMessage(summary), summary, rows }
  }
}

function importedMessage(summary: LotImportSummary) {
  return `Import complete: ${lots(summary.create)} created, ${summary.update} updated, ${summary.unchanged} unchanged.`
}

async function uploadedCsv(request: HttpContext['request']) {
  const file = request.file('file', { size: MAX_IMPORT_FILE_SIZE, extnames: ['csv', 'txt'] })
  if (!file || !file.tmpPath) throw AppError.invalid('file', 'Please choose a CSV file to import')
  if (!file.isValid) {
    const kind = file.errors[0]?.type
    throw AppError.invalid(
      'file',
      kind === 'size' ? 'The CSV file must be at most 2 MB' : 'Please choose a CSV file (.csv)'
    )
  }
  return readFile(file.tmpPath)
}
