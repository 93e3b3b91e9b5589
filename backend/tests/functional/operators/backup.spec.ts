import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type { ConnectionConfig } from '@adonisjs/lucid/types/database'
import CreateBackup from '#backups/create_backup'
import RestoreBackup, { BackupRestoreError, type RestoreCheck } from '#backups/restore_backup'
import { MIGRATION_TABLES, countRows, dumpTable, tablesOf } from '#backups/database_rows'
import { TarReader } from '#backups/tar'
import { AuditEntry } from '#audit'
import { BookingDocument, openEveryDocument } from '#documents'
import { documentKeyring, useDocumentKeyring } from '#documents/services/document_crypto'
import { BookingFee } from '#fees'
import { bookingOfMemberA, uploadDocument } from '#tests/helpers/documents'
import { bearerFor, createUser } from '#tests/helpers/identity'
import { files } from '#tests/helpers/bookings'
import { attachImage, createEntry } from '#tests/helpers/portfolio'
import { truncateDatabase } from '#tests/helpers/database'
import { runNode, startBackend } from '#tests/helpers/processes'
import { scratchDatabase, type ScratchDatabase } from '#tests/helpers/scratch_database'
import { STORAGE_KINDS, StorageUnderTest, useStorage } from '#tests/helpers/storage'

const RESTORE = 'backup_restore'
/** The demo accounts' published password (database/seed_data/demo.ts). */
const DEMO_PASSWORD = 'Demo@2024'
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

const documentsOpen: RestoreCheck = ({ client, disks }) => openEveryDocument(client, disks.private)

/**
 * Committed data (a backup reads what other connections see, so no test transaction here): accounts, a
 * booking with documents uploaded as the booking page uploads them, its fee with a receipt, audit entries,
 * a catalogue entry's images. Answers each stored document's plain bytes by storage key.
 */
async function bookingWithDocuments(client: Parameters<typeof uploadDocument>[0]) {
  const { world, lot, booking } = await bookingOfMemberA('pending_admin')
  const plain = new Map<string, Buffer>()
  const member = await bearerFor(client, world.memberA)
  const pdf = Buffer.concat([files.pdf, randomBytes(40_000)])
  for (const [file, name, type] of [
    [pdf, 'cheque.pdf', 'cheque'],
    [files.png, 'ic-front.png', 'ic_front'],
  ] as const) {
    const response = await uploadDocument(client, member, booking.id, file, name, type)
    response.assertStatus(201)
  }
  for (const document of await BookingDocument.query().where('booking_id', booking.id).orderBy('id')) {
    plain.set(document.storageKey, document.originalName === 'cheque.pdf' ? pdf : files.png)
  }
  const fee = await client
    .put(`/api/bookings/${booking.id}/fee`)
    .bearerToken(await bearerFor(client, world.agentA))
    .fields({ amount: '5000', method: 'cheque', status: 'received', receivedOn: '2025-05-06', reference: 'CHQ 1' })
    .file('receipt', files.jpeg, { filename: 'receipt.jpg' })
  fee.assertStatus(200)
  const { receiptKey } = await BookingFee.findByOrFail('booking_id', booking.id)
  plain.set(receiptKey!, files.jpeg)
  await attachImage(await createEntry(world.agentA, lot))
  return { world, booking, plain }
}

for (const kind of STORAGE_KINDS) {
  test.group(`Operators | backups that are proven (MySQL, ${kind} storage)`, (group) => {
    const source = useStorage(group, kind)
    let target: StorageUnderTest
    let restoreDatabase: ScratchDatabase
    let folder: string

    group.each.setup(async () => {
      folder = await mkdtemp(join(tmpdir(), 'aero-backup-'))
      restoreDatabase = await scratchDatabase('restore')
      // The test run's MySQL connection, on the restore's own database.
      const config = db.manager.get(db.primaryConnectionName)!.config
      const connection = config.connection as Record<string, unknown>
      db.manager.add(RESTORE, {
        ...config,
        connection: { ...connection, database: restoreDatabase.name },
      } as ConnectionConfig)
      target = new StorageUnderTest(kind)
      await target.start()
      return async () => {
        await db.manager.close(RESTORE, true)
        await restoreDatabase.drop()
        await target.stop()
        await rm(folder, { recursive: true, force: true })
        await truncateDatabase()
        for (const key of await source.keys('private', '')) await source.disk('private').delete(key)
        for (const key of await source.keys('public', '')) await source.disk('public').delete(key)
      }
    })

    const targetDisks = () => ({ private: target.disk('private'), public: target.disk('public') })

    test('back up, restore into an empty database and storage: every table, object and document as it was', async ({
      client,
      assert,
    }) => {
      const { plain } = await bookingWithDocuments(client)
      assert.isAbove(Number((await AuditEntry.query().count('* as total'))[0].$extras.total), 0)

      const archive = join(folder, 'backup.tar')
      const backup = await new CreateBackup().handle({ output: archive })
      assert.equal(backup.manifest.dialect, 'mysql')
      assert.isAbove(backup.bytes, 0)

      const restored = await new RestoreBackup().handle({
        archive,
        connection: RESTORE,
        disks: targetDisks(),
        checks: [documentsOpen],
      })
      assert.equal(restored.rows, backup.rows)
      assert.deepEqual(restored.checks, [
        { label: 'Booking documents opened under the configured DOCUMENTS_MASTER_KEY', checked: 3 },
      ])

      // Every table, compared here again, row for row, with what the application wrote.
      const original = db.connection()
      const copy = db.connection(RESTORE)
      const tables = (await tablesOf(original)).filter((table) => !MIGRATION_TABLES.includes(table))
      assert.deepEqual(
        (await tablesOf(copy)).filter((table) => !MIGRATION_TABLES.includes(table)),
        tables
      )
      for (const table of tables) {
        const [before, after] = [await dumpTable(original, table), await dumpTable(copy, table)]
        assert.equal(after.rows, before.rows, table)
        assert.equal(after.lines, before.lines, table)
      }
      for (const table of [
        'users',
        'bookings',
        'booking_documents',
        'booking_fees',
        'document_keys',
        'audit_entries',
      ]) {
        assert.isAbove((await dumpTable(copy, table)).rows, 0, `${table} has rows`)
      }

      // Every object of both disks, byte for byte.
      for (const name of ['private', 'public'] as const) {
        const keys = await source.keys(name, '')
        assert.isNotEmpty(keys, name)
        assert.deepEqual(await target.keys(name, ''), keys)
        for (const key of keys) assert.isTrue((await target.bytes(name, key)).equals(await source.bytes(name, key)))
      }

      // Every document opens from the restored database and storage to the bytes uploaded.
      const opened = await openEveryDocument(copy, target.disk('private'))
      assert.deepEqual(opened.failures, [])
      assert.equal(opened.digests.size, plain.size)
      for (const [storageKey, bytes] of plain) assert.equal(opened.digests.get(storageKey), sha256(bytes), storageKey)

      // The archive holds the documents encrypted and no master key.
      const bytes = await readFile(archive)
      const { key } = documentKeyring().current
      for (const secret of [key, Buffer.from(key.toString('base64')), Buffer.from(key.toString('hex'))]) {
        assert.equal(bytes.indexOf(secret), -1)
      }
      for (const content of plain.values()) assert.equal(bytes.indexOf(content.subarray(0, 64)), -1)
    }).timeout(120_000)

    test('the archive is one moment: what is committed while it is written is not in it', async ({
      client,
      assert,
    }) => {
      const { world } = await bookingWithDocuments(client)
      const before = {
        users: await countRows(db.connection(), 'users'),
        audit: await countRows(db.connection(), 'audit_entries'),
      }
      const archive = join(folder, 'backup.tar')
      let written = false
      const backup = await new CreateBackup().handle({
        output: archive,
        // After the first table, another connection commits rows to tables not yet read.
        onTable: async () => {
          if (written) return
          written = true
          await createUser({ email: 'written-during-the-backup@example.com' })
          await AuditEntry.create({
            actorId: world.superAdmin.id,
            actorName: world.superAdmin.name,
            actorEmail: world.superAdmin.email,
            actorRole: 'super_admin',
            action: 'backup.test',
            subjectType: 'user',
            subjectId: null,
            subjectLabel: null,
            before: null,
          })
        },
      })
      assert.isTrue(written)
      assert.equal(await countRows(db.connection(), 'users'), before.users + 1)
      const counts = Object.fromEntries(backup.manifest.tables.map((table) => [table.name, table.rows]))
      assert.equal(counts.users, before.users)
      assert.equal(counts.audit_entries, before.audit)

      await new RestoreBackup().handle({ archive, connection: RESTORE, disks: targetDisks(), checks: [documentsOpen] })
      assert.isNull(
        await db.connection(RESTORE).from('users').where('email', 'written-during-the-backup@example.com').first()
      )
    }).timeout(120_000)

    test('a restore refuses a database or storage holding data, a damaged archive, a wrong master key', async ({
      client,
      assert,
    }) => {
      await bookingWithDocuments(client)
      const archive = join(folder, 'backup.tar')
      await new CreateBackup().handle({ output: archive })
      const restore = (options: Partial<Parameters<RestoreBackup['handle']>[0]> = {}) =>
        new RestoreBackup().handle({
          archive,
          connection: RESTORE,
          disks: targetDisks(),
          checks: [documentsOpen],
          ...options,
        })

      // Into the database it came from: its rows stay.
      await assert.rejects(
        () => restore({ connection: undefined }),
        BackupRestoreError,
        /^The database is not empty \(rows in /
      )
      // Into an empty database but storage that holds an object.
      await target.disk('public').put('stray.txt', 'x')
      await assert.rejects(() => restore(), BackupRestoreError, /^The public storage is not empty \(1 object\(s\)\)/)
      await target.disk('public').delete('stray.txt')

      // A damaged archive is refused before anything is written.
      const damaged = join(folder, 'damaged.tar')
      const bytes = await readFile(archive)
      const reader = await TarReader.open(archive)
      const entry = [...reader.entries.values()].find((item) => item.name.startsWith('objects/private/'))!
      await reader.close()
      bytes[entry.offset + 10] ^= 0xff
      await writeFile(damaged, bytes)
      await assert.rejects(() => restore({ archive: damaged }), BackupRestoreError, /object .* is damaged$/)
      // So is one whose rows were altered.
      const users = await readFile(archive)
      const usersEntry = await TarReader.open(archive).then(async (opened) => {
        const found = opened.entries.get('tables/users.jsonl.gz')!
        await opened.close()
        return found
      })
      users[usersEntry.offset + usersEntry.size - 12] ^= 0xff
      await writeFile(damaged, users)
      await assert.rejects(
        () => restore({ archive: damaged }),
        BackupRestoreError,
        /^The archive's table users is damaged/
      )
      assert.deepEqual(await restoreDatabase.tables(), [])

      // Without the documents' master key the restore does not pass, and says why.
      const configured = useDocumentKeyring({ current: { id: 'other', key: randomBytes(32) }, previous: [] })
      try {
        await assert.rejects(
          () => restore(),
          BackupRestoreError,
          /^Booking documents opened under the configured DOCUMENTS_MASTER_KEY: 3 of 3 failed: /
        )
      } finally {
        useDocumentKeyring(configured)
      }
      // With the right key, --force replaces what the failed attempt loaded.
      const again = await restore({ force: true })
      assert.deepEqual(
        again.checks.map((check) => check.checked),
        [3]
      )
    }).timeout(120_000)
  })
}

test.group('Operators | backups that are proven (SQLite, the commands)', (group) => {
  let folder: string
  group.each.setup(async () => {
    folder = await mkdtemp(join(app.makePath('tmp'), 'backup-sqlite-'))
    return () => rm(folder, { recursive: true, force: true })
  })

  /** One machine as `npm start` runs it: a SQLite file and local folders of its own, production settings. */
  function machine(place: 'source' | 'target'): NodeJS.ProcessEnv {
    const under = relative(app.makePath(), folder)
    return {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      APP_KEY: 'backup-test-app-key-backup-test-app-key-0',
      APP_URL: 'http://127.0.0.1:3333',
      LIMITER_STORE: 'memory',
      DOCUMENTS_MASTER_KEY: Buffer.alloc(32, 7).toString('base64'),
      DB_CONNECTION: 'sqlite',
      SQLITE_PATH: `${under}/${place}.sqlite3`,
      DRIVE_DISK: 'fs',
      DRIVE_PRIVATE_ROOT: `${under}/${place}-private`,
      DRIVE_PUBLIC_ROOT: `${under}/${place}-public`,
    }
  }

  /** `node ace <args>` as an operator runs it. */
  function ace(args: string[], place: 'source' | 'target') {
    return runNode(['ace', ...args], { cwd: app.makePath(), env: machine(place) })
  }

  async function signIn(url: string) {
    const response = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email: 'member@aero-demo.my', password: DEMO_PASSWORD }),
    })
    if (response.status !== 200) throw new Error(`Sign-in answered ${response.status}: ${await response.text()}`)
    return ((await response.json()) as { token: string }).token
  }

  test('the demo data and two uploaded documents: backup:create, then backup:restore into an empty file and folders, checked', async ({
    assert,
  }) => {
    const prepared = await ace(['db:prepare'], 'source')
    assert.equal(prepared.status, 0, prepared.output)

    // Two documents uploaded to the demo member's pending booking, through the running server.
    db.manager.add('backup_sqlite', {
      client: 'better-sqlite3',
      connection: { filename: join(folder, 'source.sqlite3') },
      useNullAsDefault: true,
    })
    const { id: bookingId } = (await db
      .connection('backup_sqlite')
      .from('bookings')
      .join('users', 'users.id', 'bookings.user_id')
      .where('users.email', 'member@aero-demo.my')
      .where('bookings.status', 'pending_agent')
      .select('bookings.id')
      .firstOrFail()) as { id: number }
    await db.manager.close('backup_sqlite', true)
    const pdf = Buffer.concat([files.pdf, randomBytes(30_000)])
    const uploaded = new Map<number, Buffer>()
    const source = await startBackend(machine('source'))
    try {
      const token = await signIn(source.url)
      for (const [bytes, name, type] of [
        [pdf, 'cheque.pdf', 'cheque'],
        [files.png, 'ic-front.png', 'ic_front'],
      ] as const) {
        const form = new FormData()
        form.set('bookingId', String(bookingId))
        form.set('documentType', type)
        form.set('document', new Blob([bytes]), name)
        const response = await fetch(`${source.url}/api/uploads/document`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
          body: form,
        })
        assert.equal(response.status, 201, await response.clone().text())
        uploaded.set(((await response.json()) as { id: number }).id, bytes)
      }
    } finally {
      await source.stop()
    }

    const archive = join(folder, 'demo.tar')
    const created = await ace(['backup:create', `--output=${archive}`], 'source')
    assert.equal(created.status, 0, created.output)
    assert.match(created.output, /\d+ tables, \d+ rows; 8 stored objects \([\d.]+ KiB\); archive [\d.]+ KiB; [\d.]+ s/)
    const twice = await ace(['backup:create', `--output=${archive}`], 'source')
    assert.equal(twice.status, 1, twice.output)
    assert.include(twice.output, 'exists already: an archive is never overwritten')

    const restored = await ace(['backup:restore', archive], 'target')
    assert.equal(restored.status, 0, restored.output)
    assert.match(restored.output, /Restored the backup of .* in [\d.]+ s/)
    assert.match(restored.output, /\d+ tables, \d+ rows, each table's content checked; 8 stored objects/)
    assert.include(restored.output, 'Booking documents opened under the configured DOCUMENTS_MASTER_KEY: 2 of 2')
    assert.match(restored.output, /Steps: archive checked [\d.]+ s, migrations [\d.]+ s, rows loaded [\d.]+ s/)

    // The restored machine serves each document as it was uploaded.
    const target = await startBackend(machine('target'))
    try {
      const token = await signIn(target.url)
      for (const [documentId, bytes] of uploaded) {
        const response = await fetch(`${target.url}/api/uploads/documents/${bookingId}/${documentId}?download=1`, {
          headers: { Authorization: `Bearer ${token}` },
        })
        assert.equal(response.status, 200)
        assert.isTrue(Buffer.from(await response.arrayBuffer()).equals(bytes))
      }
    } finally {
      await target.stop()
    }

    const again = await ace(['backup:restore', archive], 'target')
    assert.equal(again.status, 1, again.output)
    assert.include(again.output, 'The database is not empty')
  }).timeout(240_000)
})
