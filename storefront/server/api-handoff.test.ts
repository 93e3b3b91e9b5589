import { createServer, type Server as HttpServer } from 'node:http'
import { connect, type Server, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { isApiClientHead, routeConnections, serveHere } from './api-handoff'

const head = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1')

describe('isApiClientHead', () => {
  it("is an API client's connection: a whole head for /api with a bearer token and no cookie", () => {
    expect(isApiClientHead(head(['GET /api/users/me HTTP/1.1', 'Host: x', 'Authorization: Bearer oat_abc']))).toBe(true)
    expect(isApiClientHead(head(['POST /api/bookings/request HTTP/1.1', 'authorization: bearer t']))).toBe(true)
    expect(isApiClientHead(head(['GET /api?x=1 HTTP/1.0', 'Authorization:\tBearer t']))).toBe(true)
    // The body may come in the same read.
    expect(
      isApiClientHead(Buffer.from('PUT /api/auth/me HTTP/1.1\r\nAuthorization: Bearer t\r\n\r\n{"name":"A"}'))
    ).toBe(true)
  })

  it('leaves browsers, pages, other schemes and partial heads with the gateway', () => {
    const bearer = 'Authorization: Bearer t'
    expect(isApiClientHead(head(['GET /api/users/me HTTP/1.1', bearer, 'Cookie: aero_session=s']))).toBe(false)
    expect(isApiClientHead(head(['GET /aero-industrial-hub HTTP/1.1', bearer]))).toBe(false)
    expect(isApiClientHead(head(['GET /apis HTTP/1.1', bearer]))).toBe(false)
    expect(isApiClientHead(head(['GET /__transmit/events HTTP/1.1', bearer]))).toBe(false)
    expect(isApiClientHead(head(['GET /api/users/me HTTP/1.1', 'Authorization: Basic dTpw']))).toBe(false)
    expect(isApiClientHead(head(['GET /api/users/me HTTP/1.1', 'X-Authorization: Bearer t']))).toBe(false)
    expect(isApiClientHead(Buffer.from(`GET /api/users/me HTTP/1.1\r\n${bearer}\r\n`))).toBe(false)
    expect(isApiClientHead(head(['GET /api/users/me HTTP/2.0', bearer]))).toBe(false)
  })
})

describe('routeConnections', () => {
  let listener: Server | undefined
  let pages: HttpServer | undefined
  afterEach(async () => {
    await new Promise((resolve) => listener?.close(resolve))
    pages?.closeAllConnections()
  })

  let backend: HttpServer | undefined
  afterEach(() => backend?.closeAllConnections())

  /**
   * A listener whose pages' server answers `page <path>`; `handOff` gives the connection to
   * another server (the backend's part), which answers `handed <path> <body length>`.
   */
  async function start(take = true, firstBytesTimeoutMs?: number) {
    const handed: Buffer[] = []
    pages = createServer((req, res) => res.end(`page ${req.url}`))
    backend = createServer((req, res) => {
      let length = 0
      req.on('data', (chunk: Buffer) => (length += chunk.length))
      req.on('end', () => res.end(`handed ${req.url} ${length}`))
    })
    listener = routeConnections(
      pages,
      (socket: Socket, bytes: Buffer) => {
        if (!take) return false
        handed.push(bytes)
        serveHere(backend!, socket, bytes)
        return true
      },
      { firstBytesTimeoutMs }
    )
    await new Promise<void>((resolve) => listener!.listen(0, '127.0.0.1', resolve))
    const { port } = listener.address() as { port: number }
    return { port, handed }
  }

  /** Writes `requests` one after another on one connection, each after the last answer; the bodies. */
  async function converse(port: number, requests: string[]): Promise<string[]> {
    const socket = connect(port, '127.0.0.1')
    socket.setEncoding('latin1')
    const bodies: string[] = []
    let buffered = ''
    for (const request of requests) {
      socket.write(request)
      const body = await new Promise<string>((resolve, reject) => {
        const onData = (text: string) => {
          buffered += text
          const end = buffered.indexOf('\r\n\r\n')
          const length = Number(/content-length: (\d+)/i.exec(buffered)?.[1] ?? -1)
          if (end === -1 || length < 0 || buffered.length < end + 4 + length) return
          socket.off('data', onData)
          resolve(buffered.slice(end + 4, end + 4 + length))
          buffered = buffered.slice(end + 4 + length)
        }
        socket.on('data', onData)
        socket.once('error', reject)
      })
      bodies.push(body)
    }
    socket.destroy()
    return bodies
  }

  const apiClient = 'GET /api/users/me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer t\r\n\r\n'
  const page = (path: string) => `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`

  it("hands an API client's connection over with the bytes it read, and the requests that follow on it", async () => {
    const { port, handed } = await start()
    expect(await converse(port, [apiClient, apiClient, page('/hub')])).toEqual([
      'handed /api/users/me 0',
      'handed /api/users/me 0',
      'handed /hub 0',
    ])
    expect(handed.map((bytes) => bytes.toString('latin1'))).toEqual([apiClient])
  })

  it('hands a body over whole, however it arrives', async () => {
    const { port } = await start()
    const body = 'x'.repeat(200_000)
    const socket = connect(port, '127.0.0.1')
    socket.setEncoding('latin1')
    let answer = ''
    socket.on('data', (text: string) => (answer += text))
    const request = `PUT /api/auth/me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer t\r\nConnection: close\r\nContent-Length: ${body.length}\r\n\r\n${body}`
    socket.write(request.slice(0, 1_000))
    await new Promise((resolve) => setTimeout(resolve, 5))
    socket.write(request.slice(1_000))
    await new Promise((resolve) => socket.once('close', resolve))
    expect(answer).toMatch(/handed \/api\/auth\/me 200000$/)
  })

  it('serves every other connection itself, every request on it', async () => {
    const { port, handed } = await start()
    expect(await converse(port, [page('/'), apiClient, page('/hub')])).toEqual([
      'page /',
      'page /api/users/me',
      'page /hub',
    ])
    expect(handed).toEqual([])
  })

  it('serves the connection itself when the hand-off is refused', async () => {
    const { port } = await start(false)
    expect(await converse(port, [apiClient, page('/')])).toEqual(['page /api/users/me', 'page /'])
  })

  it('reads a head that arrives in pieces as a page server would', async () => {
    const { port, handed } = await start()
    const socket = connect(port, '127.0.0.1')
    socket.setEncoding('latin1')
    let answer = ''
    socket.on('data', (text: string) => (answer += text))
    socket.write('GET /api/users/me HTTP/1.1\r\nHost: x\r\n')
    await new Promise((resolve) => setTimeout(resolve, 50))
    socket.write('Authorization: Bearer t\r\nConnection: close\r\n\r\n')
    await new Promise((resolve) => socket.once('close', resolve))
    expect(answer).toMatch(/page \/api\/users\/me$/)
    expect(handed).toEqual([])
  })

  it('closes a connection that stays silent', async () => {
    const { port } = await start(true, 100)
    const socket = connect(port, '127.0.0.1')
    const started = Date.now()
    await new Promise((resolve) => socket.once('close', resolve))
    expect(Date.now() - started).toBeGreaterThanOrEqual(90)
  })
})
