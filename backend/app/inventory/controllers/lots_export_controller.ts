import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import type { User } from '#identity'
import LotPolicy from '#inventory/policies/lot_policy'
import ExportLots from '#inventory/queries/export_lots'
import { lotsCsvTemplate } from '#inventory/lot_csv'

/** The lots CSV, in the columns the import reads (lot_csv.ts). */
export default class LotsExportController {
  /** GET /api/lots/export: the list's lots as filtered and sorted on screen (its sort and filter). */
  @inject()
  async index(ctx: HttpContext, exportLots: ExportLots) {
    await ctx.bouncer.with(LotPolicy).authorize('manage')
    const csv = await exportLots.handle(ctx, ctx.auth.user as User)
    return asCsv(ctx.response, csv, 'lots.csv')
  }

  /** GET /api/lots/import/template: the header row and one example lot. */
  async template({ bouncer, response }: HttpContext) {
    await bouncer.with(LotPolicy).authorize('manage')
    return asCsv(response, lotsCsvTemplate(), 'lots-template.csv')
  }
}

function asCsv(response: HttpContext['response'], csv: string, filename: string) {
  response.header('Content-Type', 'text/csv; charset=utf-8')
  response.header('Content-Disposition', `attachment; filename="${filename}"`)
  return response.send(csv)
}
