import { BlockList, isIP } from 'node:net'
import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/core/http'

export const appKey = env.get('APP_KEY')
export const appUrl = env.get('APP_URL')

/** Today's deployment: the gateway on this machine is the only proxy in front of the backend. */
export const DEFAULT_TRUSTED_PROXIES = '127.0.0.1,::1'

/**
 * The proxies whose `X-Forwarded-For` (and `-Proto`, `-Host`) the backend believes:
 * TRUSTED_PROXIES, a comma list of addresses and CIDR ranges (`none`: no proxy). A request
 * from any other peer is its own client, whatever it claims; the per-address sign-in and
 * booking limits count that address. `use` replaces the list (tests).
 */
export class TrustedProxies {
  #list = new BlockList()

  constructor(spec: string) {
    this.use(spec)
  }

  use(spec: string) {
    const list = new BlockList()
    for (const entry of spec.split(',').map((part) => part.trim())) {
      if (entry === '' || entry === 'none') continue
      const [address, prefix] = entry.split('/')
      const family = isIP(address)
      const bits = prefix === undefined ? null : Number(prefix)
      const maxBits = family === 6 ? 128 : 32
      if (family === 0 || (bits !== null && !(Number.isInteger(bits) && bits >= 0 && bits <= maxBits))) {
        throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`)
      }
      const type = family === 6 ? 'ipv6' : 'ipv4'
      if (bits === null) list.addAddress(address, type)
      else list.addSubnet(address, bits, type)
    }
    this.#list = list
  }

  /** An IPv4 proxy also matches in its IPv6-mapped form (`::ffff:127.0.0.1`). */
  trusts(address: string | undefined): boolean {
    const family = address ? isIP(address) : 0
    return family !== 0 && this.#list.check(address!, family === 6 ? 'ipv6' : 'ipv4')
  }
}

export const trustedProxies = new TrustedProxies(env.get('TRUSTED_PROXIES') ?? DEFAULT_TRUSTED_PROXIES)

export const http = defineConfig({
  generateRequestId: true,
  allowMethodSpoofing: false,
  useAsyncLocalStorage: false,
  trustProxy: (address) => trustedProxies.trusts(address),
  cookie: {
    domain: '',
    path: '/',
    maxAge: '30d',
    httpOnly: true,
    secure: app.inProduction && env.get('APP_URL').startsWith('https://'),
    sameSite: 'lax',
  },
})
