import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { readFile } from 'node:fs/promises'
import LotPolicy from '#inventory/policies/lot_policy'
import ImportLots from '#inventory/actions/import_lots'
import { serializeLot } from '#inventory/transformers/lot_transformer'
import { AppError } from '#core/errors'

export const MAX_IMPORT_FILE_SIZE = '2mb'

/** POST /api/lots/import: the super admin's CSV import of lots (multipart field `file`). */
export default class LotsImportController {
  @inject()
  async store({ bouncer, request, response }: HttpContext, importLots: ImportLots) {
    await bouncer.with(LotPolicy).authorize('manage')
    const file = request.file('file', { size: MAX_IMPORT_FILE_SIZE, extnames: ['csv', 'txt'] })
    if (!file || !file.tmpPath) throw AppError.invalid('file', 'Please choose a CSV file to import')
    if (!file.isValid) {
      const kind = file.errors[0]?.type
      throw AppError.invalid('file', kind === 'size' ? 'The CSV file must be at most 2 MB' : 'Please choose a CSV file (.csv)')
    }

    const result = await importLots.handle(await readFile(file.tmpPath))
    if (!result.ok) {
      const count = result.rejected.length
      return response.unprocessableEntity({
        message: `No lots were imported: ${count} row${count === 1 ? '' : 's'} of ${result.rows} ${count === 1 ? 'has' : 'have'} errors.`,
        errors: result.rejected.flatMap(({ row, errors }) =>
          errors.map(({ field, message }) => ({ field: `rows.${row}.${field}`, message: `Row ${row}: ${message}` }))
        ),
        rows: result.rejected,
      })
    }
    return response.created({
      message: `${result.lots.length} lot${result.lots.length === 1 ? '' : 's'} imported successfully.`,
      created: result.lots.length,
      lots: result.lots.map(serializeLot),
    })
  }
}
