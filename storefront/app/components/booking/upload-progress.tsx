import { useNavigate, useRevalidator } from '@remix-run/react'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { postToAction } from '~/components/booking/upload'

interface UploadState<Result> {
  sending: boolean
  /** Whole percents of the request body sent. */
  percent: number
  /** The action's latest answer; a new object for each submission. */
  result: Result | null
}

/**
 * Sends a booking form to its route action with upload progress (the documents can take a while
 * on a phone). Where JavaScript does not run the form posts as a page, as before.
 * `failed` turns an answer that is not the action's (no network, an error page) into a result.
 */
export function useActionUpload<Result>(failed: (form: HTMLFormElement, status: number | null) => Result) {
  const navigate = useNavigate()
  const { revalidate } = useRevalidator()
  const [state, setState] = useState<UploadState<Result>>({ sending: false, percent: 0, result: null })
  const mounted = useRef(true)
  const failedRef = useRef(failed)
  failedRef.current = failed

  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  const submit = useCallback(
    async (action: string, form: HTMLFormElement) => {
      setState((current) => ({ ...current, sending: true, percent: 0 }))
      const answer = await postToAction<Result>(action, new FormData(form), (percent) => {
        if (mounted.current) setState((current) => ({ ...current, percent }))
      })
      if (!mounted.current) return
      if (answer.type === 'redirect') {
        // As Remix does with a fetcher's redirect (a session that ended goes to the login page).
        if (answer.reload) window.location.assign(answer.location)
        else navigate(answer.location)
        return
      }
      const result = answer.type === 'data' ? answer.data : failedRef.current(form, answer.status)
      setState({ sending: false, percent: 0, result })
      // Remix reloads the page's data after an action that succeeded (the lot is taken now).
      if (answer.type === 'data' && answer.status < 400) revalidate()
    },
    [navigate, revalidate]
  )

  return { ...state, submit }
}

/** The upload's progress bar, with its label and percentage (`what`: what is being sent). */
export function UploadProgress({ percent, what = 'your request' }: { percent: number; what?: string }) {
  const id = useId()
  return (
    <div className="upload-progress">
      <label htmlFor={id} className="upload-progress__label">
        {percent < 100 ? `Uploading ${what}` : 'Uploaded; waiting for the answer'}
        <span className="upload-progress__percent" aria-hidden="true">
          {percent}%
        </span>
      </label>
      <progress id={id} className="upload-progress__bar" max={100} value={percent}>
        {percent}%
      </progress>
    </div>
  )
}
