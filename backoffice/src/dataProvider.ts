import type { DataProvider } from 'react-admin'
import { plugins } from './plugins'
import type { BackofficePlugin, ResourceEndpoint } from './plugins/types'
import type { BackofficeDataProvider } from './providers/dataProvider'
import { httpClient, type HttpClient } from './providers/http'
import { createRestProvider } from './providers/restProvider'

type MethodsOf<Plugin> = Plugin extends BackofficePlugin<infer Methods> ? Methods : never
type Intersection<Union> = (Union extends unknown ? (part: Union) => void : never) extends (all: infer All) => void
  ? All
  : never
/** What the plugins of the list contribute; the compiler holds BackofficeDataProvider to it. */
type PluginsDataProvider = DataProvider & Intersection<MethodsOf<(typeof plugins)[number]>>

/**
 * The backoffice's one data provider: react-admin's CRUD calls on /api, with resource names
 * mapped to their endpoints (ra-data-simple-rest's dialect), and every plugin's named methods.
 */
export function createDataProvider({
  endpoints = {},
  http = httpClient,
}: { endpoints?: Record<string, ResourceEndpoint>; http?: HttpClient } = {}): BackofficeDataProvider {
  const { resources, api } = createRestProvider({ endpoints, http })
  const parts = plugins.map((plugin: BackofficePlugin) => plugin.dataProvider?.(api) ?? {})
  const composed: PluginsDataProvider = Object.assign({}, ...parts, resources)
  return composed
}
