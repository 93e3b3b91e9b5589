import db from '@adonisjs/lucid/services/db'
import type { ChainableContract } from '@adonisjs/lucid/types/querybuilder'
import type Lot from '#inventory/models/lot'
import type Development from '#inventory/models/development'

/**
 * Phased release on the public pages: a lot not yet released is listed ("Not released") unless its
 * development chose to leave such lots out (`developments.show_unreleased_lots` false). Bookings refuse it
 * either way; this only decides whether visitors see it.
 */
export function whereShownToPublic<Query extends ChainableContract>(query: Query, column = 'lots'): Query {
  query.where((shown) =>
    shown
      .where(`${column}.is_released`, true)
      .orWhereNotIn(
        `${column}.development_id`,
        db.from('developments').where('show_unreleased_lots', false).select('id')
      )
  )
  return query
}

/** The same for one development already read: its lots are all shown, or only its released ones. */
export function showsUnreleased(development: Pick<Development, 'showUnreleasedLots'>) {
  return development.showUnreleasedLots !== false
}

/** One lot read on its own (its page): hidden when not released and its development hides such lots. */
export function lotShownToPublic(lot: Pick<Lot, 'isReleased'>, development: Pick<Development, 'showUnreleasedLots'>) {
  return lot.isReleased !== false || showsUnreleased(development)
}
