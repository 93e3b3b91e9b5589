import { BaseSchema } from '@adonisjs/lucid/schema'
import { NATURAL_SORT_KEY_LENGTH, naturalSortKey } from '../natural_sort.ts'

/**
 * Unit and lot numbers are listed in natural order (MKS-2 before MKS-10): each gets a stored
 * sort key (see natural_sort.ts), written with the number, filled in here for the lots that
 * exist, and indexed for the lists that order by it.
 */
export default class extends BaseSchema {
  protected tableName = 'lots'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.string('unit_number_sort', NATURAL_SORT_KEY_LENGTH).nullable()
      table.string('lot_number_sort', NATURAL_SORT_KEY_LENGTH).nullable()
    })

    this.defer(async (db) => {
      const lots = await db.from(this.tableName).select('id', 'unit_number', 'lot_number').orderBy('id')
      for (const lot of lots) {
        await db
          .from(this.tableName)
          .where('id', lot.id)
          .update({
            unit_number_sort: naturalSortKey(lot.unit_number),
            lot_number_sort: naturalSortKey(lot.lot_number),
          })
      }
    })

    this.schema.alterTable(this.tableName, (table) => {
      // The hub (all statuses), the lists of available lots, a lot type's page, a development's lots or units.
      table.index(['unit_number_sort'])
      table.index(['status', 'unit_number_sort'])
      table.index(['development_id', 'kind', 'type_code', 'unit_number_sort'])
      table.index(['development_id', 'kind', 'status', 'lot_number_sort'])
      table.index(['lot_number_sort'])
      // Replaced: nothing orders by the raw unit number any more, and the development's
      // (development_id, kind, status) lookups are the prefix of the lot_number_sort index.
      table.dropIndex(['status', 'unit_number'])
      table.dropIndex(['development_id', 'kind', 'status'])
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.index(['status', 'unit_number'])
      table.index(['development_id', 'kind', 'status'])
      table.dropIndex(['unit_number_sort'])
      table.dropIndex(['status', 'unit_number_sort'])
      table.dropIndex(['development_id', 'kind', 'type_code', 'unit_number_sort'])
      table.dropIndex(['development_id', 'kind', 'status', 'lot_number_sort'])
      table.dropIndex(['lot_number_sort'])
    })
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('unit_number_sort')
      table.dropColumn('lot_number_sort')
    })
  }
}
