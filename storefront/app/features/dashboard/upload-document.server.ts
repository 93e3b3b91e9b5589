import { data } from '@remix-run/node'
import { replaceDocument } from '~/models/user-bookings.server'
import { ApiError, cookieHeaders } from '~/utils/api.server'
import { throwIfSignedOut } from '~/utils/auth.server'
import { DOCUMENT_REVIEW_MESSAGES } from '~/utils/document-review'
import type { UploadAgainResult } from '~/utils/document-review'

/**
 * `upload-document`: a rejected document uploaded again, posted as multipart so the body goes
 * through to the backend unread. The booking and the document are in the address the form
 * posts to; the answer shows on the booking's details, which load again.
 */
export async function uploadDocumentIntent(request: Request) {
  const url = new URL(request.url)
  const documentId = url.searchParams.get('upload') ?? ''
  const base = { intent: 'upload-document' as const, documentId, at: Date.now() }
  try {
    const { setCookies } = await replaceDocument(request, url.searchParams.get('booking') ?? '', documentId)
    const result: UploadAgainResult = { ...base, ok: true, message: DOCUMENT_REVIEW_MESSAGES.uploaded }
    return data(result, { status: 201, headers: cookieHeaders(setCookies) })
  } catch (error) {
    throwIfSignedOut(error, request)
    if (!(error instanceof ApiError)) throw error
    // The backend's own words (the file's check, a document no longer rejected, a booking decided meanwhile).
    const message =
      error.serverMessage ??
      error.fieldErrors[0]?.message ??
      (error.status === 404 ? DOCUMENT_REVIEW_MESSAGES.notFound : DOCUMENT_REVIEW_MESSAGES.failed)
    const result: UploadAgainResult = { ...base, ok: false, message }
    return data(result, { status: error.status >= 400 ? error.status : 502, headers: cookieHeaders(error.setCookies) })
  }
}
