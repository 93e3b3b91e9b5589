import { Form, useNavigation } from '@remix-run/react'
import { DEVICE_LINK_TEXTS } from './login-screen'

/** After the account's sign-in limit answered: the owner may ask for a link by email. */
export function DeviceLinkOffer({ email }: { email: string }) {
  const navigation = useNavigation()
  const submitting = navigation.state === 'submitting'
  const askingForLink = submitting && navigation.formData?.get('intent') === 'device-link'
  return (
    <Form method="post" className="form">
      <input type="hidden" name="intent" value="device-link" />
      <input type="hidden" name="email" value={email} />
      <p className="form__note">{DEVICE_LINK_TEXTS.offer}</p>
      <button type="submit" className="button button--ghost button--block" disabled={submitting}>
        {askingForLink ? DEVICE_LINK_TEXTS.requesting : DEVICE_LINK_TEXTS.request}
      </button>
    </Form>
  )
}
