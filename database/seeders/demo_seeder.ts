import { BaseSeeder } from '@adonisjs/lucid/seeders'
import hash from '@adonisjs/core/services/hash'
import drive from '@adonisjs/drive/services/main'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import sharp from 'sharp'
import {
  agencies,
  aeroShopLots,
  bookings,
  bookingPaths,
  bumiputeraPackage,
  catalogue,
  developments,
  users,
  DEMO_PASSWORD,
} from '../seed_data/demo.ts'
import { shopLotIllustration, type View } from '../seed_data/illustrations.ts'
import { naturalSortKey } from '../natural_sort.ts'

/** The statuses whose booking holds its lot until a deadline (backend: #bookings/hold_clock). */
const HELD_STATUSES = new Set(['pending', 'pending_agent', 'pending_admin'])

/** 'YYYY-MM-DD HH:MM:SS' in UTC, as the other stamps are written. */
function sqlDateTime(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ')
}

/** The default hold (BOOKING_HOLD_DAYS, 7 days) from now, and its reminder when 20% of it is left. */
function holdFromNow(): { held_until: string; remind_at: string } {
  const holdMs = (Number(process.env.BOOKING_HOLD_DAYS) || 7) * 24 * 60 * 60 * 1000
  const start = Date.now()
  return { held_until: sqlDateTime(new Date(start + holdMs)), remind_at: sqlDateTime(new Date(start + holdMs * 0.8)) }
}

type Row = Record<string, unknown>

/** The portfolio's statuses for the booking that made a lot the agent's. */
const CATALOGUE_STATUS: Record<string, 'active' | 'sold'> = {
  approved: 'active',
  booked: 'active',
  confirmed: 'active',
  sold: 'sold',
  completed: 'sold',
}

/**
 * Draws a demo picture and stores it as the portfolio module stores uploads: one WebP per
 * size under `{key}/{size}.webp` on the public disk (card 400 px, large 1200 px wide).
 * Files already there are kept.
 */
async function drawCatalogueImage(key: string, view: View, highlight: number) {
  const disk = drive.use('public')
  const svg = Buffer.from(shopLotIllustration(view, highlight))
  for (const [size, width] of [
    ['card', 400],
    ['large', 1200],
  ] as const) {
    const path = `${key}/${size}.webp`
    if (await disk.exists(path)) continue
    await disk.put(path, await sharp(svg).resize({ width }).webp({ quality: 80 }).toBuffer())
  }
}

/**
 * Inserts what is missing, by natural key, and leaves existing rows alone: running it
 * twice changes nothing, and it never overwrites what people changed since.
 */
async function ensure(trx: TransactionClientContract, table: string, key: Row, values: Row) {
  const existing = await trx.from(table).where(key).select('id').first()
  if (existing) return { id: Number(existing.id), created: false }
  const [id] = await trx.table(table).insert({ ...key, ...values })
  const inserted = id ?? (await trx.from(table).where(key).select('id').first())?.id
  return { id: Number(inserted), created: true }
}

export default class DemoSeeder extends BaseSeeder {
  async run() {
    // Lucid's DateTime columns read this format on every engine (a JS Date lands as a
    // number in SQLite).
    const now = sqlDateTime(new Date())
    const stamps = { created_at: now, updated_at: now }
    const created: Record<string, number> = {}
    const count = (table: string, result: { created: boolean }) => {
      if (result.created) created[table] = (created[table] ?? 0) + 1
    }

    await this.client.transaction(async (trx) => {
      const agencyIds = new Map<string, number>()
      for (const agency of agencies) {
        const result = await ensure(
          trx,
          'agencies',
          { name: agency.name },
          {
            description: agency.description,
            contact_email: agency.contactEmail,
            contact_phone: agency.contactPhone,
            address: agency.address,
            is_active: true,
            ...stamps,
          }
        )
        agencyIds.set(agency.name, result.id)
        count('agencies', result)
      }

      const developmentIds = new Map<string, number>()
      for (const development of developments) {
        const result = await ensure(
          trx,
          'developments',
          { slug: development.slug },
          {
            name: development.name,
            property_type: development.propertyType,
            location: development.location,
            address: development.address,
            description: development.description,
            phase: development.phase,
            total_units: development.totalUnits,
            launch_year: development.launchYear,
            bumiputera_quota_percent: development.bumiputeraQuotaPercent,
            is_active: true,
            ...stamps,
          }
        )
        developmentIds.set(development.slug, result.id)
        count('developments', result)
      }

      const hubId = developmentIds.get('aeroindustrial')!
      for (const lot of aeroShopLots) {
        const result = await ensure(
          trx,
          'lots',
          { development_id: hubId, kind: 'lot', lot_number: lot.lotNumber },
          {
            unit_number: lot.unitNumber,
            unit_number_sort: naturalSortKey(lot.unitNumber),
            lot_number_sort: naturalSortKey(lot.lotNumber),
            name: lot.name,
            title: lot.title,
            location: lot.location,
            category: lot.category,
            type: lot.type,
            type_code: lot.typeCode,
            property_type: lot.propertyType,
            land_size_sqm: lot.landSizeSqm,
            built_up_sqm: lot.builtUpSqm,
            size_sqm: lot.landSizeSqm,
            price: lot.price,
            spa_price: lot.spaPrice,
            phase: lot.phase,
            status: lot.status,
            is_bumiputera_lot: lot.isBumiputeraLot,
            ...stamps,
          }
        )
        count('lots', result)
      }

      const passwordHash = await hash.make(DEMO_PASSWORD)
      for (const user of users) {
        const agencyId = user.agency ? agencyIds.get(user.agency)! : null
        const requested = user.agencyStatus === 'pending'
        const result = await ensure(
          trx,
          'users',
          { email: user.email },
          {
            name: user.name,
            password: passwordHash,
            role: user.role,
            phone: user.phone,
            company: user.company,
            position: user.role === 'agent_admin' ? 'Agent Admin' : 'Member',
            agency_id: agencyId,
            agency_status: user.agencyStatus,
            agency_status_date: user.agencyStatus === 'approved' ? now : null,
            agency_request_date: agencyId ? now : null,
            agency_request_message: requested ? 'I would like to book shop lots through your agency.' : null,
            ...stamps,
          }
        )
        count('users', result)

        if (agencyId && user.role === 'user') {
          const request = await ensure(
            trx,
            'agency_membership_requests',
            { user_id: result.id, agency_id: agencyId },
            {
              position: 'Member',
              message: requested
                ? 'I would like to book shop lots through your agency.'
                : 'Requesting agency membership',
              status: user.agencyStatus,
              decided_at: requested ? null : now,
              ...stamps,
            }
          )
          count('agency_membership_requests', request)
        }
      }

      // Each development's Bumiputera discount, on its quota lots (a lot marked since is not added).
      const admin = await trx.from('users').where('role', 'super_admin').orderBy('id').select('id').first()
      for (const developmentId of developmentIds.values()) {
        const result = await ensure(
          trx,
          'price_packages',
          { development_id: developmentId, name: bumiputeraPackage.name },
          {
            kind: bumiputeraPackage.kind,
            percent_bp: bumiputeraPackage.percentBp,
            amount_sen: null,
            valid_from: now,
            valid_until: null,
            all_lots: false,
            combinable: bumiputeraPackage.combinable,
            eligibility: bumiputeraPackage.eligibility,
            created_by_id: admin?.id ?? null,
            ...stamps,
          }
        )
        count('price_packages', result)
        if (!result.created) continue
        const quotaLots = await trx
          .from('lots')
          .where({ development_id: developmentId, is_bumiputera_lot: true })
          .select('id')
        if (quotaLots.length) {
          await trx
            .table('price_package_lots')
            .multiInsert(quotaLots.map((lot) => ({ package_id: result.id, lot_id: lot.id })))
        }
      }

      for (const booking of bookings) {
        const lot = await trx
          .from('lots')
          .where({ development_id: hubId, unit_number: booking.unitNumber })
          .select('id')
          .first()
        if (!lot) continue
        if (await trx.from('bookings').where('lot_id', lot.id).select('id').first()) continue
        const requester = await trx
          .from('users')
          .where('email', booking.requester)
          .select('id', 'name', 'email', 'phone', 'role', 'agency_id')
          .first()
        const client = await trx.from('users').where('email', booking.client).select('id').first()
        const byAgent = requester.role === 'agent_admin'
        const path = bookingPaths[booking.status].filter((status) => !(byAgent && status === 'pending_agent'))
        const [bookingId] = await trx.table('bookings').insert({
          lot_id: lot.id,
          active_lot_id: lot.id,
          user_id: client.id,
          created_by_id: requester.id,
          created_by: byAgent ? 'agent' : 'user',
          agency_id: requester.agency_id,
          agent_admin_id: byAgent ? requester.id : null,
          status: booking.status,
          request_message: booking.message,
          creator_name: requester.name,
          creator_email: requester.email,
          creator_phone: requester.phone,
          contact_phone: requester.phone,
          agent_notes: path.includes('pending_admin') && !byAgent ? 'Booking request approved by agent' : null,
          ...stamps,
          status_changed_at: now,
          // A pending booking holds its lot with a clock, as a request made now would.
          ...(HELD_STATUSES.has(booking.status) ? holdFromNow() : {}),
        })
        const id = bookingId ?? (await trx.from('bookings').where('lot_id', lot.id).select('id').first()).id
        let from: string | null = null
        for (const to of path) {
          await trx
            .table('booking_status_history')
            .insert({ booking_id: id, from_status: from, to_status: to, notes: 'Demo data', created_at: now })
          from = to
        }
        count('bookings', { created: true })
      }

      // The demo agent admin's catalogue: entries by (agent, lot), images by storage key.
      const hub = await trx.from('developments').where('id', hubId).select('property_type', 'address').first()
      for (const entry of catalogue) {
        const agent = await trx.from('users').where('email', entry.agent).select('id', 'agency_id').first()
        const lot = await trx.from('lots').where({ development_id: hubId, unit_number: entry.unitNumber }).first()
        if (!agent || !lot) continue
        const booking = await trx
          .from('bookings')
          .where('lot_id', lot.id)
          .whereIn('status', Object.keys(CATALOGUE_STATUS))
          .where((mine) => mine.where('created_by_id', agent.id).orWhere('agent_admin_id', agent.id))
          .select('id', 'status')
          .first()
        if (!booking) continue
        const [city, state] = String(lot.location ?? '')
          .split(',')
          .map((part) => part.trim())
        const property = await ensure(
          trx,
          'agent_properties',
          { agent_admin_id: agent.id, lot_id: lot.id },
          {
            agency_id: agent.agency_id,
            booking_id: booking.id,
            display_name: entry.displayName,
            description: entry.description,
            status: CATALOGUE_STATUS[booking.status],
            source: entry.source,
            is_public: true,
            property_type: hub.property_type,
            lot_number: lot.unit_number,
            lot_size: lot.land_size_sqm,
            built_up_area: lot.built_up_sqm,
            price: lot.price,
            parking: entry.parking,
            features: entry.features.join('\n'),
            amenities: entry.amenities.join('\n'),
            address: hub.address,
            city: city || null,
            state: state || null,
            postcode: /\b\d{5}\b/.exec(hub.address ?? '')?.[0] ?? null,
            date_owned: now,
            share_count: 0,
            ...stamps,
          }
        )
        count('agent_properties', property)

        let galleryPosition = 0
        for (const image of entry.images) {
          const key = `portfolio/demo/${entry.unitNumber.toLowerCase()}-${image.kind}-${image.view}`
          const row = await ensure(
            trx,
            'agent_property_images',
            { storage_key: key },
            {
              agent_property_id: property.id,
              kind: image.kind,
              mime_type: 'image/webp',
              width: 1200,
              height: 750,
              position: image.kind === 'hero' ? 0 : galleryPosition++,
              created_at: now,
            }
          )
          count('agent_property_images', row)
          await drawCatalogueImage(key, image.view, (Number(lot.lot_number) - 1) % 6)
        }
      }
    })

    const summary = Object.entries(created).map(([table, n]) => `${n} ${table}`)
    console.log(
      summary.length ? `Demo data created: ${summary.join(', ')}` : 'Demo data already present: nothing to add'
    )
  }
}
