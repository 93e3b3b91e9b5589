import { fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import {
  AdminContext,
  DataTable,
  List,
  defaultI18nProvider,
  memoryStore,
  testDataProvider,
  type DataProvider,
} from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { theme } from '../theme'
import { ListTable } from './ListTable'
import { ListPager, PlainList } from './PlainList'

const records = [
  { id: 1, name: 'First' },
  { id: 2, name: 'Second' },
]

const dataProvider = (pending = false): DataProvider =>
  testDataProvider({
    getList: (() =>
      pending ? new Promise(() => {}) : Promise.resolve({ data: records, total: 30 })) as DataProvider['getList'],
  })

const props = { resource: 'things', title: 'Things', perPage: 25, exporter: false as const }
const table = (
  <DataTable bulkActionButtons={false} rowClick={false}>
    <DataTable.Col source="name" />
  </DataTable>
)

function renderPage(list: ReactNode, provider: DataProvider) {
  return render(
    <MemoryRouter>
      <AdminContext dataProvider={provider} i18nProvider={defaultI18nProvider} store={memoryStore()} theme={theme}>
        {list}
      </AdminContext>
    </MemoryRouter>
  )
}

/** The page's markup, the ids React generates aside. */
const markup = (container: HTMLElement) => container.innerHTML.replace(/:r\w+:/g, ':id:')

describe('PlainList', () => {
  it("renders the page react-admin's List renders for a list without filters, actions or empty page", async () => {
    const list = renderPage(
      <List {...props} empty={false} pagination={<ListPager />}>
        {table}
      </List>,
      dataProvider()
    )
    await screen.findByText('Second')
    const expected = markup(list.container)
    list.unmount()

    const plain = renderPage(<PlainList {...props}>{table}</PlainList>, dataProvider())
    await screen.findByText('Second')
    expect(markup(plain.container)).toBe(expected)
    expect(screen.getByText('1-25 of 30')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Go to previous page' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }))
    await screen.findByText('26-30 of 30')
    expect((screen.getByRole('button', { name: 'Go to next page' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('renders the same while the first page loads', async () => {
    const list = renderPage(
      <List {...props} empty={false} pagination={<ListPager />}>
        {table}
      </List>,
      dataProvider(true)
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    const expected = markup(list.container)
    list.unmount()

    const plain = renderPage(<PlainList {...props}>{table}</PlainList>, dataProvider(true))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(markup(plain.container)).toBe(expected)
  })
})

describe('ListTable', () => {
  /** The markup, without the style sheets' generated class names. */
  const unstyled = (container: HTMLElement) => markup(container).replace(/ ?css-[\w-]+/g, '')

  it("renders react-admin's DataTable for a table without bulk actions or row click", async () => {
    const sortable = (
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col label="Label" render={(record: { name: string }) => record.name.toUpperCase()} />
        <DataTable.Col source="name" label="Name" render={(record: { name: string }) => record.name} />
      </DataTable>
    )
    const list = renderPage(<PlainList {...props}>{sortable}</PlainList>, dataProvider())
    await screen.findByText('Second')
    const expected = unstyled(list.container)
    list.unmount()

    const plain = renderPage(
      <PlainList {...props}>
        <ListTable<{ id: number; name: string }>
          empty={null}
          columns={[
            { label: 'Label', render: (record) => record.name.toUpperCase() },
            { source: 'name', label: 'Name', render: (record) => record.name },
          ]}
        />
      </PlainList>,
      dataProvider()
    )
    await screen.findByText('Second')
    expect(unstyled(plain.container)).toBe(expected)
  })
})
