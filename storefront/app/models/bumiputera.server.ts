/**
 * A buyer's Bumiputera status, as the identity module keeps it (backend/app/identity:
 * bumiputera_controller.ts). The declaration is one multipart request, its evidence included,
 * streamed to the backend as the browser sent it; a copy is read alongside for the kind chosen,
 * so that a refusal shows the form as it was.
 */
import { unstable_parseMultipartFormData } from '@remix-run/node'
import type { UploadHandler } from '@remix-run/node'
import { ApiError, apiForwardBody } from '~/utils/api.server'
import type { ApiResponse } from '~/utils/api.server'
import type { BumiputeraRecord } from '~/utils/bumiputera'

export const BUMIPUTERA_DECLARE_URL = '/api/users/me/bumiputera'

export type DeclarationOutcome =
  | { ok: true; response: ApiResponse<BumiputeraRecord & { message?: string }>; kind: string; evidenceName: string }
  | { ok: false; error: ApiError; kind: string; evidenceName: string }

/** POST /api/users/me/bumiputera with the browser's own multipart body. */
export async function declareBumiputera(request: Request): Promise<DeclarationOutcome> {
  const copy = request.clone()
  const [sent, form] = await Promise.all([
    apiForwardBody<BumiputeraRecord & { message?: string }>(request, BUMIPUTERA_DECLARE_URL, { method: 'POST' }).then(
      (response) => ({ ok: true as const, response }),
      (error: unknown) => {
        if (error instanceof ApiError) return { ok: false as const, error }
        throw error
      }
    ),
    readDeclaration(copy),
  ])
  return { ...sent, ...form }
}

/** The kind chosen and the evidence file's name; the file itself is read past. */
async function readDeclaration(request: Request): Promise<{ kind: string; evidenceName: string }> {
  let kind = ''
  let evidenceName = ''
  const keepKind: UploadHandler = async ({ name, filename, data }) => {
    let text = ''
    for await (const chunk of data) {
      if (filename === undefined && name === 'kind' && text.length < 40) text += new TextDecoder().decode(chunk)
    }
    if (filename !== undefined && name === 'evidence') evidenceName = filename
    if (filename === undefined && name === 'kind') kind = text.trim()
    return undefined
  }
  try {
    await unstable_parseMultipartFormData(request, keepKind)
  } catch (error) {
    // The backend answers for the body; a copy that cannot be read only loses the echo.
    console.error(`Could not read the Bumiputera declaration's fields: ${String(error)}`)
  }
  return { kind, evidenceName }
}
