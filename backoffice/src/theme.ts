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
          // An empty toolbar (a list without actions) is not left as a blank band on a phone.
          [theme.breakpoints.down('sm')]: {
            '& .RaList-main': { minWidth: 0 },
            '& .RaTopToolbar-root:empty': { display: 'none' },
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
