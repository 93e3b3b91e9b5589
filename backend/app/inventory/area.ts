/** Area in sqm and sqft (x 10.7639, rounded); money in whole RM (requirements: decisions.md#d5-money-and-area). */
export const SQFT_PER_SQM = 10.7639

export function sqmToSqft(sqm: number | null | undefined): number | null {
  return sqm === null || sqm === undefined ? null : Math.round(sqm * SQFT_PER_SQM)
}

export function sqftToSqm(sqft: number): number {
  return Math.round((sqft / SQFT_PER_SQM) * 100) / 100
}

/** Lot areas fall back to 201 sqm for 'CORNER (A)' and 186 otherwise (requirements: display.md#default-land-area). */
export function landSizeOrDefault(sqm: number | null, type: string): number {
  return sqm ?? (type.toUpperCase() === 'CORNER (A)' ? 201 : 186)
}
