import { fireEvent, render, screen, within } from '@testing-library/react'
import { RouterProvider, createMemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { SiteHeader } from '~/components/site-header'
import type { AgencyStatus, Role } from '@aero/shared/user'

type HeaderUser = { name: string; role: Role; agencyId: string | null; agencyStatus: AgencyStatus }

function renderHeader(user: HeaderUser | null) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <SiteHeader user={user} />
            <p>Page body</p>
          </>
        ),
      },
    ],
    { initialEntries: ['/'] }
  )
  return render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
}

const mainNav = () => screen.getByRole('navigation', { name: 'Main' })
const linkTargets = (container: HTMLElement) =>
  within(container)
    .queryAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')])

describe('SiteHeader', () => {
  it('shows a signed-out visitor Unit Booking and Login, and no profile menu', () => {
    renderHeader(null)
    expect(screen.getByRole('link', { name: /home/i }).getAttribute('href')).toBe('/')
    expect(linkTargets(mainNav())).toEqual([
      ['Unit Booking', '/aero-industrial-hub'],
      ['Login', '/login'],
    ])
    expect(screen.queryByRole('button', { name: /profile/i })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull()
  })

  it('gives an approved agency member Agency Properties and a Dashboard in the profile menu', () => {
    renderHeader({ name: 'Daniel Tan', role: 'user', agencyId: '4', agencyStatus: 'approved' })
    expect(linkTargets(mainNav())).toEqual([
      ['Unit Booking', '/aero-industrial-hub'],
      ['Agency Properties', '/agency-properties'],
    ])
    fireEvent.click(screen.getByRole('button', { name: /Daniel Tan/ }))
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/enhanced-dashboard')
    const logout = screen.getByRole('button', { name: 'Logout' })
    const form = logout.closest('form')
    expect(form?.getAttribute('method')).toBe('post')
    expect(form?.getAttribute('action')).toBe('/logout')
  })

  it('hides Agency Properties while membership is pending', () => {
    renderHeader({ name: 'Pending Person', role: 'user', agencyId: '4', agencyStatus: 'pending' })
    expect(linkTargets(mainNav())).toEqual([['Unit Booking', '/aero-industrial-hub']])
  })

  it('gives an agent admin My Properties and the Agent Panel', () => {
    renderHeader({ name: 'Agent Lim', role: 'agent_admin', agencyId: '4', agencyStatus: 'none' })
    expect(linkTargets(mainNav())).toEqual([
      ['Unit Booking', '/aero-industrial-hub'],
      ['My Properties', '/agent-properties'],
    ])
    fireEvent.click(screen.getByRole('button', { name: /Agent Lim/ }))
    expect(screen.getByRole('link', { name: 'Agent Panel' }).getAttribute('href')).toBe('/agent-dashboard')
    expect(screen.queryByRole('link', { name: 'Admin Panel' })).toBeNull()
  })

  it.each(['super_admin', 'admin'] as const)('gives %s the Admin Panel', (role) => {
    renderHeader({ name: 'Boss', role, agencyId: null, agencyStatus: 'none' })
    expect(linkTargets(mainNav())).toEqual([['Unit Booking', '/aero-industrial-hub']])
    fireEvent.click(screen.getByRole('button', { name: /Boss/ }))
    expect(screen.getByRole('link', { name: 'Admin Panel' }).getAttribute('href')).toBe('/admin-dashboard')
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull()
  })

  it("labels the profile button 'Profile' when the user has no name", () => {
    renderHeader({ name: '', role: 'user', agencyId: null, agencyStatus: 'none' })
    expect(screen.getByRole('button', { name: /Profile/ })).toBeTruthy()
  })

  it('closes the profile menu on a click outside it, but not on a click inside', () => {
    renderHeader({ name: 'Daniel Tan', role: 'user', agencyId: null, agencyStatus: 'none' })
    const toggle = screen.getByRole('button', { name: /Daniel Tan/ })
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement

    expect(menu.hidden).toBe(true)
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(menu.hidden).toBe(false)

    fireEvent.mouseDown(screen.getByRole('link', { name: 'Dashboard' }))
    expect(menu.hidden).toBe(false)

    fireEvent.mouseDown(screen.getByText('Page body'))
    expect(menu.hidden).toBe(true)
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
  })

  it('closes the profile menu on Escape and puts focus back on its button', () => {
    renderHeader({ name: 'Daniel Tan', role: 'user', agencyId: null, agencyStatus: 'none' })
    const toggle = screen.getByRole('button', { name: /Daniel Tan/ })
    fireEvent.click(toggle)
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(toggle)
  })

  it('opens the mobile menu with its toggle and closes it on an outside tap', () => {
    renderHeader(null)
    const toggle = screen.getByRole('button', { name: 'Open menu' })
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement
    expect(menu.className).not.toContain('site-menu--open')

    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(menu.className).toContain('site-menu--open')
    expect(screen.getByRole('button', { name: 'Close menu' })).toBe(toggle)

    fireEvent.touchStart(screen.getByText('Page body'))
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(menu.className).not.toContain('site-menu--open')
  })

  it('closes the menus when a link is followed', () => {
    renderHeader({ name: 'Daniel Tan', role: 'user', agencyId: '4', agencyStatus: 'approved' })
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }))
    fireEvent.click(screen.getByRole('link', { name: 'Agency Properties' }))
    expect(screen.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false')
  })
})
