import { useFetcher } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import type { FormEvent } from 'react'
import { TextField } from '~/components/text-field'
import { TextAreaField } from '~/components/public/fields'
import { CONTACT_CLOSE_DELAY_MS, CONTACT_FIELDS, validateContact } from '~/components/public/contact/contact-rules'
import type { ContactField, ContactResult } from '~/components/public/contact/contact-rules'
import { hasErrors, readTextFields } from '~/utils/validation'
import type { FieldErrors } from '~/utils/validation'

type Status = 'idle' | 'sending' | 'success' | 'failure'

interface ContactFormProps {
  /** The route whose action sends the message (it calls submitContactForm). */
  action: string
  /** The page's own action answer, when the form was posted without JavaScript. */
  pageResult?: ContactResult | null
  /** Called 3 seconds after a message is sent (the modal closes). */
  onSent?: () => void
}

/** The contact form: idle, sending, success or failure (requirements: public-site.md#contact-form). */
export function ContactForm({ action, pageResult, onSent }: ContactFormProps) {
  const fetcher = useFetcher<ContactResult>()
  const result = fetcher.data ?? pageResult ?? null
  const formRef = useRef<HTMLFormElement>(null)
  const [errors, setErrors] = useState<FieldErrors<ContactField>>(result?.fieldErrors ?? {})
  const onSentRef = useRef(onSent)
  onSentRef.current = onSent

  const status: Status =
    fetcher.state !== 'idle'
      ? 'sending'
      : result
        ? result.ok
          ? 'success'
          : result.message
            ? 'failure'
            : 'idle'
        : 'idle'

  useEffect(() => {
    if (!fetcher.data) return
    setErrors(fetcher.data.fieldErrors)
    if (!fetcher.data.ok) return
    formRef.current?.reset()
    const timer = setTimeout(() => onSentRef.current?.(), CONTACT_CLOSE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [fetcher.data])

  function checkBeforeSending(event: FormEvent<HTMLFormElement>) {
    const found = validateContact(readTextFields(new FormData(event.currentTarget), CONTACT_FIELDS))
    if (!hasErrors(found)) return
    event.preventDefault()
    setErrors(found)
    event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }

  const values = result && !result.ok ? result.values : null
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={action}
      noValidate
      className="form"
      onSubmit={checkBeforeSending}
      onChange={(event) => {
        const name = (event.target as HTMLInputElement).name as ContactField
        setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current))
      }}
    >
      <input type="hidden" name="intent" value="contact" />
      {status === 'success' && result?.message ? (
        <p className="alert alert--success" role="status">
          {result.message}
        </p>
      ) : null}
      {status === 'failure' && result?.message ? (
        <p className="alert alert--error" role="alert">
          {result.message}
        </p>
      ) : null}
      <div className="form__row">
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          required
          defaultValue={values?.name}
          error={errors.name}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          defaultValue={values?.email}
          error={errors.email}
        />
      </div>
      <TextField
        label="Phone"
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required
        defaultValue={values?.phone}
        error={errors.phone}
      />
      <TextAreaField
        label="Message"
        name="message"
        required
        rows={4}
        defaultValue={values?.message}
        error={errors.message}
      />
      <button type="submit" className="button button--accent button--block" disabled={status === 'sending'}>
        {status === 'sending' ? 'Sending…' : 'Send Message'}
      </button>
    </fetcher.Form>
  )
}
