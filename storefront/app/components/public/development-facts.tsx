import { formatWholeNumber } from '~/utils/format'

export type Fact = [label: string, value: string]

/** A development's figures as the data gives them; a figure it lacks is left out, never guessed. */
export function developmentFacts(
  development: { totalUnits?: number | null; phase?: number | null; launchYear?: number | null } | null
): Fact[] {
  const facts: Fact[] = []
  if (development?.totalUnits != null) facts.push(['Total units', formatWholeNumber(development.totalUnits)])
  if (development?.phase != null) facts.push(['Phase', String(development.phase)])
  if (development?.launchYear != null) facts.push(['Launched', String(development.launchYear)])
  return facts
}

export function FactList({ facts, className }: { facts: Fact[]; className: string }) {
  return (
    <dl className={className}>
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
