import type LotReleaseDocument from '#documents/models/lot_release_document'

export type LotReleaseDocumentResource = {
  id: number
  lotId: number
  name: string
  mimeType: string
  size: number
  createdAt: string | null
  url: string
  downloadUrl: string
}

/** A quota lot's release approval: what the file is and where super admins read it. */
export function serializeLotReleaseDocument(document: LotReleaseDocument): LotReleaseDocumentResource {
  const url = `/api/lots/${document.lotId}/bumiputera/approval-document`
  return {
    id: document.id,
    lotId: document.lotId,
    name: document.originalName,
    mimeType: document.mimeType,
    size: document.sizeBytes,
    createdAt: document.createdAt.toUTC().toISO(),
    url,
    downloadUrl: `${url}?download=1`,
  }
}
