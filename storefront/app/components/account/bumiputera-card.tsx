import { Form, useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import type { FormEvent } from 'react'
import { DocumentPicker } from '~/components/booking/document-picker'
import { CHEQUE_ACCEPT } from '~/components/booking/booking-rules'
import {
  BUMIPUTERA_KINDS,
  BUMIPUTERA_TEXTS,
  bumiputeraDecisionText,
  bumiputeraKindLabel,
  bumiputeraStatusLabel,
  bumiputeraTone,
} from '~/utils/bumiputera'
import type { BumiputeraView } from '~/utils/bumiputera'

/** The profile action's `intent` for this card's form. */
export const BUMIPUTERA_INTENT = 'bumiputera' as const

export type BumiputeraField = 'kind' | 'evidence'

/** What the profile action answers when the declaration is refused. */
export interface BumiputeraFormResult {
  intent: typeof BUMIPUTERA_INTENT
  message: string | null
  fieldErrors: Partial<Record<BumiputeraField, string>>
  kind: string
  evidenceName: string
}

/** Its status as a badge, where the buyer's status is shown (the profile, the booking form and details). */
export function BumiputeraBadge({ view }: { view: BumiputeraView }) {
  return <span className={`badge badge--${bumiputeraTone(view.status)}`}>{bumiputeraStatusLabel(view.status)}</span>
}

/**
 * The profile's "Bumiputera status" card: the status, who decided it and when, and the
 * declaration (as an individual or a company, with a document as evidence) while there is none
 * or it was rejected. One multipart form posted to the page's action: works without JavaScript.
 */
export function BumiputeraCard({ view, result }: { view: BumiputeraView; result: BumiputeraFormResult | null }) {
  const navigation = useNavigation()
  const sending = navigation.state !== 'idle' && navigation.formData?.get('intent') === BUMIPUTERA_INTENT
  const canDeclare = view.status === 'none' || view.status === 'rejected'
  const decision = bumiputeraDecisionText(view)
  const [errors, setErrors] = useState<BumiputeraFormResult['fieldErrors']>(result?.fieldErrors ?? {})
  useEffect(() => setErrors(result?.fieldErrors ?? {}), [result])

  // The backend's checks, mirrored so that a missing choice or file is said before anything is sent.
  function checkDeclaration(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget)
    const evidence = form.get('evidence')
    const found: BumiputeraFormResult['fieldErrors'] = {}
    if (!form.get('kind')) found.kind = BUMIPUTERA_TEXTS.kindRequired
    if (!(evidence instanceof File) || !evidence.name) found.evidence = BUMIPUTERA_TEXTS.evidenceRequired
    if (Object.keys(found).length === 0) return
    event.preventDefault()
    setErrors(found)
  }
  const chosenKind = result?.kind || view.kind || ''

  return (
    <article className="card account-card" aria-labelledby="bumiputera-title">
      <div className="account-card__head">
        <h2 id="bumiputera-title" className="card__title">
          {BUMIPUTERA_TEXTS.title}
        </h2>
      </div>
      <dl className="details">
        <dt>Status</dt>
        <dd>
          <BumiputeraBadge view={view} />
        </dd>
        {view.kind ? (
          <>
            <dt>Declared as</dt>
            <dd>{bumiputeraKindLabel(view.kind)}</dd>
          </>
        ) : null}
        {decision ? (
          <>
            <dt>Decision</dt>
            <dd>{decision}</dd>
          </>
        ) : null}
      </dl>
      {view.status === 'none' ? <p>{BUMIPUTERA_TEXTS.intro}</p> : null}
      {view.status === 'declared' ? <p role="status">{BUMIPUTERA_TEXTS.declared}</p> : null}
      {view.status === 'verified' ? <p>{BUMIPUTERA_TEXTS.verified}</p> : null}
      {view.status === 'rejected' ? <p>{BUMIPUTERA_TEXTS.rejected}</p> : null}

      {canDeclare ? (
        <Form
          method="post"
          encType="multipart/form-data"
          preventScrollReset
          noValidate
          className="form account-form"
          onSubmit={checkDeclaration}
          onChange={(event) => {
            const name = (event.target as HTMLInputElement).name as BumiputeraField
            setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current))
          }}
        >
          <input type="hidden" name="intent" value={BUMIPUTERA_INTENT} />
          {result?.message ? (
            <p className="alert alert--error" role="alert">
              {result.message}
            </p>
          ) : null}
          <fieldset className="form__group" aria-describedby={errors.kind ? 'bumiputera-kind-error' : undefined}>
            <legend>{BUMIPUTERA_TEXTS.kindLegend}</legend>
            {BUMIPUTERA_KINDS.map((kind) => (
              <label key={kind}>
                <input type="radio" name="kind" value={kind} defaultChecked={chosenKind === kind} />{' '}
                {bumiputeraKindLabel(kind)}
              </label>
            ))}
            {errors.kind ? (
              <p id="bumiputera-kind-error" className="field__error">
                {errors.kind}
              </p>
            ) : null}
          </fieldset>
          <DocumentPicker
            name="evidence"
            label={BUMIPUTERA_TEXTS.evidenceLabel}
            accept={CHEQUE_ACCEPT}
            required
            hint={BUMIPUTERA_TEXTS.evidenceHint}
            error={errors.evidence}
            previousName={result?.evidenceName || undefined}
          />
          <div className="form__actions">
            <button type="submit" className="button button--primary" disabled={sending}>
              {sending ? BUMIPUTERA_TEXTS.sending : BUMIPUTERA_TEXTS.submit}
            </button>
          </div>
        </Form>
      ) : null}
    </article>
  )
}
