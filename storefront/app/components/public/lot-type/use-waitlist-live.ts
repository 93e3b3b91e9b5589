import { useNavigation, useRevalidator } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { LOTS_CHANNEL, isLotMessage } from '~/components/public/live-lots'
import type { LotMessage } from '~/components/public/live-lots'
import { userNotificationsChannel } from '~/components/notification-bell'
import { LIVE_REVALIDATE_DELAY_MS } from '~/utils/use-live-revalidate'
import { useLiveChannel } from '@aero/shared/live-client'

/** The notification kind of a waitlist offer (backend/app/waitlist): "Your turn: lot … is free". */
export const WAITLIST_OFFER_KIND = 'waitlist_offer'

interface WaitlistLiveOptions {
  /** The lots the signed-in user is in line for. */
  lotIds: readonly number[]
  /** The signed-in member or agent admin; null for anyone else (nothing of theirs to follow). */
  viewerId: string | number | null
  /** Listen to the lots' pushes here (a page without useLiveLots, such as My waitlist). */
  listenToLots?: boolean
}

/**
 * Keeps a member's own waitlist places current. What everyone sees of a line (its
 * length, an offer holding the lot) comes with the lots' pushes and applies in place
 * (useLiveLots); a member's position and an offer made to them are theirs alone, so the page's
 * data loads again, once per burst, when a lot they wait for changes or their bell brings a
 * waitlist offer. Returns the lot message listener to hand to useLiveLots.
 */
export function useWaitlistLive({
  lotIds,
  viewerId,
  listenToLots = false,
}: WaitlistLiveOptions): (message: LotMessage) => void {
  const revalidator = useRevalidator()
  const navigation = useNavigation()
  const latest = useRef({ revalidator, navigating: navigation.state !== 'idle', lotIds, viewerId })
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => {
    latest.current = { revalidator, navigating: navigation.state !== 'idle', lotIds, viewerId }
  })
  useEffect(() => () => clearTimeout(timer.current), [])

  const revalidate = () => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      if (!latest.current.navigating) latest.current.revalidator.revalidate()
    }, LIVE_REVALIDATE_DELAY_MS)
  }

  useLiveChannel<{ kind?: string } | null>(userNotificationsChannel(viewerId), (message) => {
    if (message?.kind === WAITLIST_OFFER_KIND) revalidate()
  })

  const onLotMessage = (message: LotMessage) => {
    const { lotIds: mine, viewerId: member } = latest.current
    if (member !== null && mine.includes(message.lotId)) revalidate()
  }
  useLiveChannel(listenToLots && viewerId !== null ? LOTS_CHANNEL : null, (message) => {
    if (isLotMessage(message)) onLotMessage(message)
  })
  return onLotMessage
}
