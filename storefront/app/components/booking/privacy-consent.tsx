import { useId } from 'react'
import { DataProtectionOfficerContact, type DataProtectionOfficer } from '~/components/data-protection-officer'

/** The privacy notice in force (backend/app/bookings/consent.ts): its version and text. */
export interface PrivacyNotice {
  version: number
  body: string
  /** Whom to ask about one's data; null until a super admin has set it. */
  officer?: DataProtectionOfficer | null
}

/** The backend's words when the box is not ticked, mirrored so the form says them at once. */
export const CONSENT_REQUIRED =
  'Please read the privacy notice and tick the box to consent to the use of the documents before booking.'

/** Whether the form's consent box is ticked. */
export function hasConsent(form: HTMLFormElement): boolean {
  const box = form.elements.namedItem('consent')
  return box instanceof HTMLInputElement && box.checked
}

interface PrivacyConsentProps {
  notice: PrivacyNotice
  error?: string
}

/**
 * The PDPA notice of what the booking's documents are used for and by whom, and the consent box
 * (docs/privacy.md, "Notice and choice"). The form sends `consent` and the `noticeVersion` it
 * showed; the backend refuses a booking without them.
 */
export function PrivacyConsent({ notice, error }: PrivacyConsentProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <fieldset className="form__group privacy-consent">
      <legend>Privacy notice</legend>
      <div
        className="privacy-consent__notice"
        id={`${id}-notice`}
        tabIndex={0}
        role="region"
        aria-label="Privacy notice"
      >
        {notice.body.split(/\n{2,}/).map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
        {notice.officer ? <DataProtectionOfficerContact officer={notice.officer} /> : null}
      </div>
      <input type="hidden" name="noticeVersion" value={notice.version} />
      <label className="privacy-consent__box">
        <input
          type="checkbox"
          name="consent"
          value="true"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : `${id}-notice`}
        />{' '}
        I have read the privacy notice (version {notice.version}) and consent to the documents being used as it
        describes.
      </label>
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
