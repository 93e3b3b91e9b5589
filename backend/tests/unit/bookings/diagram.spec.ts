import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import { committedDiagram, DIAGRAM_FILE, legacyStatuses, workflowDiagram } from '#bookings/diagram'
import { TRANSITIONS } from '#bookings'

test.group('Bookings | the committed state diagram', () => {
  test('docs/booking-workflow.md shows exactly the transitions table (node ace bookings:diagram --write)', async ({
    assert,
  }) => {
    const committed = committedDiagram(await readFile(DIAGRAM_FILE, 'utf8'))
    assert.isNotNull(committed, 'docs/booking-workflow.md lost its diagram markers')
    assert.equal(committed, workflowDiagram())
  })

  test('every row of the table is an edge of the diagram', ({ assert }) => {
    const diagram = workflowDiagram()
    for (const row of TRANSITIONS) {
      for (const from of row.from ?? ['[*]']) assert.include(diagram, `${from} --> ${row.to}: ${row.action} (`)
    }
  })

  test('the statuses the product never produces are named legacy', ({ assert }) => {
    assert.sameMembers(legacyStatuses(), [
      'pending',
      'confirmed',
      'rejected_by_admin',
      'booked',
      'completed',
      'checking',
    ])
  })
})
