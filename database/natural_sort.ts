/** The width of the sort-key columns: a 40-character number gives at most an 80-character key. */
export const NATURAL_SORT_KEY_LENGTH = 100

/**
 * The sort key stored beside a lot's unit and lot number, so that SQL orders them the way
 * people read them: MKS-1, MKS-2, MKS-10 rather than MKS-1, MKS-10, MKS-2.
 *
 * Each run of digits becomes its length (two digits) followed by its digits without leading
 * zeros, and letters are upper-cased, so a plain text comparison under any collation puts a
 * shorter number first and numbers of one length in numeric order:
 * 'MKS-2' -> 'MKS-012', 'MKS-02' -> 'MKS-012', 'MKS-10' -> 'MKS-0210'. Numbers of equal value
 * tie; the lists then order by id.
 *
 * Used by the migration that added the keys, the demo seeder and the backend's Lot model.
 */
export function naturalSortKey(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null
  return value
    .trim()
    .toUpperCase()
    .replace(/\d+/g, (digits) => {
      const number = digits.replace(/^0+(?=\d)/, '')
      return String(number.length).padStart(2, '0') + number
    })
    .slice(0, NATURAL_SORT_KEY_LENGTH)
}
