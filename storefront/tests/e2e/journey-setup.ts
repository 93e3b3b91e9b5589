import { afterAll, afterEach } from 'vitest'
import { closeBrowsers } from './browser.ts'
import { releaseClaims } from './lot-claims.ts'

afterEach(releaseClaims)
afterAll(closeBrowsers)
