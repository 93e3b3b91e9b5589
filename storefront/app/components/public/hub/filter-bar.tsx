import { Form, Link, useNavigate } from '@remix-run/react'
import { useEffect, useState } from 'react'
import {
  FILTER_STATUSES,
  PRICE_BANDS,
  hasFilters,
  hubSearch,
  readHubFilters,
} from '~/components/public/hub/lot-filters'
import type { HubFilters } from '~/components/public/hub/lot-filters'
import { LOT_TYPES, lotStatusLabel } from '~/utils/format'

interface FilterBarProps {
  filters: HubFilters
  /** The hub's address. */
  action: string
  shown: number
  total: number
}

/**
 * The hub's filter bar: a GET form, so a filter is an address and works without
 * JavaScript; with it, each change applies at once.
 */
export function FilterBar({ filters, action, shown, total }: FilterBarProps) {
  const navigate = useNavigate()
  const [chosen, setChosen] = useState(filters)
  useEffect(() => setChosen(filters), [filters])

  function change(name: keyof HubFilters, value: string) {
    const params = new URLSearchParams(hubSearch(chosen))
    if (value) params.set(name, value)
    else params.delete(name)
    const next = readHubFilters(params)
    setChosen(next)
    navigate(`${action}${hubSearch(next)}`, { replace: true, preventScrollReset: true })
  }

  return (
    <Form method="get" action={action} className="filter-bar" aria-label="Filter lots" preventScrollReset>
      <div className="filter-bar__field">
        <label htmlFor="filter-type">Type</label>
        <select
          id="filter-type"
          name="type"
          value={chosen.type ?? ''}
          onChange={(event) => change('type', event.target.value)}
          className="field__input field__input--select"
        >
          <option value="">All types</option>
          {Object.values(LOT_TYPES).map((type) => (
            <option key={type.code} value={type.code}>
              {type.label} ({type.code})
            </option>
          ))}
        </select>
      </div>
      <div className="filter-bar__field">
        <label htmlFor="filter-status">Status</label>
        <select
          id="filter-status"
          name="status"
          value={chosen.status ?? ''}
          onChange={(event) => change('status', event.target.value)}
          className="field__input field__input--select"
        >
          <option value="">All statuses</option>
          {FILTER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {lotStatusLabel(status)}
            </option>
          ))}
        </select>
      </div>
      <div className="filter-bar__field">
        <label htmlFor="filter-price">Price</label>
        <select
          id="filter-price"
          name="price"
          value={chosen.price ?? ''}
          onChange={(event) => change('price', event.target.value)}
          className="field__input field__input--select"
        >
          <option value="">Any price</option>
          {PRICE_BANDS.map((band) => (
            <option key={band.value} value={band.value}>
              {band.label}
            </option>
          ))}
        </select>
      </div>
      <div className="filter-bar__actions">
        <button type="submit" className="button button--primary button--small">
          Apply filters
        </button>
        {hasFilters(filters) ? (
          <Link to={action} className="button button--ghost button--small" preventScrollReset>
            Clear filters
          </Link>
        ) : null}
      </div>
      <p className="filter-bar__count" role="status">
        Showing {shown} of {total} lots
      </p>
    </Form>
  )
}
