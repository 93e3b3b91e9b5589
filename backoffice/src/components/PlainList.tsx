import type { MouseEvent, ReactNode } from 'react'
import { Card, IconButton, Toolbar as MuiToolbar, Typography } from '@mui/material'
import { styled } from '@mui/material/styles'
import KeyboardArrowLeft from '@mui/icons-material/KeyboardArrowLeft'
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight'
import {
  ListBase,
  Loading,
  Offline,
  Title,
  TopToolbar,
  useListContext,
  useListPaginationContext,
  useTranslate,
  type ListBaseProps,
  type RaRecord,
} from 'react-admin'

/**
 * react-admin's <List> for a list with no filters, no create or export button and no empty page
 * (`empty={false}`) paged by ListPager: the same ListBase, the same page (title, empty toolbar,
 * card, pagination, offline notice) and class names, so the theme's RaList styles apply. <List>
 * also brings its filter form, and with it react-hook-form, into the screen's code (24 kB gzip);
 * the booking lists, the agent's first screen on a phone, use none of it.
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
        <ListPager />
      </div>
    </Root>
  )
}

/**
 * A list's pages as react-admin's <Pagination> shows them on a narrow screen ("1-25 of 40" and
 * the previous and next page arrows), on every screen: no rows-per-page menu. <Pagination>
 * brings MUI's TablePagination with its select, menu and numbered pages into the screen's code.
 */
export function ListPager() {
  const { isPending, hasNextPage, page, perPage, total, setPage } = useListPaginationContext()
  const translate = useTranslate()
  if (isPending) return <MuiToolbar variant="dense" />
  // As <Pagination>: nothing for no results or a page past the last.
  if (total === 0 || page < 1 || (total != null && page > Math.ceil(total / perPage))) return null

  const from = (page - 1) * perPage + 1
  const to = total != null ? Math.min(total, page * perPage) : page * perPage
  const range =
    total == null && hasNextPage
      ? translate('ra.navigation.partial_page_range_info', {
          offsetBegin: from,
          offsetEnd: to,
          _: '%{offsetBegin}-%{offsetEnd} of more than %{offsetEnd}',
        })
      : translate('ra.navigation.page_range_info', {
          offsetBegin: from,
          offsetEnd: to,
          total: total ?? to,
          _: '%{offsetBegin}-%{offsetEnd} of %{total}',
        })
  const previous = translate('ra.navigation.previous', { _: 'Go to previous page' })
  const next = translate('ra.navigation.next', { _: 'Go to next page' })
  const lastPage = total != null ? page >= Math.ceil(total / perPage) : !hasNextPage
  const go = (to: number) => (event: MouseEvent) => {
    event.stopPropagation()
    setPage(to)
  }
  return (
    <Pager className="RaListPager-root">
      <Typography variant="body2" className="RaListPager-range">
        {range}
      </Typography>
      <div className="RaListPager-actions">
        <IconButton onClick={go(page - 1)} disabled={page <= 1} aria-label={previous} title={previous} color="inherit">
          <KeyboardArrowLeft />
        </IconButton>
        <IconButton onClick={go(page + 1)} disabled={lastPage} aria-label={next} title={next} color="inherit">
          <KeyboardArrowRight />
        </IconButton>
      </div>
    </Pager>
  )
}

// TablePagination's toolbar: the range and the arrows at the end of a 52px row; on a phone the
// arrows are a thumb's size.
const Pager = styled('div', { name: 'RaListPager' })(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  minHeight: 52,
  paddingLeft: theme.spacing(2),
  paddingRight: 2,
  color: (theme.vars || theme).palette.text.primary,
  '& .RaListPager-range': { flexShrink: 0 },
  '& .RaListPager-actions': { flexShrink: 0, marginLeft: 20 },
  [theme.breakpoints.down('sm')]: {
    '& .RaListPager-actions .MuiIconButton-root': { minWidth: 44, minHeight: 44 },
  },
}))

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
