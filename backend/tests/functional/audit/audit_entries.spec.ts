import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import { AuditEntry, type AuditSubjectType } from '#audit'
import type { Role } from '#core/roles'
import { sqlDateTime } from '#core/dates'
import { createAgency, createUser } from '#tests/helpers/identity'
import { send } from '#tests/helpers/agencies'

type Seed = {
  action?: string
  actorId?: number
  actorName?: string
  actorEmail?: string
  actorRole?: Role
  subjectType?: AuditSubjectType
  subjectId?: number
  subjectLabel?: string | null
  createdAt?: DateTime
}

/** An entry straight in the table, as the audit trail writes them. */
function seed(attributes: Seed = {}) {
  return AuditEntry.create({
    actorId: 1,
    actorName: 'Siti Admin',
    actorEmail: 'siti@aero-demo.my',
    actorRole: 'super_admin',
    action: 'lot.updated',
    subjectType: 'lot',
    subjectId: 1,
    subjectLabel: 'MKS-01 (lot 1)',
    before: { price: 450000 },
    after: { price: 460000 },
    ip: '203.0.113.7',
    ...attributes,
  })
}

const ids = (body: Array<{ id: number }>) => body.map((entry) => entry.id)

/** The export's rows, parsed (RFC 4180: quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      row.push(cell)
      cell = ''
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += char
  }
  return rows
}

async function staff() {
  const agency = await createAgency()
  return {
    superAdmin: await createUser({ role: 'super_admin' }),
    admin: await createUser({ role: 'admin' }),
    agentAdmin: await createUser({ role: 'agent_admin', agencyId: agency.id, agencyStatus: 'approved' }),
    member: await createUser({ agencyId: agency.id, agencyStatus: 'approved' }),
    user: await createUser(),
  }
}

test.group('Audit entries | who may read them', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('list, one entry and export: super admins 200, agent admins, members and users 403, signed out 401', async ({
    client,
    assert,
  }) => {
    const people = await staff()
    const entry = await seed()
    const paths = ['/api/audit-entries', `/api/audit-entries/${entry.id}`, '/api/audit-entries/export.csv']
    for (const path of paths) {
      for (const who of [people.superAdmin, people.admin]) {
        const response = await send(who, client.get(path))
        assert.equal(response.status(), 200, `${path} as ${who.role}`)
      }
      for (const who of [people.agentAdmin, people.member, people.user]) {
        const response = await send(who, client.get(path))
        assert.equal(response.status(), 403, `${path} as ${who.role}`)
        assert.deepEqual(response.body(), { message: 'You do not have permission to perform this action.' })
      }
      const anonymous = await client.get(path)
      assert.equal(anonymous.status(), 401, `${path} signed out`)
      assert.deepEqual(anonymous.body(), { message: 'Authentication required. Please log in.' })
    }
  })

  test('no route changes or deletes an entry; the model refuses to as well', async ({ client, assert }) => {
    const { superAdmin } = await staff()
    const entry = await seed({ subjectLabel: 'Original' })
    const writes = [
      client.post('/api/audit-entries').json({ action: 'lot.updated' }),
      client.put(`/api/audit-entries/${entry.id}`).json({ subjectLabel: 'Forged' }),
      client.patch(`/api/audit-entries/${entry.id}`).json({ subjectLabel: 'Forged' }),
      client.delete(`/api/audit-entries/${entry.id}`),
      client.delete('/api/audit-entries'),
    ]
    for (const request of writes) {
      const response = await send(superAdmin, request)
      assert.equal(response.status(), 404)
      assert.deepEqual(response.body(), { message: 'Not found' })
    }
    const stored = await AuditEntry.findOrFail(entry.id)
    assert.equal(stored.subjectLabel, 'Original')

    stored.subjectLabel = 'Forged'
    await assert.rejects(() => stored.save(), 'Audit entries cannot be changed or deleted.')
    await assert.rejects(() => stored.delete(), 'Audit entries cannot be changed or deleted.')
    assert.equal((await AuditEntry.findOrFail(entry.id)).subjectLabel, 'Original')
  })
})

test.group('Audit entries | the list', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('newest first, paged in the ra-data-simple-rest dialect, each entry with its before and after', async ({
    client,
    assert,
  }) => {
    const { superAdmin } = await staff()
    const old = await seed({ createdAt: DateTime.utc().minus({ days: 2 }) })
    const recent = await seed({ action: 'agency.created', subjectType: 'agency', subjectLabel: 'Nilai Realty' })

    const response = await send(superAdmin, client.get('/api/audit-entries').qs({ range: '[0,0]' }))
    response.assertStatus(200)
    assert.equal(response.header('content-range'), 'audit-entries 0-0/2')
    assert.include(response.header('access-control-expose-headers') ?? '', 'Content-Range')
    assert.include(response.header('cache-control') ?? '', 'no-store')
    assert.deepEqual(ids(response.body()), [recent.id])
    assert.containSubset(response.body()[0], {
      id: recent.id,
      _id: recent.id,
      actorName: 'Siti Admin',
      actorEmail: 'siti@aero-demo.my',
      actorRole: 'super_admin',
      action: 'agency.created',
      subjectType: 'agency',
      subjectLabel: 'Nilai Realty',
      before: { price: 450000 },
      after: { price: 460000 },
      ip: '203.0.113.7',
    })

    const oldestFirst = await send(
      superAdmin,
      client.get('/api/audit-entries').qs({ sort: '["createdAt","ASC"]', range: '[0,9]' })
    )
    assert.deepEqual(ids(oldestFirst.body()), [old.id, recent.id])

    const one = await send(superAdmin, client.get(`/api/audit-entries/${old.id}`))
    one.assertStatus(200)
    assert.equal(one.body().id, old.id)
    ;(await send(superAdmin, client.get('/api/audit-entries/999999'))).assertStatus(404)
  })

  test('filters by actor, action, subject, dates and free text, in SQL', async ({ client, assert }) => {
    const { superAdmin } = await staff()
    const now = DateTime.utc()
    const lotEdit = await seed({ actorId: 11, actorName: 'Aisyah', actorEmail: 'aisyah@aero-demo.my', createdAt: now })
    const agencyEdit = await seed({
      actorId: 12,
      actorName: 'Bala',
      actorEmail: 'bala@agency.my',
      actorRole: 'agent_admin',
      action: 'membership.approved',
      subjectType: 'membership_request',
      subjectId: 7,
      subjectLabel: 'Chong (chong@example.my) to join Nilai Realty',
      createdAt: now.minus({ days: 10 }),
    })
    const older = await seed({ subjectId: 2, subjectLabel: 'MKS-02 (lot 2)', createdAt: now.minus({ days: 40 }) })

    const list = async (filter: Record<string, unknown>) => {
      const response = await send(
        superAdmin,
        client.get('/api/audit-entries').qs({ filter: JSON.stringify(filter), range: '[0,99]' })
      )
      response.assertStatus(200)
      return ids(response.body()).sort((a, b) => a - b)
    }

    assert.deepEqual(await list({ actorId: 12 }), [agencyEdit.id])
    assert.deepEqual(await list({ actor: 'aisyah@' }), [lotEdit.id])
    assert.deepEqual(await list({ action: 'membership.approved' }), [agencyEdit.id])
    assert.deepEqual(await list({ subjectType: 'lot' }), [lotEdit.id, older.id])
    assert.deepEqual(await list({ subjectType: 'lot', subjectId: '2' }), [older.id])
    assert.deepEqual(await list({ from: now.minus({ days: 11 }).toISODate() }), [lotEdit.id, agencyEdit.id])
    assert.deepEqual(await list({ to: now.minus({ days: 5 }).toISO() }), [agencyEdit.id, older.id])
    assert.deepEqual(
      await list({ from: now.minus({ days: 41 }).toISODate(), to: now.minus({ days: 9 }).toISODate() }),
      [agencyEdit.id, older.id]
    )
    assert.deepEqual(await list({ q: 'Nilai' }), [agencyEdit.id])
    assert.deepEqual(await list({ q: 'MKS-02' }), [older.id])
    // A wildcard typed in the search is a character like any other.
    assert.deepEqual(await list({ q: '%' }), [])
    // Empty inputs of the filter form mean "any".
    assert.deepEqual(await list({ action: '', q: '' }), [lotEdit.id, agencyEdit.id, older.id])
  })

  test('a malformed filter or sort is a 422 naming the field', async ({ client, assert }) => {
    const { superAdmin } = await staff()
    const bad = [
      [{ filter: JSON.stringify({ subjectType: 'spaceship' }) }, 'filter.subjectType'],
      [{ filter: JSON.stringify({ actorId: 'x' }) }, 'filter.actorId'],
      [{ filter: JSON.stringify({ from: 'yesterday' }) }, 'filter.from'],
      [{ filter: JSON.stringify({ to: '2025-13-45' }) }, 'filter.to'],
      [{ sort: '["ip","ASC"]' }, 'sort'],
    ] as const
    for (const [qs, field] of bad) {
      for (const path of ['/api/audit-entries', '/api/audit-entries/export.csv']) {
        const response = await send(superAdmin, client.get(path).qs(qs))
        assert.equal(response.status(), 422, `${path} ${JSON.stringify(qs)}`)
        assert.equal(response.body().errors[0].field, field)
      }
    }
  })
})

test.group('Audit entries | CSV export', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('streams every entry the filter selects, newest first, past one batch', async ({ client, assert }) => {
    const { superAdmin } = await staff()
    const at = sqlDateTime()
    const rows = Array.from({ length: 1203 }, (_, index) => ({
      actor_id: 1,
      actor_name: 'Siti Admin',
      actor_email: 'siti@aero-demo.my',
      actor_role: 'super_admin',
      action: index % 3 === 0 ? 'agency.updated' : 'lot.updated',
      subject_type: index % 3 === 0 ? 'agency' : 'lot',
      subject_id: index + 1,
      subject_label: `Subject ${index + 1}`,
      before: JSON.stringify({ price: index }),
      after: JSON.stringify({ price: index + 1 }),
      ip: '203.0.113.7',
      created_at: at,
    }))
    await db.table('audit_entries').multiInsert(rows)

    const response = await send(superAdmin, client.get('/api/audit-entries/export.csv'))
    response.assertStatus(200)
    assert.match(response.header('content-type') ?? '', /^text\/csv; charset=utf-8/)
    assert.match(
      response.header('content-disposition') ?? '',
      /^attachment; filename="audit-trail-\d{4}-\d{2}-\d{2}\.csv"$/
    )
    assert.include(response.header('cache-control') ?? '', 'no-store')
    const csv = parseCsv(response.text())
    assert.deepEqual(csv[0], [
      'Date (UTC)',
      'Actor',
      'Actor Email',
      'Actor Role',
      'Action',
      'Subject Type',
      'Subject ID',
      'Subject',
      'Before',
      'After',
      'IP Address',
    ])
    assert.lengthOf(csv, 1 + 1203)
    assert.deepEqual(
      csv.slice(1, 3).map((row) => row[7]),
      ['Subject 1203', 'Subject 1202']
    )
    assert.deepEqual(csv[1].slice(1, 11), [
      'Siti Admin',
      'siti@aero-demo.my',
      'super_admin',
      'lot.updated',
      'lot',
      '1203',
      'Subject 1203',
      '{"price":1202}',
      '{"price":1203}',
      '203.0.113.7',
    ])

    const filtered = await send(
      superAdmin,
      client.get('/api/audit-entries/export.csv').qs({ filter: JSON.stringify({ subjectType: 'agency' }) })
    )
    const agencyRows = parseCsv(filtered.text()).slice(1)
    assert.lengthOf(agencyRows, 401)
    assert.isTrue(agencyRows.every((row) => row[5] === 'agency'))
  })

  test('a cell a spreadsheet would run as a formula is written as text', async ({ client, assert }) => {
    const { superAdmin } = await staff()
    const hostile = ['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1:A2)', '\t=1+1']
    for (const [index, label] of hostile.entries()) {
      await seed({
        subjectLabel: label,
        actorName: index === 0 ? '=cmd|" /C calc"!A0' : 'Siti Admin',
        subjectId: index + 1,
      })
    }
    const response = await send(
      superAdmin,
      client.get('/api/audit-entries/export.csv').qs({ sort: '["createdAt","ASC"]' })
    )
    response.assertStatus(200)
    const rows = parseCsv(response.text()).slice(1)
    const labels = rows.map((row) => row[7]).reverse()
    assert.deepEqual(
      labels,
      hostile.map((label) => `'${label}`)
    )
    assert.equal(rows.at(-1)![1], `'=cmd|" /C calc"!A0`)
    // The raw text too: the quote is inside the cell, before the formula sign.
    assert.include(response.text(), `"'=HYPERLINK(""http://evil.example"",""x"")"`)
  })
})
