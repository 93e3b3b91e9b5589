import type { Theme } from '@mui/material'
import { defaultLightTheme, type RaThemeOptions } from 'react-admin'

const navy = '#1b2a4a'
const teal = '#0f8b8d'

/** react-admin's light theme in the product's navy and teal. */
export const theme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    mode: 'light',
    primary: { main: navy, contrastText: '#ffffff' },
    secondary: { main: teal, contrastText: '#ffffff' },
    background: { default: '#f4f6f9', paper: '#ffffff' },
    text: { primary: '#1f2937', secondary: '#5b6473' },
    // MUI's defaults put white text at 3.1:1 (warning) and 3.9:1 (info) on the status chips;
    // these darker tones keep it above 4.5:1 (WCAG AA).
    info: { main: '#01579b', contrastText: '#ffffff' },
    warning: { main: '#b45309', contrastText: '#ffffff' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h5: { fontWeight: 600 },
    h6: { fontWeight: 600 },
  },
  sidebar: { width: 260, closedWidth: 56 },
  components: {
    ...defaultLightTheme.components,
    MuiCard: { defaultProps: { variant: 'outlined' } },
    // react-admin's layout and lists grow to their widest content; a phone's page stays the
    // screen's width, lists there being cards and what is still wider (tabs) scrolling in its own box.
    RaLayout: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({
          [theme.breakpoints.down('sm')]: { minWidth: 0, '& .RaLayout-content': { minWidth: 0 } },
        }),
      },
    },
    RaList: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({
          // On a phone an empty toolbar (a list without actions) leaves no blank band, and the
          // page arrows are a thumb's size.
          [theme.breakpoints.down('sm')]: {
            '& .RaList-main': { minWidth: 0 },
            '& .RaList-actions .MuiToolbar-root:empty': { display: 'none' },
            '& .MuiTablePagination-actions .MuiIconButton-root': { minWidth: 44, minHeight: 44 },
          },
        }),
      },
    },
    RaMenuItemLink: {
      styleOverrides: {
        root: {
          borderLeft: '3px solid transparent',
          '&.RaMenuItemLink-active': {
            borderLeftColor: teal,
            color: navy,
            fontWeight: 600,
            '& .RaMenuItemLink-icon': { color: teal },
          },
        },
      },
    },
  },
}
