import { Form, useNavigation } from '@remix-run/react'

export interface EmailPreferenceView {
  kind: string
  label: string
  email: boolean
}

/** The profile action's `intent` for this card's form. */
export const EMAIL_PREFERENCES_INTENT = 'email-preferences' as const

export const EMAIL_PREFERENCES_TEXTS = {
  loadFailed: 'Your email settings could not be loaded. Please try again later.',
  title: 'Email notifications',
  intro:
    'You are always told in the bell at the top of the page. Choose which of these should also reach you by email.',
  save: 'Save email settings',
  saving: 'Saving…',
}

/**
 * The profile's "Email notifications" card (docs/notifications.md, "Email"): one box per kind of
 * notification the person can receive, ticked when it is emailed. A plain form posted to the
 * page's action, so it works without JavaScript.
 */
export function EmailPreferencesCard({
  preferences,
  formError,
}: {
  /** null: the backend could not say; a message is shown instead of the boxes. */
  preferences: EmailPreferenceView[] | null
  formError: string | null
}) {
  const intent = EMAIL_PREFERENCES_INTENT
  const navigation = useNavigation()
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === intent

  return (
    <article className="card account-card" aria-labelledby="email-preferences-title">
      <div className="account-card__head">
        <h2 id="email-preferences-title" className="card__title">
          {EMAIL_PREFERENCES_TEXTS.title}
        </h2>
      </div>
      {preferences === null ? (
        <p className="alert alert--error" role="alert">
          {EMAIL_PREFERENCES_TEXTS.loadFailed}
        </p>
      ) : (
        <Form method="post" preventScrollReset className="form account-form">
          <input type="hidden" name="intent" value={intent} />
          <p>{EMAIL_PREFERENCES_TEXTS.intro}</p>
          {formError ? (
            <p className="alert alert--error" role="alert">
              {formError}
            </p>
          ) : null}
          <fieldset className="email-preferences">
            <legend className="visually-hidden">Email me about</legend>
            {preferences.map((preference) => (
              <label key={preference.kind} className="email-preferences__option">
                <input type="hidden" name="kinds" value={preference.kind} />
                <input type="checkbox" name="email" value={preference.kind} defaultChecked={preference.email} />{' '}
                {preference.label}
              </label>
            ))}
          </fieldset>
          <div className="form__actions">
            <button type="submit" className="button button--primary" disabled={saving}>
              {saving ? EMAIL_PREFERENCES_TEXTS.saving : EMAIL_PREFERENCES_TEXTS.save}
            </button>
          </div>
        </Form>
      )}
    </article>
  )
}
