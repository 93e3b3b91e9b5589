import { useEffect, useId, useState } from 'react'
import type { ChangeEvent } from 'react'
import { canPreview } from '~/components/booking/booking-rules'

interface Chosen {
  name: string
  size: number
  previewUrl: string | null
}

interface DocumentPickerProps {
  name: string
  label: string
  accept: string
  required: boolean
  hint: string
  error?: string | null
  /** The file chosen before a page reload lost it (no JavaScript): named so it can be chosen again. */
  previousName?: string
  onChosenChange?: (chosen: boolean) => void
}

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
  return `${Math.max(1, Math.round(bytes / 1024))} kB`
}

/** A file field that shows the chosen file: its name and size, and a preview for images. */
export function DocumentPicker({
  name,
  label,
  accept,
  required,
  hint,
  error,
  previousName,
  onChosenChange,
}: DocumentPickerProps) {
  const id = useId()
  const [chosen, setChosen] = useState<Chosen | null>(null)

  useEffect(
    () => () => {
      if (chosen?.previewUrl) URL.revokeObjectURL(chosen.previewUrl)
    },
    [chosen]
  )

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0]
    if (!file) {
      setChosen(null)
      onChosenChange?.(false)
      return
    }
    const previewUrl = canPreview(file) && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null
    setChosen({ name: file.name, size: file.size, previewUrl })
    onChosenChange?.(true)
  }

  const describedBy = [`${id}-hint`, error ? `${id}-error` : null, chosen ? `${id}-chosen` : null]
    .filter(Boolean)
    .join(' ')
  return (
    <div className="field document-picker">
      <label htmlFor={id} className="field__label">
        {label}
        {required ? null : <span className="field__optional"> (optional)</span>}
      </label>
      <input
        id={id}
        type="file"
        name={name}
        accept={accept}
        className="document-picker__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={onChange}
      />
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
      {chosen ? (
        <div id={`${id}-chosen`} className="document-picker__chosen">
          {chosen.previewUrl ? (
            <img src={chosen.previewUrl} alt={`Preview of ${chosen.name}`} className="document-picker__preview" />
          ) : (
            <span className="document-picker__file-icon" aria-hidden="true">
              PDF
            </span>
          )}
          <span>
            Chosen: <strong>{chosen.name}</strong> ({formatSize(chosen.size)})
          </span>
        </div>
      ) : previousName ? (
        <p className="document-picker__previous">
          You had chosen <strong>{previousName}</strong>: please choose it again.
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
