/** The seeded demo member (requirements: decisions.md#d12-demo-data), offered on the login form in development. */
export const DEMO_ACCOUNT = { email: 'member@aero-demo.my', password: 'Demo@2024' } as const

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Only a development server opened on this machine prefills it; production never does. */
export function demoAccountFor(nodeEnv: string | undefined, hostname: string): typeof DEMO_ACCOUNT | null {
  return nodeEnv === 'development' && LOCAL_HOSTS.has(hostname.toLowerCase()) ? DEMO_ACCOUNT : null
}
