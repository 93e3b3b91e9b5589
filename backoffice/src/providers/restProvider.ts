import simpleRestProvider from 'ra-data-simple-rest'
import { HttpError, type DataProvider, type GetListParams, type RaRecord } from 'react-admin'
import type { DataProviderApi, ResourceEndpoint } from '../plugins/types'
import type { HttpClient } from './http'

export const API_URL = '/api'

export interface FieldError {
  field: string
  message: string
}

/** The answer of an action endpoint: its message for the user, and the record it changed. */
export type ActionResult<T = Record<string, unknown>> = T & { message: string }

/** A list the backend answers as an array, or as `{ data }`. */
export type Listed<T> = T[] | { data: T[] }

export function listOf<T>(answer: Listed<T>): T[] {
  return Array.isArray(answer) ? answer : answer.data
}

/**
 * react-admin forms show server-side errors given as `{ field: message }`; the backend's one
 * error shape lists them as `[{ field, message }]`.
 */
function withFormErrors(error: unknown): unknown {
  if (!(error instanceof HttpError)) return error
  const body = error.body as { message?: string; errors?: unknown } | undefined
  if (!Array.isArray(body?.errors)) return error
  const fieldErrors = body.errors as FieldError[]
  const errors = Object.fromEntries(fieldErrors.map(({ field, message }) => [field, message]))
  return new HttpError(error.message, error.status, { ...body, errors, fieldErrors })
}

/**
 * react-admin's CRUD calls: ra-data-simple-rest on /api (the backend's resource endpoints speak
 * its dialect), with resource names mapped to their endpoints; and the calls the plugins'
 * named methods are made of.
 */
export function createRestProvider({
  endpoints,
  http,
}: {
  endpoints: Record<string, ResourceEndpoint>
  http: HttpClient
}): { resources: DataProvider; api: DataProviderApi } {
  const rest = simpleRestProvider(API_URL, http)
  const list = (resource: string) => endpoints[resource]?.list ?? resource
  const record = (resource: string) => endpoints[resource]?.record ?? list(resource)
  const api: DataProviderApi = {
    json: async <T>(path: string, init?: RequestInit) => (await http(`${API_URL}${path}`, init)).json as T,
    text: async (path: string) => (await http(`${API_URL}${path}`)).body,
  }

  /** A list paged by `page` and `perPage`, answered as `{ data, total }`. */
  const pagedList = async <T extends RaRecord>(resource: string, { pagination }: GetListParams) => {
    const page = pagination?.page ?? 1
    const perPage = pagination?.perPage ?? 25
    const answer = await api.json<{ data: T[]; total: number }>(
      `/${list(resource)}?${new URLSearchParams({ page: String(page), perPage: String(perPage) })}`
    )
    return { data: answer.data, total: answer.total }
  }

  const resources: DataProvider = {
    getList: <T extends RaRecord>(resource: string, params: GetListParams) =>
      endpoints[resource]?.paging === 'page' ? pagedList<T>(resource, params) : rest.getList<T>(list(resource), params),
    getOne: (resource, params) => rest.getOne(record(resource), params),
    getMany: (resource, params) => rest.getMany(list(resource), params),
    getManyReference: (resource, params) => rest.getManyReference(list(resource), params),
    create: (resource, params) =>
      rest.create(record(resource), params).catch((error) => {
        throw withFormErrors(error)
      }),
    update: (resource, params) =>
      rest.update(record(resource), params).catch((error) => {
        throw withFormErrors(error)
      }),
    updateMany: (resource, params) => rest.updateMany(record(resource), params),
    delete: (resource, params) => rest.delete(record(resource), params),
    deleteMany: (resource, params) => rest.deleteMany(record(resource), params),
  }
  return { resources, api }
}
