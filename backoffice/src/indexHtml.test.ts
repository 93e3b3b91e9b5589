// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const backoffice = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url))

describe('the backoffice page shell (index.html)', () => {
  it("names a favicon that the build serves: the storefront's icon", () => {
    const html = readFileSync(backoffice('index.html'), 'utf8')
    const icon = /<link\s+rel="icon"[^>]*\shref="\/([^"]+)"/.exec(html)
    expect(icon?.[1]).toBe('favicon.svg')
    // Files in public/ are copied to the build and served under the /backoffice/ base.
    const file = backoffice(`public/${icon![1]}`)
    expect(existsSync(file)).toBe(true)
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(backoffice('../storefront/public/favicon.svg'), 'utf8'))
  })
})
