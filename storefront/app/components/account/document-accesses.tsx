import { useEffect, useState } from 'react'
import { formatDateTime } from '~/utils/format'
import { documentTypeLabel } from '~/utils/user-bookings'

/** GET /api/bookings/:id/document-accesses: one view or download of this booking's documents. */
export interface DocumentAccessView {
  id: number
  createdAt: string
  documentType: string
  documentName: string | null
  action: 'view' | 'download' | 'preview' | 'export'
  userName: string
  userRole: string
}

const ROLES: Record<string, string> = {
  user: 'you',
  agent_admin: 'agent admin',
  admin: 'developer admin',
  super_admin: 'developer admin',
}

/**
 * `preview`: a thumbnail of it was drawn in a list or dialog (once per person in a while); `export`: the
 * document went into the person's own "Download my data" ZIP.
 */
const ACTIONS: Record<DocumentAccessView['action'], string> = {
  view: 'viewed',
  download: 'downloaded',
  preview: 'saw a preview of',
  export: 'exported',
}

type State = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; accesses: DocumentAccessView[] }

/**
 * "Who opened your documents" (docs/privacy.md, "Access"): each view or download of this
 * booking's identity documents, cheque and receipt, newest first, as the backend recorded them.
 * Loaded when the booking's details open.
 */
export function DocumentAccesses({ bookingId }: { bookingId: number | string }) {
  const [state, setState] = useState<State>({ status: 'loading' })

  useEffect(() => {
    let live = true
    fetch(`/api/bookings/${bookingId}/document-accesses`, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status))
        const accesses = (await response.json()) as DocumentAccessView[]
        if (live) setState({ status: 'loaded', accesses })
      })
      .catch(() => {
        if (live) setState({ status: 'failed' })
      })
    return () => {
      live = false
    }
  }, [bookingId])

  return (
    <section aria-labelledby="booking-accesses-title">
      <h3 id="booking-accesses-title" className="booking-details__heading">
        Who opened your documents
      </h3>
      {state.status === 'loading' ? <p className="muted">Loading…</p> : null}
      {state.status === 'failed' ? (
        <p className="muted">The record of who opened your documents could not be loaded. Please try again later.</p>
      ) : null}
      {state.status === 'loaded' && state.accesses.length === 0 ? (
        <p className="muted">Nobody has opened this booking&apos;s documents yet.</p>
      ) : null}
      {state.status === 'loaded' && state.accesses.length > 0 ? (
        <ol className="status-history">
          {state.accesses.map((access) => (
            <li key={access.id} className="status-history__item">
              <span className="status-history__change">
                {access.userName} ({ROLES[access.userRole] ?? access.userRole}) {ACTIONS[access.action] ?? 'viewed'}{' '}
                {access.documentType === 'fee_receipt' ? 'Fee receipt' : documentTypeLabel(access.documentType)}
                {access.action === 'export' ? ' in a data export' : null}
              </span>
              <span className="status-history__meta">{formatDateTime(access.createdAt)}</span>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  )
}
