import { listPublicAgencies } from '~/models/agencies.server'
import { getHubDevelopment } from '~/models/lots.server'
import { ApiError } from '~/utils/api.server'
import { markDegraded } from '~/utils/cache-control.server'

/** The landing page's figures, from the data; a figure that cannot be read is left out, never guessed. */
export interface LandingFigures {
  totalUnits: number | null
  phase: number | null
  launchYear: number | null
  partnerAgencies: number | null
}

export async function loadLandingFigures(request: Request): Promise<LandingFigures> {
  const [development, agencies] = await Promise.all([
    getHubDevelopment(request).then((response) => response.data, unreadable(request, 'hub development')),
    listPublicAgencies(request).then((response) => response.data, unreadable(request, 'partner agencies')),
  ])
  return {
    totalUnits: development?.totalUnits ?? null,
    phase: development?.phase ?? null,
    launchYear: development?.launchYear ?? null,
    partnerAgencies: Array.isArray(agencies) ? agencies.length : null,
  }
}

function unreadable(request: Request, what: string) {
  return (error: unknown): null => {
    if (!(error instanceof ApiError)) throw error
    console.error(`Landing figures, ${what}: ${error.message}`)
    markDegraded(request)
    return null
  }
}
