import { Link } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import type { FormEvent } from 'react'
import { TextField } from '~/components/text-field'
import { TextAreaField } from '~/components/public/fields'
import { DocumentPicker } from '~/components/booking/document-picker'
import { UploadProgress, useActionUpload } from '~/components/booking/upload-progress'
import { CONSENT_REQUIRED, PrivacyConsent, hasConsent } from '~/components/booking/privacy-consent'
import type { PrivacyNotice } from '~/components/booking/privacy-consent'
import {
  AGENT_BOOKING_MESSAGES,
  AGENT_TEXT_FIELDS,
  CHEQUE_ACCEPT,
  IC_ACCEPT,
  agentFailureMessage,
  agentUploadHint,
  validateAgentBooking,
} from '~/components/booking/agent-booking-rules'
import type { AgentBookingField, AgentBookingValues, AgentTextField } from '~/components/booking/agent-booking-rules'
import { focusRefusal } from '~/components/booking/focus-refusal'
import { BumiputeraLotNotice } from '~/components/booking/bumiputera-lot-notice'
import type { ChosenFile } from '~/components/booking/booking-rules'
import { LotSummary, bookingLotLabel } from '~/components/booking/booking-panel'
import type { BookingLot } from '~/components/booking/booking-types'
import { hasErrors } from '~/utils/validation'
import type { FieldErrors } from '~/utils/validation'

/** What the agent booking route's loader answers (app/routes/book-agent.$lotId.tsx). */
export interface AgentBookingPageData {
  lot: BookingLot
  available: boolean
  defaults: { agentName: string; email: string; phone: string }
  /** The privacy notice the agent consents to for the client's documents. */
  notice: PrivacyNotice
  returnTo: string
}

/** What its action answers. */
export interface AgentBookingResult {
  intent: 'agent-booking'
  ok: boolean
  message: string
  fieldErrors: FieldErrors<AgentBookingField>
  values: Record<AgentTextField, string>
}

export function agentBookingAction(lotId: number, returnTo: string): string {
  return `/book-agent/${lotId}?returnTo=${encodeURIComponent(returnTo)}`
}

function chosenFile(form: HTMLFormElement, name: string): ChosenFile | null {
  const input = form.elements.namedItem(name)
  const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined
  return file && file.name ? { name: file.name, type: file.type } : null
}

function readValues(form: HTMLFormElement): AgentBookingValues {
  const data = new FormData(form)
  const text = (name: string) => {
    const value = data.get(name)
    return typeof value === 'string' ? value : ''
  }
  return {
    agentName: text('agentName'),
    phone: text('phone'),
    email: text('email'),
    description: text('description'),
    icFront: chosenFile(form, 'icFront'),
    icBack: chosenFile(form, 'icBack'),
    cheque: chosenFile(form, 'cheque'),
  }
}

/**
 * The answer shown when the action gave none: 'Failed to create booking.' with 'No response received from
 * server.' or 'Server error {status}' (requirements: booking.md#agent-booking-form).
 */
function failedAgentBooking(form: HTMLFormElement, status: number | null): AgentBookingResult {
  const data = new FormData(form)
  const values = Object.fromEntries(
    AGENT_TEXT_FIELDS.map((field) => [field, String(data.get(field) ?? '')])
  ) as AgentBookingResult['values']
  return {
    intent: 'agent-booking',
    ok: false,
    message: agentFailureMessage(status === null ? 'No response received from server.' : `Server error ${status}`),
    fieldErrors: {},
    values,
  }
}

interface AgentBookingPanelProps {
  data: AgentBookingPageData
  headingId: string
  headingLevel: 1 | 2
  /** The page's own action answer, when posted without JavaScript. */
  pageResult?: AgentBookingResult | null
  onBooked?: (result: AgentBookingResult) => void
}

/** The agent admin's booking form, one multipart request (requirements: booking.md#agent-booking-form). */
export function AgentBookingPanel({ data, headingId, headingLevel, pageResult, onBooked }: AgentBookingPanelProps) {
  const upload = useActionUpload<AgentBookingResult>(failedAgentBooking)
  const answered = upload.result
  const result = answered ?? pageResult ?? null
  const [errors, setErrors] = useState<FieldErrors<AgentBookingField>>(result?.fieldErrors ?? {})
  const [icChosen, setIcChosen] = useState({ icFront: false, icBack: false })
  const formRef = useRef<HTMLFormElement>(null)
  const onBookedRef = useRef(onBooked)
  onBookedRef.current = onBooked
  const sending = upload.sending
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  const { lot } = data

  useEffect(() => {
    if (!answered) return
    setErrors(answered.fieldErrors)
    if (answered.ok) onBookedRef.current?.(answered)
    else focusRefusal(formRef.current)
  }, [answered])

  function submitAgentBooking(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const found = validateAgentBooking(readValues(form))
    if (!hasConsent(form)) found.consent = CONSENT_REQUIRED
    if (hasErrors(found)) {
      setErrors(found)
      form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
      return
    }
    if (!sending) void upload.submit(agentBookingAction(lot.id, data.returnTo), form)
  }

  const values = result && !result.ok ? result.values : null
  const hint = agentUploadHint(Number(icChosen.icFront) + Number(icChosen.icBack))

  return (
    <div className="booking-panel">
      <Heading id={headingId} className={headingLevel === 1 ? 'section__title' : 'dialog__title'}>
        Agent booking: {bookingLotLabel(lot)}
      </Heading>
      <LotSummary lot={lot} />
      {result?.ok ? (
        <div className="booking-panel__done">
          <p className="alert alert--success" role="status">
            {result.message}
          </p>
          <p className="booking-panel__actions">
            <Link to={data.returnTo} className="button button--primary">
              Back to the lots
            </Link>
          </p>
        </div>
      ) : !data.available && !result ? (
        <div>
          <p className="alert alert--warning" role="alert">
            This lot is no longer available. Please choose another lot.
          </p>
          <Link to={data.returnTo} className="button button--primary">
            Choose another lot
          </Link>
        </div>
      ) : (
        <>
          {/* The client's status is not known here: the backend checks it on the request. */}
          <BumiputeraLotNotice lot={lot} buyer={null} />
          <form
            ref={formRef}
            method="post"
            action={agentBookingAction(lot.id, data.returnTo)}
            encType="multipart/form-data"
            noValidate
            className="form booking-form"
            onSubmit={submitAgentBooking}
            onChange={(event) => {
              const name = (event.target as HTMLInputElement).name as AgentBookingField
              setErrors((current) => {
                const next = { ...current, [name]: undefined }
                if (name === 'icFront' || name === 'icBack') next.ic = undefined
                return next
              })
            }}
          >
            {result && !result.ok ? (
              <p className="alert alert--error" role="alert" tabIndex={-1} data-refusal>
                {result.message}
              </p>
            ) : null}
            <fieldset className="form__group">
              <legend>Agent details</legend>
              <TextField
                label="Agent name"
                name="agentName"
                autoComplete="name"
                required
                defaultValue={values?.agentName ?? data.defaults.agentName}
                error={errors.agentName}
              />
              <div className="form__row">
                <TextField
                  label="Phone"
                  name="phone"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  required
                  defaultValue={values?.phone ?? data.defaults.phone}
                  error={errors.phone}
                />
                <TextField
                  label="Email"
                  name="email"
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  required
                  defaultValue={values?.email ?? data.defaults.email}
                  error={errors.email}
                />
              </div>
            </fieldset>

            <fieldset className="form__group">
              <legend>Documents</legend>
              <p className="form__note">
                Attach both sides of the IC; the payment cheque is optional. Each file up to 10 MB.
              </p>
              <div className="form__row">
                <DocumentPicker
                  name="icFront"
                  label="IC front"
                  accept={IC_ACCEPT}
                  photo
                  required
                  hint="JPG or PNG image."
                  error={errors.icFront}
                  onChosenChange={(chosen) => setIcChosen((current) => ({ ...current, icFront: chosen }))}
                />
                <DocumentPicker
                  name="icBack"
                  label="IC back"
                  accept={IC_ACCEPT}
                  photo
                  required
                  hint="JPG or PNG image."
                  error={errors.icBack}
                  onChosenChange={(chosen) => setIcChosen((current) => ({ ...current, icBack: chosen }))}
                />
              </div>
              <p className={`upload-hint upload-hint--${hint.tone}`} aria-live="polite">
                <span className="upload-hint__dot" aria-hidden="true" />
                {hint.text}
              </p>
              {errors.ic ? <p className="field__error">{errors.ic}</p> : null}
              <DocumentPicker
                name="cheque"
                label="Payment cheque"
                accept={CHEQUE_ACCEPT}
                required={false}
                hint="PDF, JPG or PNG."
                error={errors.cheque}
              />
            </fieldset>

            <TextAreaField
              label="Description"
              name="description"
              rows={3}
              maxLength={4000}
              defaultValue={values?.description ?? ''}
              error={errors.description}
            />

            <PrivacyConsent notice={data.notice} error={errors.consent} />

            {sending ? <UploadProgress percent={upload.percent} /> : null}
            <button type="submit" className="button button--accent button--block" disabled={sending}>
              {sending ? 'Submitting…' : 'Submit agent booking'}
            </button>
          </form>
        </>
      )}
    </div>
  )
}

export { AGENT_BOOKING_MESSAGES }
