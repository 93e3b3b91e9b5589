import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LandmarkSlider, SLIDE_INTERVAL_MS } from '~/components/public/landing/landmark-slider'

const SLIDES = Array.from({ length: 6 }, (_, index) => ({
  src: `/images/landmarks/${index}.svg`,
  alt: `Landmark ${index + 1}`,
  title: `Landmark ${index + 1}`,
  caption: `Caption ${index + 1}`,
}))

function mockReducedMotion(reduce: boolean) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  }))
}

const current = () =>
  screen.getAllByRole('button', { name: /^Show slide/ }).findIndex((dot) => dot.getAttribute('aria-current') === 'true')

describe('LandmarkSlider', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    mockReducedMotion(false)
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('advances every 3 seconds and wraps round after the sixth slide', () => {
    render(<LandmarkSlider slides={SLIDES} label="Landmarks" />)
    expect(current()).toBe(0)
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS))
    expect(current()).toBe(1)
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 5))
    expect(current()).toBe(0)
  })

  it('stops when paused and goes on when played', () => {
    render(<LandmarkSlider slides={SLIDES} label="Landmarks" />)
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }))
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 3))
    expect(current()).toBe(0)
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }))
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS))
    expect(current()).toBe(1)
  })

  it('is driven from the keyboard and by its buttons', () => {
    render(<LandmarkSlider slides={SLIDES} label="Landmarks" />)
    const carousel = screen.getByRole('region', { name: 'Landmarks' })
    fireEvent.keyDown(carousel, { key: 'ArrowRight' })
    expect(current()).toBe(1)
    fireEvent.keyDown(carousel, { key: 'ArrowLeft' })
    fireEvent.keyDown(carousel, { key: 'ArrowLeft' })
    expect(current()).toBe(5)
    fireEvent.keyDown(carousel, { key: 'Home' })
    expect(current()).toBe(0)
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 4: Landmark 4' }))
    expect(current()).toBe(3)
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }))
    expect(current()).toBe(4)
    // Only the slide on show is exposed to assistive technology.
    expect(screen.getAllByRole('group', { hidden: false })).toHaveLength(1)
  })

  it('holds still while focused inside', () => {
    render(<LandmarkSlider slides={SLIDES} label="Landmarks" />)
    fireEvent.focus(screen.getByRole('button', { name: 'Next slide' }))
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 2))
    expect(current()).toBe(0)
  })

  it('does not move by itself for a visitor who prefers reduced motion', () => {
    mockReducedMotion(true)
    render(<LandmarkSlider slides={SLIDES} label="Landmarks" />)
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 3))
    expect(current()).toBe(0)
    expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeTruthy()
  })
})
