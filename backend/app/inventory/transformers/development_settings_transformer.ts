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

export function serializeDevelopmentLotVisibility(development: Development) {
  return {
    id: development.id,
    _id: development.id,
    name: development.name,
    /** false: the public pages leave its lots not yet released out; true: they show them as "Not released". */
    showUnreleasedLots: development.showUnreleasedLots !== false,
  }
}

export type DevelopmentLotVisibilityResource = ReturnType<typeof serializeDevelopmentLotVisibility>
