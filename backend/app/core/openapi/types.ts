import type { RequiredRole } from '#core/roles'

/**
 * What a module says about its routes, for the API reference served at /api/docs. Each
 * module keeps these in its own `openapi.ts`; the generator (document.ts) merges them with
 * the router's table, so a route nobody documented, or a document naming no route, is seen.
 */

/** A JSON Schema (draft 7 as VineJS writes it, a subset of OpenAPI 3.1's dialect). */
export type JsonSchema = { [keyword: string]: unknown }

/** A compiled VineJS validator (`vine.create(...)`): the very one the controller validates with. */
export interface SchemaSource {
  toJSONSchema(): object
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** `'METHOD /api/pattern'`, the pattern exactly as the router has it (`PUT /api/bookings/:id/agent-response`); the live updates are under `/__transmit`. */
export type OperationKey = `${HttpMethod} /api/${string}` | `${HttpMethod} /__transmit/${string}`

/** A response: a description, or a description with its content or headers. */
export type ResponseDoc =
  | string
  | {
      description: string
      contentType?: string
      schema?: JsonSchema
      headers?: Record<string, { description: string; schema?: JsonSchema }>
    }

/** A list in the ra-data-simple-rest dialect (app/core/listing.ts). */
export type ListDoc = {
  /** The resource named by Content-Range (`lots 0-24/120`). */
  resource: string
  /** The fields `sort` accepts. */
  sort: readonly string[]
  defaultSort: readonly [string, 'ASC' | 'DESC']
  /** The keys `filter` understands, and what each does. */
  filter?: Record<string, string>
  /** False for an answer that is every row in another form (the CSV export): no `range`, no Content-Range. */
  paged?: boolean
}

/** A multipart/form-data body: the validated fields beside the files. */
export type MultipartDoc = {
  fields?: SchemaSource
  files: Record<string, { description: string; required?: boolean; multiple?: boolean }>
}

export type OperationDoc = {
  /** One line, in the business's words. */
  summary: string
  description?: string
  /** Descriptions of the path parameters (`:id` ...). */
  params?: Record<string, string>
  /** The JSON body: the validator the controller uses. */
  body?: SchemaSource
  /** The query string: the validator the controller uses, or a schema when it reads the query itself. */
  query?: SchemaSource | JsonSchema
  multipart?: MultipartDoc
  list?: ListDoc
  /**
   * The roles the route's policy admits at all, checked first in the controller, before any lookup
   * or validation (`agent_admin` admits super admins too, as the route guard does): the reference
   * names them and adds a 403.
   */
  admits?: RequiredRole
  /** By status. A 2xx defaults to `200 Success`; 401, 403, 404 and 422 are added where they apply. */
  responses?: { [status: number]: ResponseDoc }
}

export type ModuleDocs = {
  /** The module's tag in the reference. */
  tag: string
  description: string
  operations: { [key: OperationKey]: OperationDoc }
}

/** One route of the router's table, as the generator needs it. */
export type RouteEntry = {
  pattern: string
  /** HEAD is left out, as `node ace list:routes` does. */
  methods: string[]
  /** Named middleware (auth, silentAuth ...) with their arguments. */
  middleware: Array<{ name: string; args?: unknown }>
  /** Path parameters constrained to whole numbers (`router.matchers.number()`). */
  numericParams: string[]
}
