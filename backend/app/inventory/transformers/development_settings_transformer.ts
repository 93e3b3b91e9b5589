import type Development from '#inventory/models/development'
import { defaultHoldMinutes } from '#inventory/hold_length'

export function serializeDevelopmentTimeLimits(development: Development) {
  return {
    id: development.id,
    _id: development.id,
    name: development.name,
    agentTargetMinutes: development.agentTargetMinutes,
    developerTargetMinutes: development.developerTargetMinutes,
  }
}

export type DevelopmentTimeLimitsResource = ReturnType<typeof serializeDevelopmentTimeLimits>

export function serializeDevelopmentHold(development: Development) {
  const fallback = defaultHoldMinutes()
  return {
    id: development.id,
    _id: development.id,
    name: development.name,
    /** The development's own setting; null: the default applies. */
    holdMinutes: development.holdMinutes,
    defaultHoldMinutes: fallback,
    effectiveHoldMinutes: development.holdMinutes ?? fallback,
  }
}

export type DevelopmentHoldResource = ReturnType<typeof serializeDevelopmentHold>
