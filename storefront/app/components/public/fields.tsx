import { useId } from 'react'
import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react'

interface FieldFrameProps {
  id: string
  label: string
  required?: boolean
  error?: string | null
  hint?: ReactNode
  className?: string
  children: ReactNode
}

/** Label, control, hint and error, tied together for assistive technology (as TextField). */
function FieldFrame({ id, label, required, error, hint, className, children }: FieldFrameProps) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id} className="field__label">
        {label}
        {required ? null : <span className="field__optional"> (optional)</span>}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  name: string
  label: string
  error?: string | null
  hint?: ReactNode
}

export function TextAreaField({ label, error, hint, className, ...textarea }: TextAreaFieldProps) {
  const id = useId()
  return (
    <FieldFrame id={id} label={label} required={textarea.required} error={error} hint={hint} className={className}>
      <textarea
        id={id}
        className="field__input field__input--area"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...textarea}
      />
    </FieldFrame>
  )
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  name: string
  label: string
  error?: string | null
  hint?: ReactNode
  children: ReactNode
}

export function SelectField({ label, error, hint, className, children, ...select }: SelectFieldProps) {
  const id = useId()
  return (
    <FieldFrame id={id} label={label} required={select.required} error={error} hint={hint} className={className}>
      <select
        id={id}
        className="field__input field__input--select"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  )
}
