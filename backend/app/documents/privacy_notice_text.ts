import { retentionPeriods } from '#documents/retention'

/** A period in the notice's words: "90 days", "7 years". */
function period(days: number) {
  const years = days / 365.25
  return days >= 365 && Math.abs(years - Math.round(years)) < 0.01
    ? `${Math.round(years)} year${Math.round(years) === 1 ? '' : 's'}`
    : `${days} day${days === 1 ? '' : 's'}`
}

/**
 * Version 1 of the privacy notice, in force until a super admin publishes version 2 (docs/privacy.md,
 * "Notice and choice").
 */
export function builtInPrivacyNotice() {
  const periods = retentionPeriods()
  return [
    'Why we ask for these documents: the identity card (front and back) and the payment cheque attached to this booking are used only to verify the buyer’s identity and the payment for this booking.',
    'Who sees them: the agent admin of the agency handling the booking and the developer’s sales team (super admins). They are stored encrypted, never published, and every view is logged.',
    `How long we keep them: if the booking ends without a sale (rejected, cancelled or expired), the documents are deleted ${period(periods.unsold)} after it ended; if the lot is sold, they are kept for ${period(periods.sold)} after the sale, then deleted. The booking keeps a note that they existed and when they were deleted.`,
    'Your rights: from your profile you can see who opened your documents, download a copy of everything we hold about you, ask for a correction, and ask for your account and documents to be deleted.',
  ].join('\n\n')
}
