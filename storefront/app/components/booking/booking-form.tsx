import { useEffect, useRef, useState } from 'react'
import type { ComponentProps, FormEvent } from 'react'
import { PackageChoice } from '~/components/booking/package-choice'
import { TextField } from '~/components/text-field'
import { TextAreaField } from '~/components/public/fields'
import { DocumentPicker } from '~/components/booking/document-picker'
import { UploadProgress, useActionUpload } from '~/components/booking/upload-progress'
import { CONSENT_REQUIRED, PrivacyConsent, hasConsent } from '~/components/booking/privacy-consent'
import type { PrivacyNotice } from '~/components/booking/privacy-consent'
import {
  BOOKING_MESSAGES,
  BOOKING_TEXT_FIELDS,
  CHEQUE_ACCEPT,
  IC_ACCEPT,
  identityUploadHint,
  validateBookingRequest,
} from '~/components/booking/booking-rules'
import type { BookingField, BookingFormValues, BookingRequester, ChosenFile } from '~/components/booking/booking-rules'
import { focusRefusal } from '~/components/booking/focus-refusal'
import type { BookingResult } from '~/components/booking/booking-types'
import { hasErrors } from '~/utils/validation'
import type { FieldErrors } from '~/utils/validation'

interface BookingFormProps {
  lotId: number
  requester: BookingRequester
  defaults: { name: string; email: string; phone: string }
  /** The privacy notice the requester consents to. */
  notice: PrivacyNotice
  /** The booking route (its action streams the request to the backend). */
  action: string
  /** The page's own action answer, when posted without JavaScript. */
  pageResult?: BookingResult | null
  /** The price, the packages the buyer may have and their Bumiputera status; no price section without it. */
  pricing?: Omit<ComponentProps<typeof PackageChoice>, 'chosenIds' | 'error'>
  onBooked?: (result: BookingResult) => void
  onNotMember?: () => void
}

function chosenFile(form: HTMLFormElement, name: string): ChosenFile | null {
  const input = form.elements.namedItem(name)
  const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined
  return file && file.name ? { name: file.name, type: file.type } : null
}

export function readBookingValues(form: HTMLFormElement): BookingFormValues {
  const data = new FormData(form)
  const text = (name: string) => {
    const value = data.get(name)
    return typeof value === 'string' ? value : ''
  }
  return {
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    cheque: chosenFile(form, 'cheque'),
    icFront: chosenFile(form, 'icFront'),
    icBack: chosenFile(form, 'icBack'),
  }
}

/** The answer shown when the action gave none (no network, an error page): the spec's failure message. */
function failedBooking(form: HTMLFormElement): BookingResult {
  const data = new FormData(form)
  const values = Object.fromEntries(
    BOOKING_TEXT_FIELDS.map((field) => [field, String(data.get(field) ?? '')])
  ) as BookingResult['values']
  return {
    intent: 'booking',
    ok: false,
    message: BOOKING_MESSAGES.failed,
    fieldErrors: {},
    values,
    fileNames: {},
    notMember: false,
  }
}

/**
 * The booking request form (requirements: booking.md#request-form): one multipart request with the documents,
 * sent with a progress bar where JavaScript runs, posted as a page where it does not.
 * Client checks mirror the backend's; what was typed stays on error.
 */
export function BookingForm({
  lotId,
  requester,
  defaults,
  notice,
  action,
  pageResult,
  pricing,
  onBooked,
  onNotMember,
}: BookingFormProps) {
  const upload = useActionUpload<BookingResult>(failedBooking)
  const answered = upload.result
  const result = answered ?? pageResult ?? null
  const [errors, setErrors] = useState<FieldErrors<BookingField>>(result?.fieldErrors ?? {})
  const [icChosen, setIcChosen] = useState({ icFront: false, icBack: false })
  const sending = upload.sending
  const formRef = useRef<HTMLFormElement>(null)
  const callbacks = useRef({ onBooked, onNotMember })
  callbacks.current = { onBooked, onNotMember }

  useEffect(() => {
    if (!answered) return
    setErrors(answered.fieldErrors)
    if (answered.ok) callbacks.current.onBooked?.(answered)
    else if (answered.notMember) callbacks.current.onNotMember?.()
    else focusRefusal(formRef.current)
  }, [answered])

  function submitBookingRequest(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const found = validateBookingRequest(readBookingValues(form), requester)
    if (!hasConsent(form)) found.consent = CONSENT_REQUIRED
    if (hasErrors(found)) {
      setErrors(found)
      form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
      return
    }
    if (!sending) void upload.submit(action, form)
  }

  const agent = requester === 'agent_admin'
  const values = result && !result.ok ? result.values : null
  // Files cannot be put back after a full page reload: only a form posted without JavaScript loses them.
  const lostFiles = !answered && pageResult && !pageResult.ok && Object.keys(pageResult.fileNames).length > 0
  const hint = identityUploadHint(Number(icChosen.icFront) + Number(icChosen.icBack), requester)

  return (
    <form
      ref={formRef}
      method="post"
      action={action}
      encType="multipart/form-data"
      noValidate
      className="form booking-form"
      onSubmit={submitBookingRequest}
      onChange={(event) => {
        const name = (event.target as HTMLInputElement).name as BookingField
        setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current))
      }}
    >
      <input type="hidden" name="lotId" value={lotId} />
      {result && !result.ok && result.message ? (
        <p className="alert alert--error" role="alert" tabIndex={-1} data-refusal>
          {result.message}
        </p>
      ) : null}
      {lostFiles ? <p className="alert alert--warning">{BOOKING_MESSAGES.filesNotKept}</p> : null}

      {pricing ? (
        <PackageChoice {...pricing} chosenIds={result && !result.ok ? (result.packageIds ?? null) : null} />
      ) : null}

      <fieldset className="form__group">
        <legend>Your details</legend>
        <TextField
          label={agent ? 'Agent name' : 'Full name'}
          name="name"
          autoComplete="name"
          required
          defaultValue={values?.name ?? defaults.name}
          error={errors.name}
        />
        <div className="form__row">
          <TextField
            label="Email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            defaultValue={values?.email ?? defaults.email}
            error={errors.email}
          />
          <TextField
            label="Phone"
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            defaultValue={values?.phone ?? defaults.phone}
            error={errors.phone}
          />
        </div>
      </fieldset>

      <fieldset className="form__group">
        <legend>Documents</legend>
        <p className="form__note">
          {agent
            ? 'As an agent admin, attach the payment cheque and both sides of the IC.'
            : 'Documents are optional; if you attach the IC, attach both sides.'}{' '}
          Each file up to 10 MB.
        </p>
        <DocumentPicker
          name="cheque"
          label="Payment cheque"
          accept={CHEQUE_ACCEPT}
          required={agent}
          hint="PDF, JPG or PNG."
          error={errors.cheque}
          previousName={lostFiles ? pageResult?.fileNames.cheque : undefined}
        />
        <div className="form__row">
          <DocumentPicker
            name="icFront"
            label="IC front"
            accept={IC_ACCEPT}
            photo
            required={agent}
            hint="JPG or PNG image."
            error={errors.icFront}
            previousName={lostFiles ? pageResult?.fileNames.icFront : undefined}
            onChosenChange={(chosen) => setIcChosen((current) => ({ ...current, icFront: chosen }))}
          />
          <DocumentPicker
            name="icBack"
            label="IC back"
            accept={IC_ACCEPT}
            photo
            required={agent}
            hint="JPG or PNG image."
            error={errors.icBack}
            previousName={lostFiles ? pageResult?.fileNames.icBack : undefined}
            onChosenChange={(chosen) => setIcChosen((current) => ({ ...current, icBack: chosen }))}
          />
        </div>
        <p className={`upload-hint upload-hint--${hint.tone}`} aria-live="polite">
          <span className="upload-hint__dot" aria-hidden="true" />
          {hint.text}
        </p>
      </fieldset>

      <TextAreaField
        label="Message"
        name="requestMessage"
        rows={3}
        maxLength={5000}
        defaultValue={values?.requestMessage ?? ''}
        error={errors.requestMessage}
      />

      <PrivacyConsent notice={notice} error={errors.consent} />

      {sending ? <UploadProgress percent={upload.percent} /> : null}
      <button type="submit" className="button button--accent button--block" disabled={sending}>
        {sending ? 'Submitting…' : 'Submit booking request'}
      </button>
    </form>
  )
}
