import { Link } from '@remix-run/react'
import type { Development } from '~/models/lots.server'
import { FactList, developmentFacts } from '~/components/public/development-facts'
import { LOT_TYPES } from '~/utils/format'

/**
 * The hub's information card about the development. Its figures are the development's
 * data (total units counted from its lots); without them it shows none rather than
 * stale ones. The lot types are the spec's fixed A, B and C.
 */
export function DevelopmentCard({ development }: { development: Development | null }) {
  const facts = developmentFacts(development)

  return (
    <aside className="info-card" aria-labelledby="info-card-title">
      <h2 id="info-card-title" className="info-card__title">
        {development?.phase != null ? `Phase ${development.phase} at a glance` : 'At a glance'}
      </h2>
      {facts.length > 0 ? (
        <FactList facts={facts} className="info-card__facts" />
      ) : (
        <p className="info-card__note">The development&apos;s figures cannot be shown right now.</p>
      )}
      <p className="info-card__types">
        {Object.values(LOT_TYPES).map((type) => (
          <Link
            key={type.code}
            to={`/properties/aeroindustrial/type/${type.code}`}
            className={`type-tag type-tag--${type.tone}`}
          >
            {type.label} ({type.code})
          </Link>
        ))}
      </p>
    </aside>
  )
}
