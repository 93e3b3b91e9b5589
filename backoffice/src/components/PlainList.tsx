import type { ReactNode } from 'react'
import { Card } from '@mui/material'
import { styled } from '@mui/material/styles'
import {
  ListBase,
  Loading,
  Offline,
  Pagination,
  Title,
  TopToolbar,
  useListContext,
  type ListBaseProps,
  type RaRecord,
} from 'react-admin'

/**
 * react-admin's <List> for a list with no filters, no create or export button and no empty page
 * (`empty={false}`): the same ListBase, the same page (title, empty toolbar, card, pagination,
 * offline notice) and class names, so the theme's RaList styles apply. <List> also brings its
 * filter form, and with it react-hook-form, into the screen's code (24 kB gzip); the booking
 * lists, the agent's first screen on a phone, use none of it.
 */
export function PlainList<T extends RaRecord>({
  title,
  children,
  perPage = 10,
  ...props
}: Omit<ListBaseProps<T>, 'children' | 'render' | 'empty' | 'loading' | 'error' | 'offline'> & {
  title: string
  children: ReactNode
}) {
  return (
    <ListBase<T> perPage={perPage} authLoading={<Loading />} offline={false} {...props}>
      <PlainListView title={title}>{children}</PlainListView>
    </ListBase>
  )
}

/** ra-ui-materialui's ListView with its defaults, as <List> renders it without filters and actions. */
function PlainListView({ title, children }: { title: string; children: ReactNode }) {
  const { defaultTitle, isPaused, isPending, isPlaceholderData, resource } = useListContext()
  return (
    <Root className="list-page">
      <Title title={title} defaultTitle={defaultTitle} preferenceKey={`${resource}.list.title`} />
      <div className="RaList-main">
        <Toolbar className="RaList-actions">
          <span />
          <TopToolbar />
        </Toolbar>
        <Card className="RaList-content">{isPaused && (isPending || isPlaceholderData) ? <Offline /> : children}</Card>
        <Pagination />
      </div>
    </Root>
  )
}

// ListView's and ListToolbar's styles, under their names (theme overrides of RaList apply), rule
// for rule: the page gets the same style sheet as under <List>.
const Root = styled('div', {
  name: 'RaList',
  overridesResolver: (_props, styles) => styles.root,
})(({ theme }) => ({
  display: 'flex',
  '& .RaList-main': { flex: '1 1 auto', display: 'flex', flexDirection: 'column' },
  '& .RaList-content': {
    position: 'relative',
    [theme.breakpoints.down('sm')]: { boxShadow: 'none' },
    overflow: 'inherit',
  },
  '& .RaList-noActions': { marginTop: '1em' },
  '& .RaList-actions': {},
  '& .RaList-noResults': { flex: 1 },
}))

const Toolbar = styled('div', {
  name: 'RaListToolbar',
  overridesResolver: (_props, styles) => styles.root,
})(({ theme }) => ({
  display: 'flex',
  position: 'relative',
  justifyContent: 'space-between',
  alignItems: 'flex-end',
  width: '100%',
  [theme.breakpoints.down('md')]: { flexWrap: 'wrap' },
  [theme.breakpoints.down('sm')]: {
    backgroundColor: (theme.vars || theme).palette.background.paper,
    flexWrap: 'inherit',
    flexDirection: 'column-reverse',
  },
}))
