import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { BookingDocumentsSection, deletionText } from './BookingDocumentsSection'
import type { BookingDocument } from '../types'

const document = (overrides: Partial<BookingDocument>): BookingDocument => ({
  id: 1,
  documentType: 'ic_front',
  documentName: 'front.jpg',
  mimeType: 'image/jpeg',
  size: 10,
  documentUrl: '/api/uploads/documents/4/1',
  downloadUrl: '/api/uploads/documents/4/1?download=1',
  createdAt: null,
  ...overrides,
})

describe('BookingDocumentsSection: deleted documents (docs/privacy.md, "Retention")', () => {
  it('says when and by which rule a document was deleted, instead of its links', () => {
    render(
      <BookingDocumentsSection
        documents={[
          document({
            id: 1,
            documentUrl: null,
            downloadUrl: null,
            deletedAt: '2026-03-10T02:00:00.000Z',
            deletionRule: 'retention: ended without a sale',
          }),
          document({ id: 2, documentType: 'ic_back', documentName: 'back.jpg' }),
        ]}
      />
    )
    expect(screen.getByText(/^Deleted on .*2026 \(retention: ended without a sale\)$/)).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'View IC front' })).toBeNull()
    expect(screen.queryByRole('img', { name: 'IC front preview' })).toBeNull()
    expect(screen.getByRole('link', { name: 'View IC back' }).getAttribute('href')).toBe('/api/uploads/documents/4/1')
  })

  it('draws the thumbnail from the preview address; View and Download are the document itself', () => {
    render(<BookingDocumentsSection documents={[document({})]} />)
    expect(screen.getByRole('img', { name: 'IC front preview' }).getAttribute('src')).toBe(
      '/api/uploads/documents/4/1?preview=1'
    )
    expect(screen.getByRole('link', { name: 'View IC front' }).getAttribute('href')).toBe('/api/uploads/documents/4/1')
    expect(screen.getByRole('link', { name: 'Download IC front' }).getAttribute('href')).toBe(
      '/api/uploads/documents/4/1?download=1'
    )
  })

  it('words the deletion from the date and the rule', () => {
    expect(deletionText({ deletedAt: null, deletionRule: null })).toBeNull()
    expect(deletionText({ deletedAt: '2026-03-10T02:00:00.000Z', deletionRule: 'retention: sold' })).toMatch(
      /^Deleted on .+ \(retention: sold\)$/
    )
  })
})
