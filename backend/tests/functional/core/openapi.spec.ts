import { test } from '@japa/runner'
import { execFile } from 'node:child_process'
import type { IncomingHttpHeaders } from 'node:http'
import { promisify } from 'node:util'
import vine from '@vinejs/vine'
import app from '@adonisjs/core/services/app'
import env from '#start/env'
import testUtils from '@adonisjs/core/services/test_utils'
import apiReference from '#start/api_reference'
import { buildOpenApiDocument, openApiPath, operationKey, type JsonSchema, type RouteDoc } from '#core/openapi/document'
import type { RequiredRole } from '#core/roles'
import { bearerFor, createAgency, createUser } from '#tests/helpers/identity'

type ListedRoute = { pattern: string; methods: string[] }
type Operation = {
  summary?: string
  description: string
  tags: string[]
  security: Array<Record<string, string[]>>
  parameters?: JsonSchema[]
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> }
  responses: Record<string, JsonSchema>
}
type Document = {
  paths: Record<string, Record<string, Operation>>
  components: { parameters: Record<string, JsonSchema> }
}

/** The routes exactly as `node ace list:routes --json` prints them, run as operators run it. */
async function listedRoutes(): Promise<ListedRoute[]> {
  const { stdout } = await promisify(execFile)(process.execPath, ['ace', 'list:routes', '--json'], {
    cwd: app.makePath(),
    env: process.env,
    maxBuffer: 16 * 1024 * 1024,
  })
  return (JSON.parse(stdout) as Array<{ routes: ListedRoute[] }>).flatMap(({ routes }) => routes)
}

/** Each entry of start/api_reference.ts, with its key and its options. */
const documentedRoutes = Object.values(apiReference).flatMap((entries) =>
  Object.entries(entries as Record<string, RouteDoc>).map(([key, doc]) => ({
    key,
    doc: typeof doc === 'string' ? { summary: doc } : doc,
  }))
)

async function servedDocument(client: Parameters<typeof bearerFor>[0]): Promise<Document> {
  const response = await client.get('/api/docs/openapi.json')
  response.assertStatus(200)
  return response.body() as Document
}

test.group('API reference | complete and current', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('every route of list:routes is in the served document with a summary and a tag', async ({ client, assert }) => {
    const [routes, document] = await Promise.all([listedRoutes(), servedDocument(client)])
    const operations = routes.flatMap(({ pattern, methods }) => methods.map((method) => ({ method, pattern })))
    assert.isAbove(operations.length, 70)

    const undocumented = operations
      .filter(({ method, pattern }) => {
        const operation = document.paths[openApiPath(pattern)]?.[method.toLowerCase()]
        return !operation?.summary || operation.tags.length !== 1
      })
      .map(({ method, pattern }) => operationKey(method, pattern))
    assert.deepEqual(undocumented, [], 'Give these routes their line in start/api_reference.ts')

    const served = Object.values(document.paths).reduce((count, methods) => count + Object.keys(methods).length, 0)
    assert.equal(served, operations.length)
  })

  test('every documented route exists, under one tag only', async ({ assert }) => {
    const routes = await listedRoutes()
    const existing = new Set(
      routes.flatMap(({ pattern, methods }) => methods.map((method) => operationKey(method, pattern)))
    )
    const keys = documentedRoutes.map(({ key }) => key)
    assert.deepEqual(
      keys.filter((key) => !existing.has(key)),
      [],
      'These docs name no route: remove or fix them'
    )
    assert.deepEqual(
      keys.filter((key, index) => keys.indexOf(key) !== index),
      []
    )
  })

  test('request schemas come from the validators the controllers use', async ({ client, assert }) => {
    const document = await servedDocument(client)
    const jsonBody = (path: string, method: string) =>
      document.paths[path][method].requestBody!.content['application/json'].schema

    assert.sameMembers(jsonBody('/api/auth/login', 'post').required as string[], ['email', 'password'])
    assert.sameMembers(jsonBody('/api/contact', 'post').required as string[], ['name', 'email', 'phone', 'message'])
    assert.deepEqual(jsonBody('/api/bookings/{id}/agent-response', 'put').properties, {
      action: { enum: ['approve', 'reject'] },
      agentNotes: { type: ['string', 'null'], maxLength: 5000 },
    })

    const upload = document.paths['/api/uploads/document'].post.requestBody!.content['multipart/form-data'].schema
    assert.sameMembers(upload.required as string[], ['bookingId', 'documentType', 'document'])
    assert.include((upload.properties as Record<string, JsonSchema>).document, { type: 'string', format: 'binary' })

    const portfolio = document.paths['/api/agent-properties'].get.parameters!
    assert.deepEqual(
      portfolio.map((parameter) => [parameter.name, parameter.in]),
      [
        ['search', 'query'],
        ['status', 'query'],
        ['sort', 'query'],
      ]
    )
    assert.isTrue(document.paths['/api/auth/login'].post.requestBody!.required)
    assert.isFalse(
      document.paths['/api/users/{userId}/agency-request/approve'].put.requestBody!.required,
      'an empty body decides too'
    )
    assert.notInclude(JSON.stringify(document), 'x-schema-unavailable')
  })

  test('lists take sort, range and filter and answer Content-Range', async ({ client, assert }) => {
    const document = await servedDocument(client)
    const lots = document.paths['/api/lots'].get
    const refs = lots.parameters!.map((parameter) => parameter.$ref).filter(Boolean)
    assert.deepEqual(refs, [
      '#/components/parameters/ListSort',
      '#/components/parameters/ListRange',
      '#/components/parameters/ListFilter',
    ])
    assert.deepEqual(
      ['ListSort', 'ListRange', 'ListFilter'].map((name) => [
        document.components.parameters[name].name,
        document.components.parameters[name].in,
      ]),
      [
        ['sort', 'query'],
        ['range', 'query'],
        ['filter', 'query'],
      ]
    )
    assert.deepEqual(lots.responses['200'].headers, { 'Content-Range': { $ref: '#/components/headers/ContentRange' } })

    const csv = document.paths['/api/lots/export'].get
    assert.notInclude(
      csv.parameters!.map((parameter) => parameter.$ref),
      '#/components/parameters/ListRange'
    )
    assert.notProperty(csv.responses['200'], 'headers')
    assert.property(csv.responses['200'].content, 'text/csv')
  })

  test("security and refusals follow each route's middleware", async ({ client, assert }) => {
    const document = await servedDocument(client)
    const inbox = document.paths['/api/contact-messages/{id}'].put
    assert.deepEqual(inbox.security, [{ bearerAuth: [] }, { cookieAuth: [], xsrfToken: [] }])
    assert.include(inbox.description, '`admin`, `super_admin`')
    assert.notInclude(inbox.description, 'agent_admin')
    assert.containsSubset(inbox.responses, { 401: {}, 403: {}, 404: {}, 422: {} })

    assert.deepEqual(document.paths['/api/contact-messages'].get.security, [{ bearerAuth: [] }, { cookieAuth: [] }])
    assert.deepEqual(document.paths['/api/lots/public'].get.security, [])
    assert.notProperty(document.paths['/api/lots/public'].get.responses, '401')
    assert.deepEqual(document.paths['/api/auth/logout'].post.security[0], {})
    assert.deepEqual(document.paths['/api/agencies/{id}'].delete.responses['403'], {
      $ref: '#/components/responses/Forbidden',
    })
    assert.deepEqual(document.paths['/api/bookings/{id}'].get.parameters, [
      { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 0 } },
    ])
  })

  test('a route that admits only some roles refuses the others first, before any lookup or validation', async ({
    client,
    assert,
  }) => {
    const agency = await createAgency()
    const outsiders: Partial<Record<RequiredRole, string>> = {
      agent_admin: await bearerFor(client, await createUser({ role: 'user' })),
      super_admin: await bearerFor(
        client,
        await createUser({ role: 'agent_admin', agencyId: agency.id, agencyStatus: 'approved' })
      ),
    }
    const guarded = documentedRoutes.filter(({ doc }) => 'admits' in doc && doc.admits)
    assert.isAbove(guarded.length, 20)

    for (const { key, doc } of guarded) {
      const token = outsiders[(doc as { admits: RequiredRole }).admits]
      if (!token) continue
      const [method, pattern] = key.split(' ')
      // No row has this id and there is no body: only the refusal can answer.
      const path = pattern.replace(/:\w+/g, '999999')
      const response = await client[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](path).bearerToken(token)
      assert.equal(response.status(), 403, `${key} as an outsider: ${response.text()}`)
      assert.isString(response.body().message, key)
    }
  })

  test('every documented list answers as a list: a page with Content-Range, or CSV', async ({ client, assert }) => {
    const agency = await createAgency()
    const superAdmin = await bearerFor(client, await createUser({ role: 'super_admin' }))
    const agent = await bearerFor(
      client,
      await createUser({ role: 'agent_admin', agencyId: agency.id, agencyStatus: 'approved' })
    )
    const lists = documentedRoutes.filter(({ doc }) => 'list' in doc && doc.list)
    assert.isAbove(lists.length, 5)

    for (const { key, doc } of lists) {
      const path = key.split(' ')[1]
      const query = { range: '[0,0]' }
      let response = await client.get(path).qs(query).bearerToken(superAdmin)
      if (response.status() === 403) response = await client.get(path).qs(query).bearerToken(agent)
      assert.equal(response.status(), 200, `${key}: ${response.text()}`)
      if ((doc as { list: string }).list === 'export') {
        assert.match(response.header('content-type') ?? '', /^text\/csv/, key)
      } else {
        assert.match(response.header('content-range') ?? '', /^[\w-]+ \d+-\d+\/\d+$/, key)
        assert.isArray(response.body(), key)
      }
    }
  })
})

/** The bytes as sent (no client decompressing them), from the test server. */
async function rawGet(path: string, acceptEncoding: string) {
  const http = await import('node:http')
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(
        { host: env.get('HOST'), port: env.get('PORT'), path, headers: { 'accept-encoding': acceptEncoding } },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }))
        }
      )
      .on('error', reject)
  })
}

test.group('API reference | the page and its assets', () => {
  test('GET /api/docs is HTML loading our assets, with no inline script', async ({ client, assert }) => {
    const response = await client.get('/api/docs')
    response.assertStatus(200)
    assert.match(response.header('content-type') ?? '', /^text\/html/)
    assert.include(response.header('content-security-policy') ?? '', "script-src 'self'")
    assert.notInclude(response.header('content-security-policy') ?? '', 'unsafe-inline')

    const html = response.text()
    for (const asset of ['swagger-ui.css', 'swagger-ui-bundle.js', 'init.js']) {
      assert.match(html, new RegExp(`"/api/docs/assets/${asset.replace(/\./g, '\\.')}\\?v=[\\w.-]+"`))
    }
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    assert.lengthOf(scripts, 2)
    for (const [, attributes, content] of scripts) {
      assert.match(attributes, /\ssrc="\/api\/docs\/assets\//)
      assert.equal(content.trim(), '')
    }
    assert.notMatch(html, /\son[a-z]+\s*=/i)
    assert.notMatch(html, /<style\b/i)
  })

  test('each asset the page references answers with its content type and a long cache', async ({ client, assert }) => {
    const html = (await client.get('/api/docs')).text()
    const urls = [...html.matchAll(/(?:src|href)="(\/api\/docs\/assets\/[^"]+)"/g)].map(([, url]) => url)
    const expected: Record<string, RegExp> = {
      'swagger-ui.css': /^text\/css/,
      'swagger-ui-bundle.js': /^text\/javascript/,
      'init.js': /^text\/javascript/,
      'favicon-32x32.png': /^image\/png/,
    }
    assert.sameMembers(
      urls.map((url) => url.split('/').pop()!.split('?')[0]),
      Object.keys(expected)
    )

    for (const url of urls) {
      const name = url.split('/').pop()!.split('?')[0]
      const response = await client.get(url)
      response.assertStatus(200)
      assert.match(response.header('content-type') ?? '', expected[name], name)
      assert.equal(response.header('cache-control'), 'public, max-age=31536000, immutable')
      assert.equal(response.header('x-content-type-options'), 'nosniff')
    }
    const init = await client.get('/api/docs/assets/init.js')
    assert.include(init.text(), "url: '/api/docs/openapi.json'")
  })

  test("Swagger UI's bundle goes compressed to a browser that accepts it", async ({ assert }) => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib')
    const { readFile } = await import('node:fs/promises')
    const { DOCS_ASSETS } = await import('#core/openapi/assets')
    const plain = await readFile((DOCS_ASSETS['swagger-ui-bundle.js'] as { file: string }).file)
    for (const [accept, decode] of [
      ['br, gzip', brotliDecompressSync],
      ['gzip', gunzipSync],
      ['identity', (body: Buffer) => body],
    ] as const) {
      const response = await rawGet('/api/docs/assets/swagger-ui-bundle.js', accept)
      assert.equal(response.headers['content-encoding'], accept === 'identity' ? undefined : accept.split(',')[0])
      assert.include(String(response.headers.vary), 'Accept-Encoding')
      if (accept !== 'identity') assert.isBelow(response.body.length, plain.length / 3)
      assert.isTrue(decode(response.body).equals(plain), accept)
    }
  })

  test('any other asset name is a 404 JSON error, paths out of the folder included', async ({ client, assert }) => {
    for (const name of [
      'nope.js',
      '..%2Fpackage.json',
      '..%2F..%2Fpackage.json',
      'package.json',
      'swagger-ui.js',
      'index.html',
      'constructor',
    ]) {
      const response = await client.get(`/api/docs/assets/${name}`)
      assert.equal(response.status(), 404, name)
      assert.match(response.header('content-type') ?? '', /^application\/json/, name)
      assert.deepEqual(response.body(), { message: 'Not found' }, name)
    }
    const climbing = await client.get('/api/docs/assets/../package.json')
    assert.equal(climbing.status(), 404)
    assert.deepEqual(climbing.body(), { message: 'Not found' })
  })
})

test.group('API reference | the generator', () => {
  const brokenValidator = {
    toJSONSchema(): object {
      throw new Error('cannot describe a date')
    },
  }

  test('maps the router table and the docs, and names what it cannot describe', ({ assert }) => {
    const document = buildOpenApiDocument(
      [
        { pattern: '/api/things/:id', methods: ['PUT'], middleware: ['auth'], numericParams: ['id'] },
        { pattern: '/api/things/:slug/parts', methods: ['GET', 'POST'], middleware: [], numericParams: [] },
      ],
      {
        Things: {
          'PUT /api/things/:id': {
            summary: 'Edit a thing',
            admits: 'agent_admin',
            body: vine.create({ name: vine.string() }),
          },
          'GET /api/things/:slug/parts': 'Parts',
        },
      },
      { version: '9.9.9', sessionCookie: 'test_session' }
    )

    assert.equal(document.openapi, '3.1.0')
    assert.equal(document.info.version, '9.9.9')
    assert.include(document.info.description, '`test_session`')
    assert.deepEqual(document.servers, [{ url: '/' }])
    assert.deepEqual(document.tags, [{ name: 'Things' }])

    const edit = document.paths['/api/things/{id}'].put
    assert.equal(edit.summary, 'Edit a thing')
    assert.deepEqual(edit.tags, ['Things'])
    assert.include(edit.description, '`agent_admin`, `admin`, `super_admin`')
    assert.deepEqual(Object.keys(edit.responses), ['200', '401', '403', '404', '422'])
    assert.deepEqual(edit.requestBody, {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: { name: { type: 'string' } },
            required: ['name'],
            additionalProperties: false,
          },
        },
      },
    })

    const parts = document.paths['/api/things/{slug}/parts'].get
    assert.equal(parts.summary, 'Parts')
    assert.lengthOf(parts.security, 0)
    assert.deepEqual(parts.parameters, [{ name: 'slug', in: 'path', required: true, schema: { type: 'string' } }])
    const undocumented = document.paths['/api/things/{slug}/parts'].post
    assert.notProperty(undocumented, 'summary')
    assert.deepEqual(undocumented.tags, [])
    assert.equal(undocumented.operationId, 'postThingsSlugParts')
  })

  test('a validator that cannot describe itself is marked, and the rest is still built', ({ assert }) => {
    const document = buildOpenApiDocument(
      [{ pattern: '/api/things', methods: ['POST', 'GET'], middleware: [], numericParams: [] }],
      {
        Things: {
          'POST /api/things': { summary: 'Create a thing', body: brokenValidator },
          'GET /api/things': 'Things',
        },
      },
      { version: '1.0.0', sessionCookie: 'test_session' }
    )
    const schema = (document.paths['/api/things'].post.requestBody!.content as Record<string, { schema: JsonSchema }>)[
      'application/json'
    ].schema
    assert.equal(schema['x-schema-unavailable'], 'cannot describe a date')
    assert.equal(document.paths['/api/things'].get.summary, 'Things')
  })
})
