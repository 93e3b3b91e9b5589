import { afterEach } from 'vitest'
import { releaseClaims } from './lot-claims.ts'

afterEach(releaseClaims)
