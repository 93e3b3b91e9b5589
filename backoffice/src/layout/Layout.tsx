import type { ReactNode } from 'react'
import { Layout as RaLayout } from 'react-admin'
import { useFirstViewHandOver } from '../first-view/handOver'
import { AppBar } from './AppBar'
import { Menu } from './Menu'

export function Layout({ children }: { children: ReactNode }) {
  useFirstViewHandOver()
  return (
    <RaLayout appBar={AppBar} menu={Menu}>
      {children}
    </RaLayout>
  )
}
