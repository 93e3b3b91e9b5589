import type { Availability } from '~/models/lots.server'

/** Counts of available, reserved, booked, sold and locked lots (adding up to the total), and the share available as a bar. */
export function AvailabilityOverview({ availability, label }: { availability: Availability; label: string }) {
  const percent = Math.min(100, Math.max(0, Math.round(availability.percentageAvailable)))
  const counts = [
    { key: 'available', label: 'Available', value: availability.available },
    { key: 'reserved', label: 'Reserved', value: availability.reserved },
    { key: 'booked', label: 'Booked', value: availability.booked },
    { key: 'sold', label: 'Sold', value: availability.sold },
    { key: 'locked', label: 'Locked', value: availability.locked ?? 0 },
    { key: 'total', label: 'Total', value: availability.total },
  ]
  return (
    <section className="availability" aria-labelledby="availability-title">
      <h2 id="availability-title" className="availability__title">
        Availability of {label}
      </h2>
      <dl className="availability__counts">
        {counts.map((count) => (
          <div key={count.key} className={`availability__count availability__count--${count.key}`}>
            <dt>{count.label}</dt>
            <dd>{count.value}</dd>
          </div>
        ))}
      </dl>
      <div className="availability__bar">
        <div
          className="availability__meter"
          role="meter"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-label="Share of lots available"
          aria-valuetext={`${percent}% available`}
        >
          <span style={{ width: `${percent}%` }} />
        </div>
        <p className="availability__percent">{percent}% available</p>
      </div>
    </section>
  )
}
