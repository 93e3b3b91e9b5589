/**
 * Partly masked contact details for the lists whose readers only need to recognise a person
 * (docs/privacy.md, "Disclosure"): the details screens show the full values to the roles allowed.
 */
const DOT = '•'

/** `alice@aero-demo.my` → `a•••@aero-demo.my`: the first letter and the domain. */
export function maskEmail(email: string | null): string | null {
  if (!email) return email
  const at = email.lastIndexOf('@')
  if (at < 1) return `${DOT.repeat(3)}`
  return `${email[0]}${DOT.repeat(3)}${email.slice(at)}`
}

/** `+60 12-345 6789` → `+60 1•-••• 6789`: the country code, the first digit after it and the last four. */
export function maskPhone(phone: string | null): string | null {
  if (!phone) return phone
  const digits = phone.replace(/\D/g, '').length
  if (digits <= 6) return DOT.repeat(digits || 3)
  let seen = 0
  return phone.replace(/\d/g, (digit) => {
    seen += 1
    return seen <= 3 || seen > digits - 4 ? digit : DOT
  })
}
