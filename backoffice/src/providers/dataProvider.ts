import type { DataProvider } from 'react-admin'
import type { PluginDataProviders } from '../plugins/types'

type Intersection<Union> = (Union extends unknown ? (part: Union) => void : never) extends (all: infer All) => void
  ? All
  : never

/**
 * The backoffice's one data provider (built by src/dataProvider.ts): react-admin's CRUD calls,
 * and the named methods each plugin contributes for the actions that are not CRUD. Screens
 * reach the methods with `useDataProvider<BackofficeDataProvider>()`; they never call fetch.
 */
export type BackofficeDataProvider = DataProvider & Intersection<PluginDataProviders[keyof PluginDataProviders]>
