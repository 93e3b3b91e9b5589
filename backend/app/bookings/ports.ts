import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { HttpContext } from '@adonisjs/core/http'
import type { User } from '#identity'
import type { DateTime } from 'luxon'
import type { LotStatus } from '#inventory'
import type Booking from '#bookings/models/booking'
import type { RequiredDocumentType } from '#bookings/models/booking'
import type { BookingAction } from '#bookings/workflow_table'
import type { BookingStatusChanged } from '#bookings/status_changed'

/**
 * Where other modules take part in a booking's transition without bookings importing them:
 * they import bookings' face and register their steps at boot (start/ports.ts), each under
 * the module's name. The steps that must happen inside the booking's transaction are these
 * hooks, which the workflow calls by name in the order they were registered; what follows the
 * commit listens to the typed events (`booking:status_changed`, ...).
 */
export type WorkflowHooks = {
  /** Before a new booking's transaction, committed on its own (the waitlist passes an offer whose window ran out). */
  beforeRequest: (lotId: number) => Promise<void>
  /** A new booking's lot is locked, before the booking is written: may refuse it (the waitlist's priority window). */
  lotClaimed: (trx: TransactionClientContract, lot: { id: number }, bookedFor: number) => Promise<void>
  /** An existing booking is about to move, its row locked: may refuse the move (documents hold a decision back). */
  beforeMove: (trx: TransactionClientContract, booking: Booking, action: BookingAction) => Promise<void>
  /** The transition set the lot's status (the waitlist's line follows). */
  lotStatusSet: (trx: TransactionClientContract, lotId: number, status: LotStatus) => Promise<void>
  /** The transition is written: what must commit with it (the portfolio's entries follow the booking). */
  statusChanged: (trx: TransactionClientContract, event: BookingStatusChanged) => Promise<void>
}

type HookName = keyof WorkflowHooks

const hooks: { [Name in HookName]: Map<string, WorkflowHooks[Name]> } = {
  beforeRequest: new Map(),
  lotClaimed: new Map(),
  beforeMove: new Map(),
  lotStatusSet: new Map(),
  statusChanged: new Map(),
}

/** Registers `owner`'s step at `name` (registering again replaces it). */
export function onWorkflow<Name extends HookName>(name: Name, owner: string, hook: WorkflowHooks[Name]) {
  hooks[name].set(owner, hook)
}

/** Runs the steps registered at `name`, one after the other; the first to throw stops the transition. */
export async function runHooks<Name extends HookName>(name: Name, ...args: Parameters<WorkflowHooks[Name]>) {
  for (const hook of hooks[name].values()) {
    await (hook as (...given: Parameters<WorkflowHooks[Name]>) => Promise<void>)(...args)
  }
}

/** A step each tick of the hold clock runs after the holds' own; what it did goes in the tick's report under its name. */
export type ClockStep = (now: DateTime) => Promise<unknown[]>

const clockSteps = new Map<string, ClockStep>()

export function onHoldClock(name: string, step: ClockStep) {
  clockSteps.set(name, step)
}

export async function runClockSteps(now: DateTime): Promise<Record<string, unknown[]>> {
  const done: Record<string, unknown[]> = {}
  for (const [name, step] of clockSteps) done[name] = await step(now)
  return done
}

/**
 * What another module adds to a booking as the screens read it (its fee, its documents) and as
 * the person's export carries it: the part loads its rows for a page of bookings at once, then
 * gives each booking's fields.
 */
export type BookingPart = {
  /** `client`: the transaction a booking is read back in (a transition's answer). */
  load(bookings: Booking[], client?: QueryClientContract): Promise<void>
  /** The part's fields of a loaded booking, for `viewer` (none for a booking it did not load). */
  fields(booking: Booking, viewer: User | null): Record<string, unknown>
  /** The part's fields of the booking in its requester's personal-data export. */
  exported(booking: Booking): Record<string, unknown>
  /** The files of the booking the person's export archive carries. */
  files?(booking: Booking): ExportedDocument[]
  /** The workflow actions this part holds back on a loaded booking now, each with why (the documents block a decision). */
  blocks?(booking: Booking): BlockedAction[]
}

/** A workflow action the viewer could take but may not yet, and why: the API's `blockedActions`. */
export type BlockedAction = { action: BookingAction; reason: string }

const parts = new Map<string, BookingPart>()

/** Registers `owner`'s part of a booking; parts' fields follow the booking's own in registration order. */
export function addBookingPart(owner: string, part: BookingPart) {
  parts.set(owner, part)
}

export async function loadBookingParts(bookings: Booking[], client?: QueryClientContract) {
  if (bookings.length === 0) return
  for (const part of parts.values()) await part.load(bookings, client)
}

export function bookingPartFields(booking: Booking, viewer: User | null): Record<string, unknown> {
  return Object.assign({}, ...[...parts.values()].map((part) => part.fields(booking, viewer)))
}

/** What the parts hold back on a loaded booking now (the first reason given for an action wins). */
export function bookingPartBlocks(booking: Booking): BlockedAction[] {
  const blocked: BlockedAction[] = []
  for (const part of parts.values()) {
    for (const block of part.blocks?.(booking) ?? []) {
      if (!blocked.some((known) => known.action === block.action)) blocked.push(block)
    }
  }
  return blocked
}

export function exportedBookingParts(booking: Booking): Record<string, unknown> {
  return Object.assign({}, ...[...parts.values()].map((part) => part.exported(booking)))
}

export function exportedBookingFiles(booking: Booking): ExportedDocument[] {
  return [...parts.values()].flatMap((part) => part.files?.(booking) ?? [])
}

/** A stored file as the access log names it when it is read. */
export type AccessedDocument = {
  bookingId: number | null
  documentId: number | null
  documentType: string
  name: string
}

/**
 * A document as the personal-data export lists it, how to read its bytes, and what the access
 * log names once it has been read (`recordDocumentAccesses`).
 */
export type ExportedDocument = { fileName: string; read: () => Promise<Buffer | null>; accessed: AccessedDocument }

/** Who read a document: the account as it is now, and the client address. */
export type DocumentReader = { user: User; ip: string | null }

/** A document a deleted account's booking held: marked deleted in the deletion's transaction, its file removed after. */
export type ForgottenDocument = { id: number; bookingId: number; storageKey: string }

/** The booking forms whose documents and consent the documents module checks (each with its required documents). */
export type BookingForm = 'member' | 'agent' | 'lotPage' | 'client'

/** What a booking form's request brings besides its fields: its documents, checked, and the requester's consent. */
export type FormAttachments = {
  /** The privacy notice version consented to, and when. */
  consent: { consentNoticeVersion: number; consentedAt: DateTime }
  /** The document types the form requires, recorded on the booking. */
  requiredDocuments: RequiredDocumentType[]
  /**
   * Stores the files, then runs `work` with `within`, which writes their rows in the new
   * booking's transaction; the files are removed again if the booking is not made.
   */
  store<T>(uploadedById: number, work: (within: Within) => Promise<T>): Promise<T>
}

/** More writes in a transition's transaction, after the status change. */
export type Within = (trx: TransactionClientContract, booking: Booking) => Promise<void>

/**
 * What bookings asks of the documents module: a booking form's documents and consent, and a
 * person's documents when their account is deleted or their data exported.
 */
export type DocumentsPort = {
  takeForm(request: HttpContext['request'], form: BookingForm, noticeVersion?: number): Promise<FormAttachments>
  forget(trx: TransactionClientContract, bookingIds: number[]): Promise<ForgottenDocument[]>
  remove(documents: ForgottenDocument[]): Promise<void>
  recordReads(reader: DocumentReader, documents: AccessedDocument[], action: 'export'): Promise<unknown>
}

let documentsPort: DocumentsPort | null = null

export function answerDocuments(port: DocumentsPort) {
  documentsPort = port
}

export function documents(): DocumentsPort {
  if (!documentsPort) throw new Error('No module answers for booking documents (start/ports.ts registers it).')
  return documentsPort
}
