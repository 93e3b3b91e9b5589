import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// CI runs these suites beside the cluster test on two cores, where a first render can take over the
// default second: a missing element still fails, only later.
configure({ asyncUtilTimeout: 5000 })

afterEach(() => {
  cleanup()
})
