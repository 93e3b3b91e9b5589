import { test } from '@japa/runner'
import { stopWithApp } from '#core/queue/workers'

/** The application's stopping state and hooks, as `stopWithApp` reads them. */
function application(state: 'running' | 'terminating' | 'terminated') {
  const hooks: Array<() => unknown> = []
  return {
    hooks,
    isTerminating: state === 'terminating',
    isTerminated: state === 'terminated',
    terminating: (hook: () => unknown) => void hooks.push(hook),
  }
}

function worker() {
  const stopped = { count: 0 }
  return { stopped, stop: async () => void stopped.count++ }
}

test.group('Queue worker | stops with the web server', () => {
  test('a running app stops the worker when it stops, not before', async ({ assert }) => {
    const app = application('running')
    const started = worker()
    await stopWithApp(started, app)
    assert.equal(started.stopped.count, 0)
    assert.lengthOf(app.hooks, 1)
    await app.hooks[0]()
    assert.equal(started.stopped.count, 1)
  })

  for (const state of ['terminating', 'terminated'] as const) {
    test(`a worker that finished starting once the app was ${state} is stopped at once`, async ({ assert }) => {
      const app = application(state)
      const started = worker()
      await stopWithApp(started, app)
      assert.equal(started.stopped.count, 1)
      assert.lengthOf(app.hooks, 0)
    })
  }
})
