import { createServer, type Socket } from 'node:net'

export type ReceivedMail = { from: string; to: string[]; data: string }

export type FakeSmtp = {
  port: number
  received: ReceivedMail[]
  close: () => Promise<void>
}

/**
 * A minimal SMTP server on 127.0.0.1 (no TLS, no authentication) that keeps every message it
 * accepts, for tests of what is really sent over SMTP. `refuseRecipients` answers every RCPT
 * with a permanent failure, as a server refusing an address does.
 */
export function startFakeSmtp(options: { refuseRecipients?: boolean } = {}): Promise<FakeSmtp> {
  const received: ReceivedMail[] = []
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.setEncoding('utf8')
    let buffered = ''
    let inData = false
    let mail: ReceivedMail = { from: '', to: [], data: '' }
    const reply = (line: string) => socket.write(`${line}\r\n`)
    reply('220 fake-smtp ready')
    socket.on('data', (chunk: string) => {
      buffered += chunk
      for (let end = buffered.indexOf('\r\n'); end >= 0; end = buffered.indexOf('\r\n')) {
        const line = buffered.slice(0, end)
        buffered = buffered.slice(end + 2)
        if (inData) {
          if (line === '.') {
            inData = false
            received.push(mail)
            mail = { from: '', to: [], data: '' }
            reply('250 accepted')
          } else {
            mail.data += `${line.startsWith('..') ? line.slice(1) : line}\r\n`
          }
          continue
        }
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'EHLO') reply('250 fake-smtp')
        else if (verb === 'HELO' || verb === 'NOOP' || verb === 'RSET') reply('250 ok')
        else if (verb === 'MAIL') {
          mail.from = line.replace(/^MAIL FROM:\s*<?([^>\s]*)>?.*$/i, '$1')
          reply('250 ok')
        } else if (verb === 'RCPT') {
          if (options.refuseRecipients) reply('550 5.1.1 mailbox unavailable')
          else {
            mail.to.push(line.replace(/^RCPT TO:\s*<?([^>\s]*)>?.*$/i, '$1'))
            reply('250 ok')
          }
        } else if (verb === 'DATA') {
          inData = true
          reply('354 end with <CRLF>.<CRLF>')
        } else if (verb === 'QUIT') {
          reply('221 bye')
          socket.end()
        } else reply('502 not implemented')
      }
    })
  })
  return new Promise((resolve, reject) => {
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      if (typeof address !== 'object' || !address) return reject(new Error('no port'))
      resolve({
        port: address.port,
        received,
        close: () =>
          new Promise((closed) => {
            for (const socket of sockets) socket.destroy()
            server.close(() => closed())
          }),
      })
    })
  })
}
