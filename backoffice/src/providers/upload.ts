import { HttpError } from 'react-admin'
import { readCookie } from './http'

/**
 * A multipart POST that reports how much of its body has been sent (whole percents): fetch
 * reports no upload progress, XMLHttpRequest's `upload.onprogress` does. It speaks as
 * `httpClient` does (JSON answers, the session cookie, `X-XSRF-TOKEN` on the write) and fails
 * as it does: an HttpError with the backend's message and body, or a TypeError when no answer came.
 */
export function postWithProgress<T>(url: string, body: FormData, onProgress: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', url)
    request.withCredentials = true
    request.setRequestHeader('Accept', 'application/json')
    const xsrfToken = readCookie('XSRF-TOKEN')
    if (xsrfToken !== undefined) request.setRequestHeader('X-XSRF-TOKEN', xsrfToken)
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100))
    })
    request.addEventListener('load', () => {
      let json: unknown
      try {
        json = JSON.parse(request.responseText)
      } catch {
        // Not JSON: the status says enough.
      }
      if (request.status < 200 || request.status >= 300) {
        const message = (json as { message?: unknown } | undefined)?.message
        reject(
          new HttpError(typeof message === 'string' && message ? message : request.statusText, request.status, json)
        )
        return
      }
      onProgress(100)
      resolve(json as T)
    })
    const noAnswer = () => reject(new TypeError('Failed to fetch'))
    request.addEventListener('error', noAnswer)
    request.addEventListener('abort', noAnswer)
    request.addEventListener('timeout', noAnswer)
    request.send(body)
  })
}
