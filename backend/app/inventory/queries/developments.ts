import db from '@adonisjs/lucid/services/db'
import Development from '#inventory/models/development'
import { AppError } from '#core/errors'
import { whereShownToPublic } from '#inventory/public_visibility'

/** A development's figures, counted from its inventory when asked (never a stored total that goes stale). */
export type DevelopmentFigures = { totalUnits: number; availableCount: number }

const NO_INVENTORY: DevelopmentFigures = { totalUnits: 0, availableCount: 0 }

export default class Developments {
  async list() {
    const developments = await Development.query().where('is_active', true).orderBy('name')
    const figures = await this.figuresOf(developments.map((development) => development.id))
    return developments.map((development) => ({ development, figures: figures.get(development.id) ?? NO_INVENTORY }))
  }

  async find(key: string) {
    const query = Development.query().where('is_active', true)
    if (/^\d+$/.test(key)) query.where('id', Number(key))
    else query.where('slug', key)
    const development = await query.first()
    if (!development) throw AppError.notFound('Property not found')
    const figures = await this.figuresOf([development.id])
    return { development, figures: figures.get(development.id) ?? NO_INVENTORY }
  }

  /** One grouped count over the (development_id, kind, status) index. */
  private async figuresOf(developmentIds: number[]): Promise<Map<number, DevelopmentFigures>> {
    if (developmentIds.length === 0) return new Map()
    // Lots a development hides from the public pages (not yet released) are not counted there either.
    const rows: Array<Record<string, unknown>> = await whereShownToPublic(
      db.from('lots').whereIn('development_id', developmentIds)
    )
      .groupBy('development_id')
      .select(
        'development_id',
        db.raw('COUNT(*) AS total_units'),
        db.raw("SUM(CASE WHEN status = 'available' THEN 1 ELSE 0 END) AS available_count")
      )
    return new Map(
      rows.map((row) => [
        Number(row.development_id),
        { totalUnits: Number(row.total_units ?? 0), availableCount: Number(row.available_count ?? 0) },
      ])
    )
  }
}
