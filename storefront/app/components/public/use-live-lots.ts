import { useRevalidator } from '@remix-run/react'
import { useEffect, useMemo, useRef, useState } from 'react'
import {
  LOTS_CHANNEL,
  applyLotMessages,
  changesWhatIsListed,
  describeLotChanges,
  isLotMessage,
  patchLots,
} from '~/components/public/live-lots'
import type { LiveLot, LotMessage } from '~/components/public/live-lots'
import { useLiveChannel } from '@aero/shared/live-client'

/** Changes this close together are announced together. */
const ANNOUNCE_WINDOW_MS = 2_000

/** Releases this close together (a batch, an import) load the page's data once. */
const RELOAD_DELAY_MS = 250

const NO_CHANGES: ReadonlyMap<number, LotMessage> = new Map()

/**
 * The page's lots as they are now: the loader's lots with the status changes pushed since
 * applied in place (after hydration; the server render and pages without JavaScript show the
 * loader's). `announcement` is what the page's polite live region says of the latest changes.
 * When the connection comes back after a drop, the page's data is loaded again.
 */
export function useLiveLots<T extends LiveLot>(
  lots: T[],
  /** Hears every lot change pushed, whether or not it changed a lot shown (a page's own follow-up). */
  onMessage?: (message: LotMessage) => void
): { lots: T[]; announcement: string } {
  const revalidator = useRevalidator()
  const [changes, setChanges] = useState(NO_CHANGES)
  const [announcement, setAnnouncement] = useState('')
  const shown = useMemo(() => applyLotMessages(lots, changes), [lots, changes])
  const shownRef = useRef(shown)
  const recent = useRef<{ receivedAt: number; message: LotMessage }[]>([])
  const onMessageRef = useRef(onMessage)
  const revalidateRef = useRef(revalidator.revalidate)
  const reloadTimer = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => {
    shownRef.current = shown
    onMessageRef.current = onMessage
    revalidateRef.current = revalidator.revalidate
  })
  useEffect(() => () => clearTimeout(reloadTimer.current), [])

  useLiveChannel(
    LOTS_CHANNEL,
    (message) => {
      if (!isLotMessage(message)) return
      onMessageRef.current?.(message)
      // Whether the lot is listed now is the development's choice: the page's data says, as on first render.
      const relisting = changesWhatIsListed(shownRef.current, message)
      if (relisting) {
        clearTimeout(reloadTimer.current)
        reloadTimer.current = setTimeout(() => revalidateRef.current(), RELOAD_DELAY_MS)
      }
      const before = shownRef.current.find((lot) => lot.id === message.lotId)
      const next = patchLots(shownRef.current, message)
      if (!next) {
        // A lot put on sale that the page does not list: its latest change is this one, not one it had before
        // it went (the data loaded again shows the lot as it is).
        if (relisting) setChanges((previous) => new Map(previous).set(message.lotId, message))
        // Otherwise a lot this page does not show, or a change it already has.
        return
      }
      shownRef.current = next
      setChanges((previous) => new Map(previous).set(message.lotId, message))
      // Only its waitlist (an offer started or ended) or its Bumiputera mark changed: the lot shows it, nothing to announce.
      // A release keeps the status and is news: the lot is on sale now, or no longer.
      if (before?.status === message.status && message.cause !== 'release') return

      const now = Date.now()
      recent.current = [
        ...recent.current.filter(
          (entry) => now - entry.receivedAt < ANNOUNCE_WINDOW_MS && entry.message.lotId !== message.lotId
        ),
        { receivedAt: now, message },
      ]
      setAnnouncement(describeLotChanges(recent.current.map((entry) => entry.message)))
    },
    // Loaded again even when a load is under way: that one may have started before the changes
    // missed while disconnected (the router interrupts it and loads afresh).
    () => revalidator.revalidate()
  )

  return { lots: shown, announcement }
}
