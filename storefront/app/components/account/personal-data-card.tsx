import { Form, useNavigation } from '@remix-run/react'
import { useId } from 'react'
import { asSentence, formatDate } from '~/utils/format'

export interface DeletionRequestView {
  status: 'pending' | 'confirmed' | 'declined'
  createdAt: string | null
  declineReason: string | null
}

export interface DeletionFormResult {
  intent: 'request-deletion'
  formError: string | null
  reason: string
}

const dateOf = (iso: string | null) => (iso ? formatDate(iso) : '')

/**
 * The profile's "Your data" card (docs/privacy.md, "Access"): download everything held about
 * the person as one ZIP, and ask for the account to be deleted (a super admin confirms). Works
 * without JavaScript: the download is a link, the request a form posted to the page's action.
 */
export function PersonalDataCard({
  exportUrl,
  deletionRequest,
  result,
}: {
  exportUrl: string
  deletionRequest: DeletionRequestView | null
  result: DeletionFormResult | null
}) {
  const reasonId = useId()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'request-deletion'
  const pending = deletionRequest?.status === 'pending'

  return (
    <article className="card account-card" aria-labelledby="personal-data-title">
      <div className="account-card__head">
        <h2 id="personal-data-title" className="card__title">
          Your data
        </h2>
      </div>
      <p>
        Download a copy of everything we hold about you: your profile, agency membership requests, bookings with their
        history, notifications, the documents you attached and your booking fee receipts, as one ZIP file.
      </p>
      <p>
        <a className="button button--ghost button--small" href={exportUrl} download>
          Download my data (ZIP)
        </a>
      </p>

      <h3 className="card__title">Delete my account</h3>
      {pending ? (
        <p role="status">
          You asked for your account to be deleted on {dateOf(deletionRequest.createdAt)}. A super admin will confirm
          it; you will be signed out then.
        </p>
      ) : (
        <>
          {deletionRequest?.status === 'declined' ? (
            <p role="status">
              Your earlier request was declined
              {deletionRequest.declineReason ? `: ${asSentence(deletionRequest.declineReason)}` : '.'} You may ask
              again.
            </p>
          ) : null}
          <p>
            Your account will be anonymised and your documents deleted. Your bookings stay as anonymous sale records.
            This cannot be undone.
          </p>
          <Form method="post" className="form account-form">
            <input type="hidden" name="intent" value="request-deletion" />
            <label htmlFor={reasonId}>Reason (optional)</label>
            <textarea id={reasonId} name="reason" maxLength={1000} rows={3} defaultValue={result?.reason ?? ''} />
            <label>
              <input type="checkbox" name="understood" value="yes" required /> I understand that this cannot be undone
            </label>
            {result?.formError ? (
              <p className="alert alert--error" role="alert">
                {result.formError}
              </p>
            ) : null}
            <div className="form__actions">
              <button type="submit" className="button button--danger" disabled={busy}>
                {busy ? 'Sending…' : 'Ask to delete my account'}
              </button>
            </div>
          </Form>
        </>
      )}
    </article>
  )
}
