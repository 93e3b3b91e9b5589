import { MAX_PAGE_SIZE } from '#core/listing'
import { ROLES, roleAdmits, type RequiredRole } from '#core/roles'
import type { JsonSchema, ModuleDocs, OperationDoc, ResponseDoc, RouteEntry, SchemaSource } from '#core/openapi/types'

/**
 * The OpenAPI 3.1 document of the API: a pure function of the router's table and the
 * modules' docs, so what it says about a route can only be what the route is (its path,
 * methods, middleware) and what the module wrote beside it (summary, validators, the roles
 * its policy admits).
 */

export type OpenApiOperation = {
  operationId: string
  summary?: string
  description: string
  tags: string[]
  security: Array<Record<string, string[]>>
  parameters?: JsonSchema[]
  requestBody?: JsonSchema
  responses: Record<string, JsonSchema>
}

export type OpenApiDocument = {
  openapi: '3.1.0'
  info: { title: string; version: string; description: string }
  servers: Array<{ url: string }>
  tags: Array<{ name: string; description: string }>
  paths: Record<string, Record<string, OpenApiOperation>>
  components: {
    schemas: Record<string, JsonSchema>
    parameters: Record<string, JsonSchema>
    headers: Record<string, JsonSchema>
    responses: Record<string, JsonSchema>
    securitySchemes: Record<string, JsonSchema>
  }
}

export type DocumentOptions = {
  /** backend/package.json's version. */
  version: string
  /** The browser session's cookie (config/session.ts). */
  sessionCookie: string
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** The key a module's docs use for a route: `'PUT /api/bookings/:id/agent-response'`. */
export function operationKey(method: string, pattern: string): string {
  return `${method.toUpperCase()} ${pattern}`
}

/** `/api/bookings/:id` as OpenAPI writes it: `/api/bookings/{id}`. */
export function openApiPath(pattern: string): string {
  return pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? `{${paramName(segment)}}` : segment === '*' ? '{wildcard}' : segment))
    .join('/')
}

export function buildOpenApiDocument(
  routes: RouteEntry[],
  modules: ModuleDocs[],
  options: DocumentOptions
): OpenApiDocument {
  const docs = new Map<string, { doc: OperationDoc; tag: string }>()
  for (const { tag, operations } of modules) {
    for (const [key, doc] of Object.entries(operations)) docs.set(key, { doc, tag })
  }

  const paths: OpenApiDocument['paths'] = {}
  for (const route of routes) {
    for (const method of route.methods) {
      const path = openApiPath(route.pattern)
      paths[path] ??= {}
      paths[path][method.toLowerCase()] = operation(route, method, docs.get(operationKey(method, route.pattern)))
    }
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Aero Industrial Hub API',
      version: options.version,
      description: infoDescription(options.sessionCookie),
    },
    servers: [{ url: '/' }],
    tags: modules.map(({ tag, description }) => ({ name: tag, description })),
    paths,
    components: components(options.sessionCookie),
  }
}

function operation(
  route: RouteEntry,
  method: string,
  found: { doc: OperationDoc; tag: string } | undefined
): OpenApiOperation {
  const doc = found?.doc
  const names = new Set(route.middleware.map(({ name }) => name))
  const role = doc?.admits
  const signedIn = names.has('auth')
  const pathParams = route.pattern
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map(paramName)

  const parameters: JsonSchema[] = pathParams.map((name) => ({
    name,
    in: 'path',
    required: true,
    ...(doc?.params?.[name] ? { description: doc.params[name] } : {}),
    schema: route.numericParams.includes(name) ? { type: 'integer', minimum: 0 } : { type: 'string' },
  }))
  if (doc?.query) parameters.push(...queryParameters(doc.query))
  if (doc?.list) {
    const listParams = doc.list.paged === false ? ['ListSort', 'ListFilter'] : ['ListSort', 'ListRange', 'ListFilter']
    parameters.push(...listParams.map((name) => ({ $ref: `#/components/parameters/${name}` })))
  }

  const requestBody = doc ? body(doc) : undefined
  const responses = responsesOf(doc, {
    signedIn,
    role,
    hasPathParams: pathParams.length > 0,
    validates: Boolean(requestBody || doc?.query || doc?.list),
  })

  return {
    operationId: operationId(method, route.pattern),
    ...(doc ? { summary: doc.summary } : {}),
    description: [doc?.description, doc?.list ? listDescription(doc.list) : undefined, who(names, role)]
      .filter(Boolean)
      .join('\n\n'),
    tags: found ? [found.tag] : [],
    security: security(names, WRITE_METHODS.has(method)),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  }
}

/**
 * Whether and as whom to sign in, from the route's middleware and the roles its module says the
 * route admits (finer rules are the description's and 403's).
 */
function who(names: Set<string>, role: RequiredRole | undefined): string {
  if (role) {
    const admitted = ROLES.filter((candidate) => roleAdmits(role, candidate))
    return `**Sign-in:** required, as ${admitted.map((name) => `\`${name}\``).join(', ')}.`
  }
  if (names.has('auth')) return '**Sign-in:** required.'
  if (names.has('silentAuth')) return '**Sign-in:** optional; used when there is one.'
  return '**Sign-in:** none, public.'
}

/** Bearer token or session cookie; a write signed by the cookie also carries the CSRF header. */
function security(names: Set<string>, write: boolean): Array<Record<string, string[]>> {
  const cookie: Record<string, string[]> = write ? { cookieAuth: [], xsrfToken: [] } : { cookieAuth: [] }
  const signedIn: Array<Record<string, string[]>> = [{ bearerAuth: [] }, cookie]
  if (names.has('auth')) return signedIn
  if (names.has('silentAuth')) return [{}, ...signedIn]
  return []
}

function queryParameters(source: SchemaSource | JsonSchema): JsonSchema[] {
  const schema = isSchemaSource(source) ? schemaOf(source) : source
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
  const required = new Set((schema.required ?? []) as string[])
  return Object.entries(properties).map(([name, { description, ...property }]) => ({
    name,
    in: 'query',
    required: required.has(name),
    ...(typeof description === 'string' ? { description } : {}),
    schema: property,
  }))
}

function body(doc: OperationDoc): JsonSchema | undefined {
  const content: Record<string, JsonSchema> = {}
  if (doc.body) content['application/json'] = { schema: schemaOf(doc.body) }
  if (doc.multipart) {
    const fields = doc.multipart.fields
      ? schemaOf(doc.multipart.fields)
      : { type: 'object', properties: {}, required: [] }
    const properties = { ...((fields.properties ?? {}) as Record<string, JsonSchema>) }
    const required = [...((fields.required ?? []) as string[])]
    for (const [name, file] of Object.entries(doc.multipart.files)) {
      const binary = { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' }
      properties[name] = file.multiple
        ? { type: 'array', items: binary, description: file.description }
        : { ...binary, description: file.description }
      if (file.required) required.push(name)
    }
    content['multipart/form-data'] = { schema: { ...fields, type: 'object', properties, required } }
  }
  if (!Object.keys(content).length) return undefined
  const required = Object.values(content).some(
    ({ schema }) => ((schema as JsonSchema).required as string[] | undefined)?.length
  )
  return { required, content }
}

type ResponseContext = {
  signedIn: boolean
  role: RequiredRole | undefined
  hasPathParams: boolean
  validates: boolean
}

function responsesOf(doc: OperationDoc | undefined, context: ResponseContext): Record<string, JsonSchema> {
  const responses: Record<string, JsonSchema> = {}
  for (const [status, response] of Object.entries(doc?.responses ?? {})) {
    responses[status] = responseObject(Number(status), response)
  }
  if (!Object.keys(responses).some((status) => status.startsWith('2'))) responses['200'] = { description: 'Success' }
  if (doc?.list && doc.list.paged !== false) {
    const success = Object.keys(responses).find((status) => status.startsWith('2'))!
    responses[success] = {
      ...responses[success],
      headers: { 'Content-Range': { $ref: '#/components/headers/ContentRange' } },
    }
  }
  if (context.signedIn) responses['401'] ??= { $ref: '#/components/responses/Unauthorized' }
  if (context.role) responses['403'] ??= errorResponse('Forbidden: the signed-in role does not admit this route.')
  if (context.hasPathParams) responses['404'] ??= { $ref: '#/components/responses/NotFound' }
  if (context.validates) responses['422'] ??= { $ref: '#/components/responses/ValidationFailed' }
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)))
}

function responseObject(status: number, response: ResponseDoc): JsonSchema {
  if (typeof response === 'string') return status >= 400 ? errorResponse(response) : { description: response }
  const contentType = response.contentType ?? 'application/json'
  const schema =
    response.schema ??
    (status >= 400 && contentType === 'application/json' ? { $ref: '#/components/schemas/Error' } : undefined)
  return {
    description: response.description,
    ...(response.headers ? { headers: response.headers } : {}),
    ...(schema ? { content: { [contentType]: { schema } } } : {}),
  }
}

function errorResponse(description: string): JsonSchema {
  return { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }
}

function listDescription(list: NonNullable<OperationDoc['list']>): string {
  const lines = [
    list.paged === false
      ? "Takes the list's `sort` and `filter` and answers every row."
      : `**List** (\`sort\`, \`range\`, \`filter\`; answers \`Content-Range: ${list.resource} <from>-<to>/<total>\`).`,
    `Sort by ${list.sort.map((field) => `\`${field}\``).join(', ')}; default \`${JSON.stringify(list.defaultSort)}\`.`,
  ]
  const filters = Object.entries(list.filter ?? {})
  if (filters.length) lines.push(`Filters: ${filters.map(([key, meaning]) => `\`${key}\` ${meaning}`).join('; ')}.`)
  return lines.join('\n')
}

/** The validator's JSON Schema; a validator that cannot describe itself is named, not fatal. */
function schemaOf(source: SchemaSource): JsonSchema {
  try {
    const { $schema: _dialect, ...schema } = source.toJSONSchema() as JsonSchema
    return schema
  } catch (error) {
    return {
      type: 'object',
      description: 'The schema of this payload could not be generated from its validator.',
      'x-schema-unavailable': error instanceof Error ? error.message : String(error),
    }
  }
}

function isSchemaSource(value: SchemaSource | JsonSchema): value is SchemaSource {
  return typeof (value as Partial<SchemaSource>).toJSONSchema === 'function'
}

function paramName(segment: string): string {
  return segment.slice(1).replace(/\?$/, '')
}

/** `PUT /api/bookings/:id/agent-response` -> `putBookingsIdAgentResponse`: unique per route and method. */
function operationId(method: string, pattern: string): string {
  const words = pattern
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
  return method.toLowerCase() + words.map((word) => word[0].toUpperCase() + word.slice(1)).join('')
}

function infoDescription(sessionCookie: string): string {
  return [
    'The REST API of the Aero Industrial Hub booking platform: what the storefront and the backoffice use, and where agencies integrating their own CRM start. Generated from the routes and their validators.',
    "**One origin.** Every path is under `/api` on the site's own origin (the live updates, server-sent events, under `/__transmit`); the storefront forwards both to the backend unchanged.",
    [
      '**Signing in, two ways**, both from `POST /api/auth/login` (email and password):',
      '- API clients send the `token` of its answer as `Authorization: Bearer <token>`.',
      `- Browsers get the httpOnly session cookie \`${sessionCookie}\`; a write (POST, PUT, PATCH, DELETE) signed by the cookie must also send the header \`X-XSRF-TOKEN\` with the URL-decoded value of the \`XSRF-TOKEN\` cookie.`,
      '',
      'A sign-in lasts 24 hours unless extended (`POST /api/auth/session/extend`), never past 30 days; `POST /api/auth/logout` ends it everywhere.',
    ].join('\n'),
    "**Roles:** `user`, `agent_admin`, `admin` (the same rights as `super_admin`), `super_admin`. Each route says whom it admits; finer rules (an agent admin acts on their own agency only, a booking is seen by its requester, its agency's agent admins and super admins) answer 403 with a message.",
    '**Errors** are always JSON `{ message, errors?: [{ field, message }] }`: 401 not signed in or the sign-in expired, 403 not allowed, 404 no such record, 409 a conflict (the lot was just taken), 422 invalid input (each field named), 429 too many attempts, 503 the database is briefly out of reach (nothing was written; try again after `Retry-After` seconds).',
    `**Lists** follow ra-data-simple-rest: \`sort\`, \`range\` and \`filter\` are JSON, literal or percent-encoded; the answer is a JSON array with \`Content-Range: <resource> <from>-<to>/<total>\`, at most ${MAX_PAGE_SIZE} rows a page.`,
    '**Records** carry `id` and `_id` with the same value. Money is in ringgit (RM), areas in sqm unless a field says sqft.',
  ].join('\n\n')
}

function components(sessionCookie: string): OpenApiDocument['components'] {
  const jsonText = (description: string, example: string): JsonSchema => ({
    description,
    required: false,
    schema: { type: 'string' },
    example,
  })
  return {
    schemas: {
      Error: {
        type: 'object',
        required: ['message'],
        properties: {
          message: { type: 'string', description: 'What went wrong, in words meant for the user.' },
          errors: {
            type: 'array',
            description: 'One entry per invalid field (422).',
            items: {
              type: 'object',
              required: ['field', 'message'],
              properties: { field: { type: 'string' }, message: { type: 'string' } },
            },
          },
        },
      },
    },
    parameters: {
      ListSort: {
        name: 'sort',
        in: 'query',
        ...jsonText(
          '`["field","ASC"]` or `["field","DESC"]` (JSON, literal or percent-encoded). The operation names its sortable fields.',
          '["createdAt","DESC"]'
        ),
      },
      ListRange: {
        name: 'range',
        in: 'query',
        ...jsonText(
          `\`[from, to]\`, zero-based and inclusive (JSON, literal or percent-encoded); at most ${MAX_PAGE_SIZE} rows a page. Default \`[0,24]\`.`,
          '[0,24]'
        ),
      },
      ListFilter: {
        name: 'filter',
        in: 'query',
        ...jsonText(
          'A JSON object of the filters the operation names (literal or percent-encoded). Default `{}`.',
          '{}'
        ),
      },
    },
    headers: {
      ContentRange: {
        description: 'The page and the total: `<resource> <from>-<to>/<total>`, e.g. `lots 0-24/120`.',
        schema: { type: 'string' },
      },
    },
    responses: {
      Unauthorized: { ...errorResponse('Not signed in, or the sign-in expired (the message then says so).') },
      NotFound: { ...errorResponse('No such record.') },
      ValidationFailed: { ...errorResponse('Invalid input: `errors` names each field with its message.') },
    },
    securitySchemes: {
      bearerAuth: {
        type: 'http',
        scheme: 'bearer',
        description: 'The opaque `token` answered by `POST /api/auth/login` (or `POST /api/auth/register`).',
      },
      cookieAuth: {
        type: 'apiKey',
        in: 'cookie',
        name: sessionCookie,
        description: "The browser's httpOnly session cookie, set by `POST /api/auth/login`.",
      },
      xsrfToken: {
        type: 'apiKey',
        in: 'header',
        name: 'X-XSRF-TOKEN',
        description: 'With the session cookie, on writes: the URL-decoded value of the `XSRF-TOKEN` cookie.',
      },
    },
  }
}
