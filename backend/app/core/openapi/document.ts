import { MAX_PAGE_SIZE } from '#core/listing'
import { ROLES, roleAdmits } from '#core/roles'

/**
 * The OpenAPI document built from the router's table and the validators' own `toJSONSchema()`, plus one
 * entry per route in start/api_reference.ts.
 */

export type JsonSchema = { [keyword: string]: unknown }

/** A compiled VineJS validator (`vine.create(...)`): the very one the controller validates with. */
export interface SchemaSource {
  toJSONSchema(): object
}

export type RouteDoc =
  | string
  | {
      summary: string
      /** Whom the route's policy admits, asked before any lookup or validation (`agent_admin`: super admins too). */
      admits?: 'agent_admin' | 'super_admin'
      body?: SchemaSource
      query?: SchemaSource
      /** A multipart form: its validated fields and its files. */
      form?: { fields?: SchemaSource; files: Record<string, 'required' | 'optional' | 'many'> }
      /** A list in core/listing.ts's dialect: a page of it, or every row as CSV. */
      list?: 'page' | 'export'
    }

/** By tag, then by `'METHOD /pattern'` exactly as the router has it (`PUT /api/bookings/:id/agent-response`). */
export type RouteDocs = Record<string, Record<string, RouteDoc>>

/** One route of the router's table: named middleware, and the parameters constrained to numbers. */
export type RouteEntry = { pattern: string; methods: string[]; middleware: string[]; numericParams: string[] }

export function operationKey(method: string, pattern: string): string {
  return `${method.toUpperCase()} ${pattern}`
}

export function openApiPath(pattern: string): string {
  return pattern.replace(/:(\w+)\??/g, '{$1}').replace(/\*/g, '{wildcard}')
}

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` })
const LIST_PARAMETERS = {
  page: ['ListSort', 'ListRange', 'ListFilter'].map((name) => ref('parameters', name)),
  export: ['ListSort', 'ListFilter'].map((name) => ref('parameters', name)),
}

const LIST_ANSWERS = {
  page: { description: 'A page of the list', headers: { 'Content-Range': ref('headers', 'ContentRange') } },
  export: { description: 'Every row, as CSV', content: { 'text/csv': { schema: { type: 'string' } } } },
}

export function buildOpenApiDocument(
  routes: RouteEntry[],
  docs: RouteDocs,
  options: { version: string; sessionCookie: string }
) {
  const documented = new Map(
    Object.entries(docs).flatMap(([tag, entries]) =>
      Object.entries(entries).map(([key, doc]) => [key, { tag, ...(typeof doc === 'string' ? { summary: doc } : doc) }])
    )
  )
  const paths: Record<string, Record<string, ReturnType<typeof operation>>> = {}
  for (const route of routes) {
    const operations = (paths[openApiPath(route.pattern)] ??= {})
    for (const method of route.methods) {
      operations[method.toLowerCase()] = operation(route, method, documented.get(operationKey(method, route.pattern)))
    }
  }
  return {
    openapi: '3.1.0' as const,
    info: { title: 'Aero Industrial Hub API', version: options.version, description: introduction(options) },
    servers: [{ url: '/' }],
    tags: Object.keys(docs).map((name) => ({ name })),
    paths,
    components: components(options.sessionCookie),
  }
}

function operation(route: RouteEntry, method: string, doc?: Exclude<RouteDoc, string> & { tag: string }) {
  const signedIn = route.middleware.includes('auth')
  const pathParams = [...route.pattern.matchAll(/:(\w+)/g)].map(([, name]) => name)
  const parameters: JsonSchema[] = [
    ...pathParams.map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: route.numericParams.includes(name) ? { type: 'integer', minimum: 0 } : { type: 'string' },
    })),
    ...(doc?.query ? queryParameters(schemaOf(doc.query)) : []),
    ...(doc?.list ? LIST_PARAMETERS[doc.list] : []),
  ]
  const requestBody = doc && requestBodyOf(doc)

  const responses: Record<string, JsonSchema> = { 200: doc?.list ? LIST_ANSWERS[doc.list] : { description: 'Success' } }
  if (signedIn) responses[401] = ref('responses', 'Unauthorized')
  if (doc?.admits) responses[403] = ref('responses', 'Forbidden')
  if (pathParams.length) responses[404] = ref('responses', 'NotFound')
  if (requestBody || doc?.query || doc?.list) responses[422] = ref('responses', 'ValidationFailed')

  const cookie = ['GET', 'HEAD', 'OPTIONS'].includes(method) ? { cookieAuth: [] } : { cookieAuth: [], xsrfToken: [] }
  const security = signedIn
    ? [{ bearerAuth: [] }, cookie]
    : route.middleware.includes('silentAuth')
      ? [{}, { bearerAuth: [] }, cookie]
      : []
  const admitted = doc?.admits && ROLES.filter((role) => roleAdmits(doc.admits!, role))
  return {
    operationId: operationId(method, route.pattern),
    ...(doc ? { summary: doc.summary } : {}),
    description: admitted
      ? `**Sign-in:** required, as ${admitted.map((role) => `\`${role}\``).join(', ')}.`
      : `**Sign-in:** ${signedIn ? 'required' : security.length ? 'optional; used when there is one' : 'none, public'}.`,
    tags: doc ? [doc.tag] : [],
    security,
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  }
}

/** `PUT /api/bookings/:id/agent-response` -> `putBookingsIdAgentResponse`: unique per route and method. */
function operationId(method: string, pattern: string): string {
  const words = pattern.replace(/^\/api\//, '').match(/[A-Za-z0-9]+/g) ?? []
  return method.toLowerCase() + words.map((word) => word[0].toUpperCase() + word.slice(1)).join('')
}

function queryParameters(schema: JsonSchema): JsonSchema[] {
  const required = (schema.required ?? []) as string[]
  return Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.includes(name),
    schema: property,
  }))
}

function requestBodyOf(doc: Exclude<RouteDoc, string>): JsonSchema | undefined {
  const content: Record<string, { schema: JsonSchema }> = {}
  if (doc.body) content['application/json'] = { schema: schemaOf(doc.body) }
  if (doc.form) {
    const fields = doc.form.fields ? schemaOf(doc.form.fields) : {}
    const properties = { ...((fields.properties ?? {}) as Record<string, JsonSchema>) }
    const required = [...((fields.required ?? []) as string[])]
    for (const [name, kind] of Object.entries(doc.form.files)) {
      const file = { type: 'string', format: 'binary' }
      properties[name] = kind === 'many' ? { type: 'array', items: file } : file
      if (kind === 'required') required.push(name)
    }
    content['multipart/form-data'] = { schema: { ...fields, type: 'object', properties, required } }
  }
  if (!Object.keys(content).length) return undefined
  // A body whose every field is optional may be left out: an empty body decides too.
  return { required: Object.values(content).some(({ schema }) => (schema.required as [])?.length), content }
}

/** The validator's JSON Schema; one that cannot describe itself is named, not fatal. */
function schemaOf(source: SchemaSource): JsonSchema {
  try {
    const { $schema: _dialect, ...schema } = source.toJSONSchema() as JsonSchema
    return schema
  } catch (error) {
    return { type: 'object', 'x-schema-unavailable': error instanceof Error ? error.message : String(error) }
  }
}

function introduction({ sessionCookie }: { sessionCookie: string }): string {
  return [
    "The REST API of the Aero Industrial Hub booking platform, generated from the routes and their validators. Every path is under `/api` on the site's own origin (the live updates, server-sent events, under `/__transmit`).",
    `**Signing in:** \`POST /api/auth/login\` answers a \`token\` for \`Authorization: Bearer <token>\`, and sets the httpOnly session cookie \`${sessionCookie}\` for browsers; a write signed by the cookie also sends \`X-XSRF-TOKEN\` with the URL-decoded \`XSRF-TOKEN\` cookie. A sign-in lasts 24 hours unless extended, never past 30 days.`,
    "**Roles:** `user`, `agent_admin`, `admin` (the same rights as `super_admin`), `super_admin`. Finer rules than a route's roles answer 403 with a message.",
    '**Errors** are JSON `{ message, errors?: [{ field, message }] }`: 401 not signed in, 403 not allowed, 404 no such record, 409 a conflict, 422 invalid input, 429 too many attempts, 503 the database is briefly out of reach (retry after `Retry-After`).',
    `**Lists** follow ra-data-simple-rest: JSON \`sort\`, \`range\` and \`filter\`; the answer is an array with \`Content-Range: <resource> <from>-<to>/<total>\`, at most ${MAX_PAGE_SIZE} rows a page.`,
  ].join('\n\n')
}

function components(sessionCookie: string) {
  const error = (description: string) => ({
    description,
    content: { 'application/json': { schema: ref('schemas', 'Error') } },
  })
  const json = (name: string, description: string) => ({ name, in: 'query', description, schema: { type: 'string' } })
  return {
    schemas: {
      Error: {
        type: 'object',
        required: ['message'],
        properties: {
          message: { type: 'string' },
          errors: { type: 'array', items: { type: 'object', properties: { field: {}, message: {} } } },
        },
      },
    },
    parameters: {
      ListSort: json('sort', '`["field","ASC"]` or `["field","DESC"]`; an unknown field is a 422.'),
      ListRange: json(
        'range',
        `\`[from, to]\`, zero-based and inclusive, at most ${MAX_PAGE_SIZE} rows; \`[0,24]\` if left out.`
      ),
      ListFilter: json('filter', 'A JSON object of the filters the list understands.'),
    },
    headers: { ContentRange: { description: '`<resource> <from>-<to>/<total>`', schema: { type: 'string' } } },
    responses: {
      Unauthorized: error('Not signed in, or the sign-in expired.'),
      Forbidden: error('Not allowed: the message says why.'),
      NotFound: error('No such record.'),
      ValidationFailed: error('Invalid input: `errors` names each field.'),
    },
    securitySchemes: {
      bearerAuth: { type: 'http', scheme: 'bearer' },
      cookieAuth: { type: 'apiKey', in: 'cookie', name: sessionCookie },
      xsrfToken: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
    },
  }
}
