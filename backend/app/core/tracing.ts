/**
 * OpenTelemetry tracing (docs/deploy.md, "Traces"): on only when the standard `OTEL_*` variables name
 * somewhere to send spans, so an instance without them loads no SDK and pays nothing per request.
 * Read from the process environment, before the app (and its env validation) boots.
 */
export function tracingWanted(environment: NodeJS.ProcessEnv = process.env): boolean {
  if (environment.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false
  const exporters = (environment.OTEL_TRACES_EXPORTER ?? '').split(',').map((name) => name.trim())
  if (exporters.includes('none')) return false
  return Boolean(
    environment.OTEL_EXPORTER_OTLP_ENDPOINT ||
    environment.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ||
    exporters.some((name) => name !== '')
  )
}

/** Whether this process started the SDK (`otel.ts`, imported first by bin/server.ts). */
export const tracing = { started: false }
