import { useEffect, useId, useRef, useState } from 'react'
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
  /** A photo of a document (the IC): phones also offer the camera, next to choosing a file. */
  photo?: boolean
  /** The file chosen before a page reload lost it (no JavaScript): named so it can be chosen again. */
  previousName?: string
  onChosenChange?: (chosen: boolean) => void
}

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
  return `${Math.max(1, Math.round(bytes / 1024))} kB`
}

/**
 * A taken photo can join the form's own file field only where the browser lets a script fill a
 * file field (DataTransfer), and the camera is only worth offering on a touch screen.
 */
function canOfferCamera(): boolean {
  if (typeof window.matchMedia !== 'function' || !window.matchMedia('(pointer: coarse)').matches) return false
  try {
    return new DataTransfer().files !== undefined
  } catch {
    return false
  }
}

/**
 * A file field that shows the chosen file before it is sent: a preview for images, the name and
 * size for a PDF, and a way to remove it. The field itself (the one the form sends) chooses an
 * existing file; for a photo, a phone also gets "Take photo", which opens the camera
 * (`capture`) and puts the photo into that field.
 */
export function DocumentPicker({
  name,
  label,
  accept,
  required,
  hint,
  error,
  photo = false,
  previousName,
  onChosenChange,
}: DocumentPickerProps) {
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [chosen, setChosen] = useState<Chosen | null>(null)
  const [cameraOffered, setCameraOffered] = useState(false)

  useEffect(() => {
    if (photo) setCameraOffered(canOfferCamera())
  }, [photo])

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

  /** A photo taken goes into the form's own field, as if it had been chosen there. */
  function takePhoto(event: ChangeEvent<HTMLInputElement>) {
    const camera = event.currentTarget
    const file = camera.files?.[0]
    camera.value = ''
    const input = inputRef.current
    if (!file || !input) return
    const transfer = new DataTransfer()
    transfer.items.add(file)
    input.files = transfer.files
    input.dispatchEvent(new Event('change', { bubbles: true }))
  }

  function remove() {
    const input = inputRef.current
    if (!input) return
    input.value = ''
    input.dispatchEvent(new Event('change', { bubbles: true }))
    input.focus()
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
        ref={inputRef}
        id={id}
        type="file"
        name={name}
        accept={accept}
        className="document-picker__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={onChange}
      />
      {cameraOffered ? (
        <label className="button button--ghost document-picker__camera">
          <input type="file" accept="image/*" capture="environment" className="visually-hidden" onChange={takePhoto} />
          Take photo <span className="visually-hidden">of the {label}</span>
        </label>
      ) : null}
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
      {chosen ? (
        <div className="document-picker__chosen">
          <div id={`${id}-chosen`} className="document-picker__file">
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
          <button type="button" className="button button--ghost document-picker__remove" onClick={remove}>
            Remove <span className="visually-hidden">the {label} file</span>
          </button>
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
