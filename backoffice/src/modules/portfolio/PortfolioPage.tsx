import { useState } from 'react'
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  InputAdornment,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material'
import AddIcon from '@mui/icons-material/Add'
import SearchIcon from '@mui/icons-material/Search'
import TableRowsIcon from '@mui/icons-material/TableRows'
import ViewModuleIcon from '@mui/icons-material/ViewModule'
import { Title } from 'react-admin'
import { useDebounced } from '../../hooks/useDebounced'
import { messageOf } from '../../messages'
import { AddToCatalogueDialog } from './AddToCatalogueDialog'
import { PropertyDetailsDialog } from './PropertyDetailsDialog'
import { PropertyCards, PropertyTable } from './PropertyViews'
import { usePortfolio } from './queries'
import type { PortfolioSort, PortfolioStats, PortfolioStatusFilter } from './types'

export const PROPERTIES_LOAD_FAILED = 'Failed to load properties. Please try again later.'

const STATUS_FILTERS: { id: PortfolioStatusFilter; name: string }[] = [
  { id: 'all', name: 'All Statuses' },
  { id: 'active', name: 'Active' },
  { id: 'sold', name: 'Sold' },
  { id: 'pending', name: 'Pending' },
]

const SORTS: { id: PortfolioSort; name: string }[] = [
  { id: 'dateOwned', name: 'Newest first' },
  { id: 'name', name: 'Name A-Z' },
  { id: 'price', name: 'Price: high to low' },
  { id: 'shares', name: 'Most shared' },
]

const SUMMARY: { label: string; value: (stats: PortfolioStats) => number }[] = [
  { label: 'Total Properties', value: (stats) => stats.totalProperties },
  { label: 'Active Properties', value: (stats) => stats.activeProperties },
  { label: 'Sold Properties', value: (stats) => stats.soldProperties },
  { label: 'Total Shares', value: (stats) => stats.totalShares },
]

/**
 * My Properties, /agent-properties (requirements: agent-admin.md#portfolio): the agent admin's
 * own entries and those their agency shares, searched, filtered and sorted by the backend, as
 * cards or a table; details, sharing, the public page, and Add to Catalogue.
 */
export default function PortfolioPage() {
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState<PortfolioStatusFilter>('all')
  const [sort, setSort] = useState<PortfolioSort>('dateOwned')
  const [view, setView] = useState<'cards' | 'table'>('cards')
  const [viewingId, setViewingId] = useState<number | null>(null)
  const [adding, setAdding] = useState(false)
  const debouncedSearch = useDebounced(search)
  const portfolio = usePortfolio({ search: debouncedSearch, status, sort })

  const properties = portfolio.data?.data.properties ?? []
  const stats = portfolio.data?.data.stats
  // The modal follows the list, so a share's new count shows in it too.
  const viewing = properties.find((property) => property.id === viewingId) ?? null
  const clearFilters = () => {
    setSearch('')
    setStatus('all')
    setSort('dateOwned')
  }

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="My Properties" />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Box>
          <Typography variant="h5" component="h1">
            My Properties Portfolio
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Properties your bookings made yours and those your agency shares. Share them with clients.
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          Add to Catalogue
        </Button>
      </Stack>

      {stats && (
        <Box
          component="section"
          aria-label="Portfolio summary"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}
        >
          {SUMMARY.map((card) => (
            <Card key={card.label} sx={{ flex: '1 1 180px' }}>
              <CardContent>
                <Typography variant="overline" color="text.secondary" component="h2">
                  {card.label}
                </Typography>
                <Typography variant="h4" component="p">
                  {card.value(stats)}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
      )}

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
        <TextField
          size="small"
          label="Search properties"
          placeholder="Name or lot number"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ minWidth: 260 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <TextField
          select
          size="small"
          label="Status"
          value={status}
          onChange={(event) => setStatus(event.target.value as PortfolioStatusFilter)}
          sx={{ minWidth: 160 }}
        >
          {STATUS_FILTERS.map((filter) => (
            <MenuItem key={filter.id} value={filter.id}>
              {filter.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Sort by"
          value={sort}
          onChange={(event) => setSort(event.target.value as PortfolioSort)}
          sx={{ minWidth: 180 }}
        >
          {SORTS.map((option) => (
            <MenuItem key={option.id} value={option.id}>
              {option.name}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flexGrow: 1 }} />
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_event, next: 'cards' | 'table' | null) => next && setView(next)}
          aria-label="View"
          // A thumb's target: 44 px, as every control on a phone.
          sx={{ '& .MuiToggleButton-root': { minWidth: 44, minHeight: 44 } }}
        >
          <ToggleButton value="cards" aria-label="Cards view">
            <ViewModuleIcon fontSize="small" />
          </ToggleButton>
          <ToggleButton value="table" aria-label="Table view">
            <TableRowsIcon fontSize="small" />
          </ToggleButton>
        </ToggleButtonGroup>
      </Stack>

      {portfolio.isPending ? (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={22} />
          <Typography>Loading properties...</Typography>
        </Stack>
      ) : portfolio.isError && !portfolio.data ? (
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={() => portfolio.refetch()}>
              Try Again
            </Button>
          }
        >
          {messageOf(portfolio.error, PROPERTIES_LOAD_FAILED)}
        </Alert>
      ) : properties.length === 0 ? (
        <Card variant="outlined" sx={{ textAlign: 'center', py: 5 }}>
          <Typography variant="h6" component="p">
            No properties found
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {search || status !== 'all'
              ? 'No property matches these filters.'
              : 'Add a property you own to your catalogue to start sharing it.'}
          </Typography>
          <Button variant="outlined" onClick={clearFilters}>
            Clear Filters
          </Button>
        </Card>
      ) : view === 'cards' ? (
        <PropertyCards properties={properties} onView={(property) => setViewingId(property.id)} />
      ) : (
        <Card>
          <PropertyTable properties={properties} onView={(property) => setViewingId(property.id)} />
        </Card>
      )}

      <PropertyDetailsDialog property={viewing} onClose={() => setViewingId(null)} />
      <AddToCatalogueDialog open={adding} onClose={() => setAdding(false)} />
    </Box>
  )
}
