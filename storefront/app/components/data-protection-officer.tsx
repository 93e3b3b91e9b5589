/** The person to ask about one's personal data (docs/privacy.md, "Data protection officer"). */
export interface DataProtectionOfficer {
  name: string
  email: string
  phone: string
}

/** The officer's name or role, email and phone, as links. */
export function DataProtectionOfficerContact({ officer }: { officer: DataProtectionOfficer }) {
  return (
    <p className="dpo-contact">
      Data Protection Officer: {officer.name}, <a href={`mailto:${officer.email}`}>{officer.email}</a>,{' '}
      <a href={`tel:${officer.phone.replace(/[^\d+]/g, '')}`}>{officer.phone}</a>
    </p>
  )
}
