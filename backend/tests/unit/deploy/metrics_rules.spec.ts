import { test } from '@japa/runner'
import { readFileSync } from 'node:fs'
import app from '@adonisjs/core/services/app'
import { parse } from 'yaml'
import { registry } from '#core/metrics'

/**
 * deploy/alerts.yml and deploy/grafana-dashboard.json are read by Prometheus and Grafana, never by
 * these tests' servers: a renamed metric would leave an alert that never fires. Every series they
 * name must be one the backend exports (core/metrics.ts).
 */
const read = (path: string) => readFileSync(app.makePath('..', path), 'utf8')

/** The metric names in a PromQL expression: a histogram's series named after it. */
function metricsIn(expression: string): string[] {
  return [...expression.matchAll(/\b((?:aero|nodejs|process)_[a-z0-9_]+)/g)].map(([, name]) =>
    name.replace(/_(?:bucket|count|sum)$/, '')
  )
}

type Rule = { alert: string; expr: string; labels?: { severity?: string } }

test.group('Deploy | alerts and the dashboard name the exported metrics', () => {
  test('every alert rule', ({ assert }) => {
    const { groups } = parse(read('deploy/alerts.yml')) as { groups: Array<{ rules: Rule[] }> }
    const rules = groups.flatMap((group) => group.rules)
    assert.includeMembers(
      rules.map((rule) => rule.alert),
      ['AeroDatabaseDown', 'AeroHigh5xxRate', 'AeroHighLatencyP99', 'AeroQueueJobsFailing']
    )
    for (const rule of rules) {
      assert.oneOf(rule.labels?.severity, ['page', 'warn'], rule.alert)
      for (const name of metricsIn(rule.expr)) {
        assert.exists(registry.getSingleMetric(name), `${rule.alert}: ${name} is exported`)
      }
    }
  })

  test('every dashboard panel', ({ assert }) => {
    const dashboard = JSON.parse(read('deploy/grafana-dashboard.json')) as {
      panels: Array<{ title: string; targets: Array<{ expr: string }> }>
    }
    assert.isAbove(dashboard.panels.length, 5)
    for (const panel of dashboard.panels) {
      assert.isNotEmpty(panel.targets, panel.title)
      for (const name of panel.targets.flatMap((target) => metricsIn(target.expr))) {
        assert.exists(registry.getSingleMetric(name), `${panel.title}: ${name} is exported`)
      }
    }
  })
})
