/**
 * Text someone typed (a reason, a note) as one sentence inside a message: its own closing stop
 * kept, one added when it has none, so that "too dark." never reads "too dark.. Please".
 */
export function asSentence(text: string): string {
  const trimmed = text.trim()
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`
}
