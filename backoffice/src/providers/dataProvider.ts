import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { httpClient } from './http';

export const API_URL = '/api';

/**
 * The backend's resource endpoints speak the ra-data-simple-rest dialect, so the stock provider
 * serves every resource. Custom actions (approve, reject, process, ...) join this object as named
 * methods calling `httpClient`; screens reach them with `useDataProvider<BackofficeDataProvider>()`.
 */
export const dataProvider = {
  ...simpleRestProvider(API_URL, httpClient),
} satisfies DataProvider;

export type BackofficeDataProvider = typeof dataProvider;
