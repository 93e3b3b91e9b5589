import type { User } from '@aero/shared/user'

const STATUS_LABELS: Record<NonNullable<User['bumiputeraStatus']>, string> = {
  none: 'Not declared',
  declared: 'Awaiting verification',
  verified: 'Verified',
  rejected: 'Rejected',
}

export function bumiputeraStatusLabel(status: User['bumiputeraStatus']): string {
  return STATUS_LABELS[status ?? 'none']
}
