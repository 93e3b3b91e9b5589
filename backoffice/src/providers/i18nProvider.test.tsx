import { fireEvent, render, screen, within } from '@testing-library/react'
import {
  AdminContext,
  DeleteButton,
  Notification,
  RecordContextProvider,
  ResourceContextProvider,
  ResourceDefinitionContextProvider,
  memoryStore,
  type DataProvider,
  type RaRecord,
  type ResourceDefinition as RaResourceDefinition,
} from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import { pluginMessages } from '../composition'
import { plugins } from '../plugins'
import { backofficeMessages, createI18nProvider } from './i18nProvider'

const messages = backofficeMessages(pluginMessages(plugins))
const i18nProvider = createI18nProvider(messages)
const resources = plugins.flatMap((plugin) => plugin.resources)
const resourceTexts = messages.resources as Record<string, { name: string }>

/** Every text under `ra.notification`, `ra.message` and `resources`, flattened. */
function texts(tree: unknown): string[] {
  if (typeof tree === 'string') return [tree]
  if (tree && typeof tree === 'object') return Object.values(tree).flatMap(texts)
  return []
}

describe('the backoffice i18n messages', () => {
  it('names every resource in business words, singular and plural, never by its path', () => {
    expect(resources.length).toBeGreaterThan(0)
    for (const { name } of resources) {
      const text = resourceTexts[name]
      expect(text, name).toBeDefined()
      const [singular, plural] = text.name.split('||||').map((part) => part.trim())
      expect(singular, name).toMatch(/^[A-Z][A-Za-z ]+$/)
      expect(plural, name).toMatch(/^[A-Z][A-Za-z ]+$/)
      for (const key of ['name', 'forcedCaseName']) {
        expect(i18nProvider.translate(`resources.${name}.${key}`, { smart_count: 1 })).toBe(singular)
        expect(i18nProvider.translate(`resources.${name}.${key}`, { smart_count: 0 })).toBe(plural)
      }
    }
    expect(texts(messages.resources).filter((text) => text.includes('/'))).toEqual([])
  })

  it('gives every resource a record representation', () => {
    for (const resource of resources) expect(resource.recordRepresentation, resource.name).toBeDefined()
  })

  it("replaces react-admin's internal wording in its notices", () => {
    const notices = texts(messages.ra.notification)
    expect(notices.filter((text) => /element|dataProvider|console/i.test(text))).toEqual([])
    expect(i18nProvider.translate('ra.notification.deleted', { smart_count: 1 })).toBe('Deleted successfully')
    expect(i18nProvider.translate('resources.admin/lots.notifications.deleted', { smart_count: 1 })).toBe(
      'Lot deleted successfully.'
    )
  })

  it('passes a screen’s own text through as written', () => {
    expect(i18nProvider.translate('Lot created successfully.', { _: 'Lot created successfully.' })).toBe(
      'Lot created successfully.'
    )
  })
})

/** A sample record of each resource, and the delete dialog title it must get. */
const SAMPLES: Record<string, { record: RaRecord; title: string }> = {
  'admin/lots': { record: { id: 25, unitNumber: 'MKS-25', lotNumber: '25' }, title: 'Delete Lot MKS-25' },
  'admin/users': { record: { id: 3, name: 'Daniel Tan' }, title: 'Delete User Daniel Tan' },
  'admin/agencies': { record: { id: 2, name: 'Nilai Prime Realty' }, title: 'Delete Agency Nilai Prime Realty' },
  'admin/agent-admins': { record: { id: 4, name: 'Farid Hassan' }, title: 'Delete Agent Admin Farid Hassan' },
  'admin/bookings': { record: { id: 42, unitNumber: 'MKS-18', lotNumber: '18' }, title: 'Delete Booking #42 (MKS-18)' },
  'admin/all-bookings': {
    record: { id: 42, unitNumber: 'MKS-18', lotNumber: '18' },
    title: 'Delete Booking #42 (MKS-18)',
  },
  'agent/booking-requests': {
    record: { id: 7, unitNumber: null, lotNumber: '9' },
    title: 'Delete Booking Request #7 (Lot 9)',
  },
  'admin/contact-messages': {
    record: { id: 5, name: 'Aisyah Rahman' },
    title: 'Delete Contact Message from Aisyah Rahman',
  },
  // No screen deletes an audit entry (nor does the API); the sample checks how one is named.
  'admin/audit-entries': {
    record: { id: 12, action: 'lot.updated' },
    title: 'Delete Audit Entry #12, Lot edited',
  },
  // Nor do these screens delete: the samples check their names.
  'admin/document-accesses': { record: { id: 9 }, title: 'Delete Document Access Access #9' },
  'admin/account-deletion-requests': { record: { id: 3 }, title: 'Delete Deletion Request Deletion request #3' },
  'admin/data-breaches': { record: { id: 4 }, title: 'Delete Breach Breach #4' },
  'admin/data-breach-notices': { record: { id: 5 }, title: 'Delete Breach Notice Notice #5' },
  'admin/data-protection-officer': {
    record: { id: 1 },
    title: 'Delete Data Protection Officer Data Protection Officer',
  },
  'admin/failed-jobs': {
    record: { id: 'job-4', name: 'SendMail', summary: 'To aina@example.my: Booking approved' },
    title: 'Delete Failed Job To aina@example.my: Booking approved',
  },
  'admin/outbox': {
    record: { id: 5, subject: 'Booking approved', to: 'aina@example.my' },
    title: 'Delete Outbox Email Booking approved (aina@example.my)',
  },
  // Packages are retired, not deleted; the sample checks how one is named.
  'admin/packages': { record: { id: 8, name: 'Early bird -5%' }, title: 'Delete Package Early bird -5%' },
  'agent/waitlist': {
    record: { id: 6, lot: { id: 25, unitNumber: 'MKS-25', lotNumber: '25' } },
    title: 'Delete Waitlist Entry MKS-25 · Lot 25',
  },
}

const definitions = Object.fromEntries(
  resources.map(({ name, recordRepresentation }) => [
    name,
    { name, recordRepresentation } satisfies RaResourceDefinition,
  ])
)

function renderDeleteButton(resource: string, record: RaRecord, dataProvider: Partial<DataProvider> = {}) {
  return render(
    <MemoryRouter>
      <AdminContext dataProvider={dataProvider as DataProvider} i18nProvider={i18nProvider} store={memoryStore()}>
        <ResourceDefinitionContextProvider definitions={definitions}>
          <ResourceContextProvider value={resource}>
            <RecordContextProvider value={record}>
              <DeleteButton mutationMode="pessimistic" redirect={false} />
            </RecordContextProvider>
          </ResourceContextProvider>
        </ResourceDefinitionContextProvider>
        <Notification />
      </AdminContext>
    </MemoryRouter>
  )
}

describe('the delete confirmation of every resource', () => {
  it('has a sample for every resource', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(resources.map((resource) => resource.name).sort())
  })

  it.each(Object.entries(SAMPLES))('%s: the title reads in business words', async (resource, { record, title }) => {
    renderDeleteButton(resource, record)
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByRole('heading').textContent).toBe(title)
  })

  it('a deleted lot is announced as one, not as an element', async () => {
    const deleteLot = vi.fn(async () => ({ data: SAMPLES['admin/lots'].record }))
    renderDeleteButton('admin/lots', SAMPLES['admin/lots'].record, { delete: deleteLot } as Partial<DataProvider>)
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('Lot deleted successfully.')).toBeTruthy()
    expect(deleteLot).toHaveBeenCalledWith('admin/lots', expect.objectContaining({ id: 25 }))
    expect(screen.queryByText(/element/i)).toBeNull()
  })
})
