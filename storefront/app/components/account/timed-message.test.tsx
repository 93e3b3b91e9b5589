import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useHeldNotice } from '~/components/account/timed-message'

type Notice = { id: string; text: string }

describe('useHeldNotice', () => {
  it('keeps a notice on screen after a revalidation reads none', () => {
    const first: Notice = { id: 'n1', text: 'Profile updated successfully' }
    const { result, rerender } = renderHook(({ notice }) => useHeldNotice(notice), {
      initialProps: { notice: first as Notice | null },
    })
    expect(result.current).toBe(first)
    rerender({ notice: null })
    expect(result.current).toBe(first)
  })

  it('replaces the held notice only with a new one', () => {
    const first: Notice = { id: 'n1', text: 'Booking cancelled' }
    const second: Notice = { id: 'n2', text: 'Profile updated successfully' }
    const { result, rerender } = renderHook(({ notice }) => useHeldNotice(notice), {
      initialProps: { notice: null as Notice | null },
    })
    expect(result.current).toBeNull()
    rerender({ notice: first })
    rerender({ notice: null })
    expect(result.current).toBe(first)
    rerender({ notice: second })
    rerender({ notice: null })
    expect(result.current).toBe(second)
  })
})
