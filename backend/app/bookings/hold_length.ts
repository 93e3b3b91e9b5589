/** A hold length in words: "30 minutes", "2 hours 30 minutes", "7 days". */
export function formatHoldLength(minutes: number): string {
  const days = Math.floor(minutes / 1440)
  const hours = Math.floor((minutes % 1440) / 60)
  const rest = minutes % 60
  const parts: string[] = []
  if (days) parts.push(`${days} day${days === 1 ? '' : 's'}`)
  if (hours) parts.push(`${hours} hour${hours === 1 ? '' : 's'}`)
  if (rest || parts.length === 0) parts.push(`${rest} minute${rest === 1 ? '' : 's'}`)
  return parts.join(' ')
}
