import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { onPhone } from '../test/phone'
import { RecordTable } from './RecordTable'

interface Request {
  id: number
  name: string
  email: string
  status: string
}

const REQUESTS: Request[] = [
  { id: 1, name: 'Pat', email: 'pat@example.my', status: 'Pending' },
  { id: 2, name: 'Amy', email: 'amy@example.my', status: 'Approved' },
]

const renderTable = () =>
  render(
    <RecordTable
      label="Membership requests"
      records={REQUESTS}
      loading={false}
      failureText="Failed to load"
      emptyText="None yet."
      columns={[
        { header: 'Name', cell: (request) => request.name },
        { header: 'Email', cell: (request) => request.email },
        { header: 'Status', cell: (request) => request.status },
        { header: 'Actions', cell: (request) => <button type="button">Approve {request.name}</button> },
      ]}
      card={{
        primary: (request) => request.name,
        secondary: (request) => [request.email],
        tertiary: (request) => request.status,
        actions: (request) => <button type="button">Approve {request.name}</button>,
      }}
    />
  )

describe('RecordTable', () => {
  it('is a table from the sm breakpoint up', () => {
    renderTable()

    const table = screen.getByRole('table', { name: 'Membership requests' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent)
    ).toEqual(['Name', 'Email', 'Status', 'Actions'])
    expect(screen.queryByRole('list')).toBeNull()
  })

  it('is a card per record on a phone, each with its facts, status and actions', () => {
    onPhone()
    renderTable()

    expect(screen.queryByRole('table')).toBeNull()
    const cards = within(screen.getByRole('list', { name: 'Membership requests' })).getAllByRole('listitem')
    expect(cards).toHaveLength(2)
    expect(within(cards[0]!).getByText('Pat')).toBeTruthy()
    expect(within(cards[0]!).getByText('pat@example.my')).toBeTruthy()
    expect(within(cards[0]!).getByText('Pending')).toBeTruthy()
    expect(within(cards[1]!).getByRole('button', { name: 'Approve Amy' })).toBeTruthy()
  })
})
