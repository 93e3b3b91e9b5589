import { readFile, writeFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import { BOOKING_STATUSES, TRANSITIONS } from '#bookings/workflow_table'

const WHO: Record<(typeof TRANSITIONS)[number]['by'], string> = {
  request: 'approved member',
  requestAsAgentAdmin: 'agent admin',
  bookFor: 'agent admin or super admin, for a client',
  respondAsAgent: "agency's agent admin",
  process: 'super admin',
  cancel: 'requester',
  system: 'the app',
}

/** Why the app itself takes a transition. */
const WHEN: Partial<Record<(typeof TRANSITIONS)[number]['action'], string>> = {
  expire: 'the app, after the hold period',
  close: 'the app, when the agency is deleted',
}

/** The statuses no transition leads to: kept readable for old rows, never produced, never changed. */
export function legacyStatuses() {
  const produced = new Set<string>(TRANSITIONS.map((row) => row.to))
  return BOOKING_STATUSES.filter((status) => !produced.has(status))
}

/** The transitions table as a Mermaid state diagram (docs/booking-workflow.md). */
export function workflowDiagram(): string {
  const lines = ['stateDiagram-v2']
  for (const row of TRANSITIONS) {
    const lot = 'lot' in row ? ` · lot ${row.lot}` : ''
    const label = `${row.action} (${WHEN[row.action] ?? WHO[row.by]})${lot}`
    for (const from of row.from ?? ['[*]']) lines.push(`  ${from} --> ${row.to}: ${label}`)
  }
  lines.push(`  note right of ${TRANSITIONS[0].to}`)
  lines.push(`    legacy, read-only: ${legacyStatuses().join(', ')}`)
  lines.push('  end note')
  return lines.join('\n')
}

export const DIAGRAM_FILE = app.makePath('..', 'docs', 'booking-workflow.md')
export const BEGIN = '<!-- diagram:begin (node ace bookings:diagram --write) -->'
export const END = '<!-- diagram:end -->'

/** The Mermaid block as it stands in a document, or null when the markers are missing. */
export function committedDiagram(document: string): string | null {
  const start = document.indexOf(BEGIN)
  const end = document.indexOf(END)
  if (start === -1 || end === -1) return null
  return document
    .slice(start + BEGIN.length, end)
    .trim()
    .replace(/^```mermaid\n/, '')
    .replace(/\n```$/, '')
}

/** Puts the current diagram between the document's markers; false when they are missing. */
export async function writeDiagram(): Promise<boolean> {
  const document = await readFile(DIAGRAM_FILE, 'utf8')
  const start = document.indexOf(BEGIN)
  const end = document.indexOf(END)
  if (start === -1 || end === -1) return false
  const block = `${BEGIN}\n\n\`\`\`mermaid\n${workflowDiagram()}\n\`\`\`\n\n`
  await writeFile(DIAGRAM_FILE, document.slice(0, start) + block + document.slice(end))
  return true
}
