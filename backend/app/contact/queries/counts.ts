import db from '@adonisjs/lucid/services/db'

export async function countNewContactMessages(): Promise<number> {
  const [row] = await db.from('contact_messages').where('status', 'new').count('* as total')
  return Number(row.total)
}
