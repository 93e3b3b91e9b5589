/** A TEXT column holding a JSON array, read the same from MySQL and SQLite. */
export const jsonList = {
  prepare: (value: readonly string[]) => JSON.stringify(value),
  consume: (value: unknown): string[] =>
    typeof value === 'string' ? (JSON.parse(value) as string[]) : Array.isArray(value) ? (value as string[]) : [],
}
