import { Menu as RaMenu, useBasename, usePermissions } from 'react-admin'
import { menuForRole } from '../composition'
import { plugins } from '../plugins'
import { SidebarHeader } from './SidebarHeader'

/** The sidebar: who is signed in, then Dashboard and the entries of the plugins the role sees. */
export function Menu() {
  const { permissions } = usePermissions()
  const basename = useBasename()

  return (
    <RaMenu>
      <SidebarHeader />
      <RaMenu.DashboardItem />
      {menuForRole(plugins, permissions).map(({ label, to, icon: Icon }) => (
        <RaMenu.Item key={to} to={`${basename}${to}`} primaryText={label} leftIcon={<Icon />} />
      ))}
    </RaMenu>
  )
}
