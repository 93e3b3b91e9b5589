import { fireEvent, render, screen, within } from '@testing-library/react'
import { RouterProvider, createMemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { BumiputeraCard } from '~/components/account/bumiputera-card'
import type { BumiputeraFormResult } from '~/components/account/bumiputera-card'
import { BUMIPUTERA_TEXTS, bumiputeraOf } from '~/utils/bumiputera'
import type { BumiputeraRecord } from '~/utils/bumiputera'

function renderCard(record: BumiputeraRecord, result: BumiputeraFormResult | null = null) {
  const router = createMemoryRouter(
    [{ path: '/profile', element: <BumiputeraCard view={bumiputeraOf(record)} result={result} /> }],
    { initialEntries: ['/profile'] }
  )
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
  return screen.getByRole('article', { name: 'Bumiputera status' })
}

const valueOf = (card: HTMLElement, term: string) =>
  within(card).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent

describe('BumiputeraCard', () => {
  it('offers a member without a status the declaration: one multipart form, individual or company, with evidence', () => {
    const card = renderCard({ bumiputeraStatus: 'none' })
    expect(valueOf(card, 'Status')).toBe('Not declared')
    const form = card.querySelector('form')!
    expect(form.getAttribute('method')).toBe('post')
    expect(form.getAttribute('enctype')).toBe('multipart/form-data')
    const kinds = within(card).getAllByRole('radio')
    expect(kinds.map((radio) => [(radio as HTMLInputElement).name, (radio as HTMLInputElement).value])).toEqual([
      ['kind', 'individual'],
      ['kind', 'company'],
    ])
    const evidence = within(card).getByLabelText(BUMIPUTERA_TEXTS.evidenceLabel) as HTMLInputElement
    expect(evidence.type).toBe('file')
    expect(evidence.name).toBe('evidence')
    expect(within(card).getByRole('button', { name: BUMIPUTERA_TEXTS.submit })).toBeTruthy()
  })

  it('shows a declaration waiting for staff, and no second form', () => {
    const card = renderCard({ bumiputeraStatus: 'declared', bumiputeraKind: 'individual' })
    expect(valueOf(card, 'Status')).toBe('Declared, awaiting verification')
    expect(valueOf(card, 'Declared as')).toBe('Individual')
    expect(within(card).getByRole('status').textContent).toBe(BUMIPUTERA_TEXTS.declared)
    expect(card.querySelector('form')).toBeNull()
  })

  it('shows who verified the status and when', () => {
    const card = renderCard({
      bumiputeraStatus: 'verified',
      bumiputeraKind: 'company',
      bumiputeraVerifiedAt: '2026-03-05T02:00:00.000Z',
      bumiputeraVerifiedBy: { name: 'Aisyah Rahman' },
    })
    expect(valueOf(card, 'Status')).toBe('Verified')
    expect(valueOf(card, 'Decision')).toBe('Verified by Aisyah Rahman on Mar 05, 2026')
    expect(card.querySelector('form')).toBeNull()
  })

  it('lets a member whose declaration was rejected declare again', () => {
    const card = renderCard({
      bumiputeraStatus: 'rejected',
      bumiputeraVerifiedAt: '2026-03-06T02:00:00.000Z',
      bumiputeraVerifiedByName: 'Farid Hassan',
    })
    expect(valueOf(card, 'Decision')).toBe('Rejected by Farid Hassan on Mar 06, 2026')
    expect(within(card).getByRole('button', { name: BUMIPUTERA_TEXTS.submit })).toBeTruthy()
  })

  it("shows the backend's refusal: each field's beside it, the kind chosen kept, the file named again", () => {
    const card = renderCard(
      { bumiputeraStatus: 'none' },
      {
        intent: 'bumiputera',
        message: null,
        fieldErrors: {
          kind: 'Choose individual or company.',
          evidence: 'The evidence must be a PDF, JPG or PNG file.',
        },
        kind: 'company',
        evidenceName: 'certificate.gif',
      }
    )
    expect(within(card).getByText('Choose individual or company.')).toBeTruthy()
    const evidence = within(card).getByLabelText(BUMIPUTERA_TEXTS.evidenceLabel)
    expect(evidence.getAttribute('aria-invalid')).toBe('true')
    expect(within(card).getByText('The evidence must be a PDF, JPG or PNG file.')).toBeTruthy()
    expect((within(card).getByRole('radio', { name: 'Company' }) as HTMLInputElement).checked).toBe(true)
    expect(card.textContent).toContain('certificate.gif')
  })

  it("shows a refusal without field errors in the backend's words", () => {
    const card = renderCard(
      { bumiputeraStatus: 'rejected' },
      {
        intent: 'bumiputera',
        message: 'Your Bumiputera status is already verified.',
        fieldErrors: {},
        kind: '',
        evidenceName: '',
      }
    )
    expect(within(card).getByRole('alert').textContent).toBe('Your Bumiputera status is already verified.')
  })

  it('says what is missing before anything is sent, as the backend would', () => {
    const card = renderCard({ bumiputeraStatus: 'none' })
    fireEvent.click(within(card).getByRole('button', { name: BUMIPUTERA_TEXTS.submit }))
    expect(within(card).getByText(BUMIPUTERA_TEXTS.kindRequired)).toBeTruthy()
    expect(within(card).getByText(BUMIPUTERA_TEXTS.evidenceRequired)).toBeTruthy()
    fireEvent.click(within(card).getByRole('radio', { name: 'Individual' }))
    expect(within(card).queryByText(BUMIPUTERA_TEXTS.kindRequired)).toBeNull()
  })
})
