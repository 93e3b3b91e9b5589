import { readFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { openBrowser } from './browser.ts'
import { AGENT_ADMIN, Api, SUPER_ADMIN, openBackoffice, signInBrowser, unique } from './backoffice-admin-support.ts'

const baseURL = inject('baseURL')

describe('the super admin manages agencies, agent admins and lots in the backoffice', () => {
  let session: Awaited<ReturnType<typeof openBrowser>>

  beforeEach(async () => {
    session = await openBrowser()
  })

  afterEach(async () => {
    await session.close()
  })

  it('lands on the dashboard with the admin sidebar and the overview counts', async () => {
    const { page, context } = session
    await signInBrowser(context, baseURL, SUPER_ADMIN)
    await openBackoffice(page, baseURL, '/')

    await page.getByText('Welcome, Nurul Huda Aziz').waitFor()
    const overview = page.getByRole('region', { name: 'Overview' })
    for (const label of ['Total Agencies', 'Total Users', 'Agent Admins', 'Booking Requests']) {
      await overview.getByText(label, { exact: true }).waitFor()
    }
    const menu = await page.getByRole('menuitem').allTextContents()
    expect(menu).toEqual([
      'Dashboard',
      'Agencies',
      'Agent Admins',
      'Lots',
      'Booking Approvals',
      'All Bookings',
      'Users',
      'Contact Messages',
      'Audit Trail',
      'Document Access',
      'Deletion Requests',
      'Breach Register',
      'Data Protection Officer',
      'Failed Jobs',
      'Outbox',
      'Packages',
      'Release Batches',
      'Booking Fees',
      'Privacy Notice',
      'My Profile',
    ])

    // The quick views live on the dashboard's tabs.
    await page.getByRole('tab', { name: 'Booking Requests' }).click()
    await page.getByRole('region', { name: 'Pending Booking Requests' }).waitFor()
    expect(page.url()).toContain('tab=booking-requests')

    // The storefront's old admin paths lead here.
    await page.goto(`${baseURL}/admin-dashboard`)
    await page.waitForURL(/\/backoffice\/?$/)
    await page.getByText('Welcome, Nurul Huda Aziz').waitFor()
  })

  it('creates an agency, edits it and opens its details', async () => {
    const { page, context } = session
    await signInBrowser(context, baseURL, SUPER_ADMIN)
    await openBackoffice(page, baseURL, '/admin/agencies')
    const name = `Journey Realty ${unique()}`

    await page.getByRole('button', { name: 'Create Agency' }).click()
    const dialog = page.getByRole('dialog', { name: 'Create Agency' })
    await dialog.getByRole('button', { name: 'Create Agency' }).click()
    await dialog.getByText('Agency name is required').waitFor()
    await dialog.getByLabel('Agency Name').fill(name)
    await dialog.getByLabel('Contact Email').fill('not-an-email')
    await dialog.getByRole('button', { name: 'Create Agency' }).click()
    await dialog.getByText('Contact email must be a valid email address').waitFor()
    await dialog.getByLabel('Contact Email').fill('hello@journey-realty.example.my')
    await dialog.getByLabel('Contact Phone').fill('+60 3-1234 5678')
    await dialog.getByRole('button', { name: 'Create Agency' }).click()
    await page.getByText(`Agency ${name} created successfully`).waitFor()
    await dialog.waitFor({ state: 'detached' })

    await page.getByPlaceholder('Search agencies').fill(name)
    // The search reaches the URL once the list has asked for it.
    await page.waitForURL(/filter=.*Journey/)
    const row = page.getByRole('row', { name: new RegExp(name) })
    await row.waitFor()
    await row.getByRole('button', { name: 'Edit' }).click()
    const editDialog = page.getByRole('dialog', { name: 'Edit Agency' })
    await editDialog.getByLabel('Address').fill('1, Jalan Journey, 71800 Nilai')
    expect(await editDialog.getByLabel('Agency Name').inputValue()).toBe(name)
    expect(await editDialog.getByLabel('Address').inputValue()).toBe('1, Jalan Journey, 71800 Nilai')
    await editDialog.getByRole('button', { name: 'Save Changes' }).click()
    await page.getByText('Agency updated successfully').waitFor()

    await row.getByRole('link', { name: 'View' }).click()
    await page.getByRole('heading', { name, exact: true }).waitFor()
    await page.getByText('Address: 1, Jalan Journey, 71800 Nilai').waitFor()
    await page.getByText('No agent admins assigned.').waitFor()
    await page.getByRole('link', { name: 'Back to Dashboard' }).waitFor()

    await page.goto(`${baseURL}/backoffice/admin/agencies/999999`)
    await page.getByText('Agency not found').waitFor()
  })

  it('assigns a freshly registered user as agent admin, then removes them', async () => {
    const { page, context } = session
    const admin = await Api.signIn(baseURL, SUPER_ADMIN)
    const agency = await admin.call<{ id: number; name: string }>('POST', '/api/agencies', {
      name: `Assign Journey Agency ${unique()}`,
      contactEmail: 'assign@journey.example.my',
    })
    const person = await Api.register(baseURL, `Agent Candidate ${unique()}`, `candidate.${unique()}@example.my`)

    await signInBrowser(context, baseURL, SUPER_ADMIN)
    await openBackoffice(page, baseURL, '/admin/agent-admins')
    await page.getByRole('button', { name: 'Assign Agent Admin' }).click()
    const dialog = page.getByRole('dialog', { name: 'Assign Agent Admin' })
    await dialog.getByRole('button', { name: 'Assign', exact: true }).click()
    await dialog.getByText('Please select both an agency and a user').waitFor()

    await dialog.getByLabel('Agency').fill(agency.name)
    await page.getByRole('option', { name: agency.name }).click()
    await dialog.getByLabel('User').fill(person.name)
    await page.getByRole('option', { name: `${person.name} (${person.email})` }).click()
    await dialog.getByRole('button', { name: 'Assign', exact: true }).click()
    await page.getByText('Agent admin assigned successfully').waitFor()

    const row = page.getByRole('row', { name: new RegExp(person.name) })
    await row.getByText(agency.name).waitFor()
    const people = await admin.call<Array<{ id: number; role: string }>>('GET', `/api/agencies/${agency.id}/users`)
    expect(people).toEqual([expect.objectContaining({ id: person.id, role: 'agent_admin' })])

    await row.getByRole('button', { name: 'Remove' }).click()
    await page.getByRole('dialog', { name: 'Remove Agent Admin' }).getByRole('button', { name: 'Remove' }).click()
    await page.getByText('Agent admin removed successfully').waitFor()
    await row.waitFor({ state: 'detached' })
    expect(await admin.call('GET', `/api/agencies/${agency.id}/users`)).toEqual([])
  })

  it('creates users, finds them by search and role, and deletes one; another super admin cannot be deleted', async () => {
    const { page, context } = session
    const suffix = unique()
    await signInBrowser(context, baseURL, SUPER_ADMIN)
    await openBackoffice(page, baseURL, '/admin/users')
    await page.getByRole('region', { name: 'User statistics' }).getByText('Total Users').waitFor()

    for (const [name, role] of [
      [`Journey Member ${suffix}`, 'User'],
      [`Journey Chief ${suffix}`, 'Super Admin'],
    ] as const) {
      await page.getByRole('link', { name: 'Create User' }).click()
      await page.getByRole('button', { name: 'Save' }).click()
      await page.getByText('Name, email and password are required fields').first().waitFor()
      await page.getByLabel('Name', { exact: true }).fill(name)
      await page.getByLabel('Email').fill(`${name.toLowerCase().replace(/\s+/g, '.')}@example.my`)
      await page.getByLabel('Password', { exact: true }).fill('Secret#123')
      await page.getByLabel('Role').click()
      await page.getByRole('option', { name: role, exact: true }).click()
      await page.getByRole('button', { name: 'Save' }).click()
      await page.getByText(`User ${name} created successfully`).waitFor()
      await page.waitForURL(/\/backoffice\/admin\/users(\?.*)?$/)
    }

    await page.getByPlaceholder('Search by name or email').fill(suffix)
    await page.getByRole('row', { name: new RegExp(`Journey Chief ${suffix}`) }).waitFor()
    await page.getByRole('row', { name: new RegExp(`Journey Member ${suffix}`) }).waitFor()

    // A super admin cannot be deleted by another super admin: the list does not offer it (the backend refuses it too).
    const chief = page.getByRole('row', { name: new RegExp(`Journey Chief ${suffix}`) })
    await chief.getByText('Super Admin').waitFor()
    expect(await chief.getByRole('button', { name: 'Delete' }).count()).toBe(0)

    const member = page.getByRole('row', { name: new RegExp(`Journey Member ${suffix}`) })
    await member.getByRole('button', { name: 'Delete' }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete User' })
    await confirm.getByText('Are you sure you want to delete this user? This action cannot be undone.').waitFor()
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await page.getByText('User deleted successfully').waitFor()
    await member.waitFor({ state: 'detached' })
  })

  it('creates a lot for real, changes its status, and imports lots from a CSV with a row report', async () => {
    const { page, context } = session
    const admin = await Api.signIn(baseURL, SUPER_ADMIN)
    const developments = await admin.call<Array<{ id: number; slug: string; name: string }>>('GET', '/api/properties')
    // Kampar, not the hub: the hub's 24 lots stay as other journeys know them.
    const kampar = developments.find((development) => development.slug === 'mahkota-kampar')!
    const lotNumber = `K-${unique()}`

    await signInBrowser(context, baseURL, SUPER_ADMIN)
    await openBackoffice(page, baseURL, '/admin/lots')
    await page.getByRole('link', { name: 'Add Lot' }).click()
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Lot number is required').waitFor()

    await page.getByLabel('Property').click()
    await page.getByRole('option', { name: kampar.name }).click()
    await page.getByLabel('Lot Number').fill(lotNumber)
    // Type is a closed list (the backend accepts only its values).
    await page.getByLabel(/^Type\W*$/).click()
    await page.getByRole('option', { name: 'Warehouse', exact: true }).click()
    await page.getByLabel('Price (RM)').fill('750000')
    await page.getByLabel('Land Area (sqft)').fill('3000')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Lot created successfully.').waitFor()
    await page.waitForURL(/\/backoffice\/admin\/lots(\?.*)?$/)

    await page.getByPlaceholder('Search unit, lot or title').fill(lotNumber)
    const row = page.getByRole('row', { name: new RegExp(lotNumber) })
    await row.getByText('RM 750,000').waitFor()
    await row.getByText('278.71 sqm (3,000 sqft)').waitFor()
    const [created] = await admin.call<Array<{ id: number; propertyId: number; status: string; price: number }>>(
      'GET',
      `/api/lots?filter=${encodeURIComponent(JSON.stringify({ q: lotNumber }))}`
    )
    expect(created).toMatchObject({ propertyId: kampar.id, status: 'available', price: 750000 })

    await row.getByLabel(/^Status of lot/).click()
    await page.getByRole('option', { name: 'Reserved' }).click()
    await page.getByText('Lot updated successfully.').waitFor()
    await row.getByText('Reserved', { exact: true }).first().waitFor()
    expect((await admin.call<{ status: string }>('GET', `/api/lots/${created.id}`)).status).toBe('reserved')

    // The CSV import: previewed first; a file with a bad row cannot be applied, and shows the row's messages.
    await page.getByRole('button', { name: 'Import CSV' }).click()
    const dialog = page.getByRole('dialog', { name: 'Import Lots from CSV' })
    const header = 'lotNumber,unitNumber,type,typeCode,status,price,landSize,builtUpArea,title,phase,propertyId'
    const good = `${lotNumber}-A,,INTERMEDIATE (B),B,available,"468,000",186,242,Kampar ${lotNumber}-A,1,${kampar.id}`
    const bad = `${lotNumber}-B,,,B,available,lots,186,242,,1,${kampar.id}`
    await dialog.getByLabel('CSV file').setInputFiles({
      name: 'lots.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([header, good, bad].join('\n')),
    })
    await dialog.getByRole('button', { name: 'Preview', exact: true }).click()
    await dialog.getByText(/1 row has errors: fix the file and choose it again\./).waitFor()
    expect(await dialog.getByRole('button', { name: 'Apply changes' }).count()).toBe(0)
    const report = dialog.getByRole('table', { name: 'Preview of the import' })
    await report.getByRole('cell', { name: '3', exact: true }).waitFor()
    await report.getByText('type: Type is required').waitFor()
    await report.getByText('price: Price must be a number').waitFor()

    const fixed = bad.replace(',,,B,available,lots,', ',,END LOT (C),C,available,538000,')
    await dialog.getByLabel('CSV file').setInputFiles({
      name: 'lots.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([header, good, fixed].join('\n')),
    })
    await dialog.getByRole('button', { name: 'Preview', exact: true }).click()
    await dialog.getByText(/Applying will create 2 lots/).waitFor()
    await dialog.getByRole('button', { name: 'Apply changes' }).click()
    await dialog.getByText('Import complete: 2 lots created, 0 updated, 0 unchanged.').waitFor()
    await dialog.getByRole('button', { name: 'Close' }).click()
    const imported = await admin.call<Array<{ lotNumber: string; price: number }>>(
      'GET',
      `/api/lots?filter=${encodeURIComponent(JSON.stringify({ q: `${lotNumber}-` }))}&sort=${encodeURIComponent('["lotNumber","ASC"]')}`
    )
    expect(imported.map((lot) => [lot.lotNumber, lot.price])).toEqual([
      [`${lotNumber}-A`, 468000],
      [`${lotNumber}-B`, 538000],
    ])

    // Export: the backend writes the list as filtered, in the columns its import reads.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('lots.csv')
    const csv = readFileSync((await download.path())!, 'utf8')
    expect(csv.split('\r\n')[0]).toBe(
      'Unit Number,Lot Number,Title,Type,Type Code,Phase,Land Area (sqm),Built-up Area (sqm),Size (sqm),Price (RM),SPA Price,Status,Name,Property Type,Category,Location,Address,Note,Description,Kind,Property ID,Bumiputera Lot,Bumiputera Release Date,Bumiputera Release Authority,Bumiputera Release Reference,Released'
    )
    expect(csv).toContain(`,${lotNumber},`)

    // The exported file imports back as it is: nothing to change.
    await page.getByRole('button', { name: 'Import CSV' }).click()
    await dialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'lots.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    await dialog.getByRole('button', { name: 'Preview', exact: true }).click()
    await dialog.getByText(/Every row matches the lots on record: there is nothing to change\./).waitFor()
    await dialog.getByRole('button', { name: 'Close' }).click()
  })
})

describe('an agent admin cannot reach the super admin screens', () => {
  let session: Awaited<ReturnType<typeof openBrowser>>

  beforeEach(async () => {
    session = await openBrowser()
  })

  afterEach(async () => {
    await session.close()
  })

  it('gets access denied on every admin page, no admin links, and 403 from the API', async () => {
    const { page, context } = session
    await signInBrowser(context, baseURL, AGENT_ADMIN)
    await openBackoffice(page, baseURL, '/')
    await page.getByText('Welcome, Farid Hassan').waitFor()
    const menu = await page.getByRole('menuitem').allTextContents()
    for (const label of ['Agencies', 'Agent Admins', 'Lots', 'Booking Approvals', 'All Bookings', 'Users']) {
      expect(menu).not.toContain(label)
    }

    for (const path of [
      '/admin/users',
      '/admin/agencies',
      '/admin/agencies/1',
      '/admin/agent-admins',
      '/admin/lots',
      '/admin/bookings',
      '/admin/all-bookings',
    ]) {
      await openBackoffice(page, baseURL, path)
      await page.getByText('Access denied. Admin privileges required.').waitFor()
    }

    const agent = await Api.signIn(baseURL, AGENT_ADMIN)
    for (const path of [
      '/api/dashboard/admin',
      '/api/users/stats',
      '/api/bookings/admin',
      '/api/contact-messages',
      '/api/agencies/1/agent-admins/1',
    ]) {
      const method = path.endsWith('/agent-admins/1') ? 'DELETE' : 'GET'
      expect({ path, status: (await agent.send(method, path)).status }).toEqual({ path, status: 403 })
    }
    const forbiddenWrites = [
      agent.send('POST', '/api/agencies', { name: 'Not mine', contactEmail: 'x@example.my' }),
      agent.send('PUT', '/api/bookings/1/status-update', { status: 'approved' }),
      agent.send('POST', '/api/lots', { lotNumber: 'X', type: 'Factory', status: 'available' }),
    ]
    for (const response of await Promise.all(forbiddenWrites)) expect(response.status).toBe(403)
  })
})
