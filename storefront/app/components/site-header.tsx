import { Form, Link, NavLink, useLocation } from '@remix-run/react'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import type { SessionUser } from '~/models/session-user'
import { NotificationBell } from '~/components/notification-bell'
import { headerLinks } from '~/utils/navigation'
import type { NavItem } from '~/utils/navigation'
import { useDismiss } from '~/utils/use-dismiss'

type HeaderUser = Pick<SessionUser, 'name' | 'role' | 'agencyId' | 'agencyStatus'> & Partial<Pick<SessionUser, 'id'>>

export function SiteHeader({ user }: { user: HeaderUser | null }) {
  const links = headerLinks(user)
  const location = useLocation()
  const [menuOpen, setMenuOpen] = useState(false)
  const [profileOpen, setProfileOpen] = useState(false)
  const menuRef = useRef<HTMLDivElement>(null)
  const menuButtonRef = useRef<HTMLButtonElement>(null)
  const profileRef = useRef<HTMLDivElement>(null)
  const profileButtonRef = useRef<HTMLButtonElement>(null)
  const menuId = useId()
  const profileMenuId = useId()

  const closeMenu = useCallback(() => setMenuOpen(false), [])
  const closeProfile = useCallback(() => setProfileOpen(false), [])
  useDismiss(menuOpen, menuRef, closeMenu, menuButtonRef)
  useDismiss(profileOpen, profileRef, closeProfile, profileButtonRef)

  // A followed link closes both menus.
  useEffect(() => {
    setMenuOpen(false)
    setProfileOpen(false)
  }, [location.pathname, location.search])

  return (
    <header className="site-header">
      <div className="site-header__inner" ref={menuRef}>
        <Link to="/" className="brand" aria-label="Aero Property Booking, home">
          <BrandMark />
          <span className="brand__text">
            <span className="brand__name">Aero</span>
            <span className="brand__tagline">Property Booking</span>
          </span>
        </Link>

        <button
          ref={menuButtonRef}
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="menu-toggle__bars" aria-hidden="true" />
          <span className="visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
        </button>

        <div id={menuId} className={menuOpen ? 'site-menu site-menu--open' : 'site-menu'}>
          <nav aria-label="Main" className="site-nav">
            <ul className="site-nav__list">
              {links.primary.map((item) => (
                <li key={item.to}>
                  <HeaderNavLink item={item} />
                </li>
              ))}
              {links.login ? (
                <li>
                  <Link to={links.login.to} className="button button--primary button--small">
                    {links.login.label}
                  </Link>
                </li>
              ) : null}
            </ul>
          </nav>

          {links.account ? (
            <div className="profile" ref={profileRef}>
              <button
                ref={profileButtonRef}
                type="button"
                className="profile__toggle"
                aria-expanded={profileOpen}
                aria-controls={profileMenuId}
                onClick={() => setProfileOpen((open) => !open)}
              >
                <span className="profile__avatar" aria-hidden="true">
                  {links.account.name.charAt(0).toUpperCase()}
                </span>
                <span className="profile__name">{links.account.name}</span>
                <span className="profile__caret" aria-hidden="true" />
              </button>
              <ul id={profileMenuId} className="profile__menu" hidden={!profileOpen}>
                <li>
                  <Link
                    to={links.account.panel.to}
                    reloadDocument={links.account.panel.reloadDocument}
                    className="profile__item"
                  >
                    {links.account.panel.label}
                  </Link>
                </li>
                <li>
                  <Form method="post" action="/logout">
                    <button type="submit" className="profile__item profile__item--button">
                      Logout
                    </button>
                  </Form>
                </li>
              </ul>
            </div>
          ) : null}
        </div>

        {/* Outside the folding menu: on a phone the bell and its unread count stay in the header. */}
        {links.account && user?.id != null ? <NotificationBell userId={user.id} /> : null}
      </div>
    </header>
  )
}

function HeaderNavLink({ item }: { item: NavItem }) {
  return (
    <NavLink
      to={item.to}
      reloadDocument={item.reloadDocument}
      className={({ isActive }) => (isActive ? 'site-nav__link site-nav__link--active' : 'site-nav__link')}
    >
      {item.label}
    </NavLink>
  )
}

function BrandMark() {
  return (
    <svg className="brand__mark" viewBox="0 0 40 40" width="36" height="36" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="8" fill="currentColor" />
      <path d="M8 30 L20 9 L32 30 Z" fill="none" stroke="#5eead4" strokeWidth="3" strokeLinejoin="round" />
      <path d="M14 30 V23 H26 V30" fill="none" stroke="#ffffff" strokeWidth="2.5" strokeLinejoin="round" />
    </svg>
  )
}
