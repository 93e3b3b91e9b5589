/** Inline styles, since mail clients drop style sheets, and the same content as plain text. */
export type EmailContent = {
  recipientName: string
  title: string
  body: string
  /** The summary table: label and value, in order (lot, development, status, decided by, notes). */
  summary: Array<[string, string]>
  url: string | null
  action: string
}

export const BRAND = 'Aero Property Booking'
const BRAND_COLOUR = '#0b4f8a'

function escape(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

export function renderNotificationEmail(content: EmailContent): { subject: string; html: string; text: string } {
  const rows = content.summary
    .map(
      ([label, value]) =>
        `<tr><td style="padding:6px 12px 6px 0;color:#5b6470;white-space:nowrap;vertical-align:top">${escape(label)}</td>` +
        `<td style="padding:6px 0;color:#1d2733;font-weight:600">${escape(value)}</td></tr>`
    )
    .join('')
  const button = content.url
    ? `<p style="margin:24px 0"><a href="${escape(content.url)}" style="background:${BRAND_COLOUR};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;display:inline-block;font-weight:600">${escape(content.action)}</a></p>`
    : ''
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(content.title)}</title></head>
<body style="margin:0;padding:0;background:#f2f4f7;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#f2f4f7;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="600" cellspacing="0" cellpadding="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${BRAND_COLOUR};padding:20px 28px;color:#ffffff;font-size:20px;font-weight:700;letter-spacing:0.3px">${BRAND}</td></tr>
<tr><td style="padding:28px">
<p style="margin:0 0 12px;color:#1d2733;font-size:15px">Dear ${escape(content.recipientName)},</p>
<h1 style="margin:0 0 12px;color:#1d2733;font-size:20px">${escape(content.title)}</h1>
<p style="margin:0 0 20px;color:#1d2733;font-size:15px;line-height:1.5">${escape(content.body)}</p>
<table role="presentation" cellspacing="0" cellpadding="0" style="font-size:14px;border-top:1px solid #e3e7ec;padding-top:8px;width:100%">${rows}</table>
${button}
</td></tr>
<tr><td style="padding:16px 28px;background:#f7f9fb;color:#7a8490;font-size:12px;line-height:1.5">You receive this email because of your account with ${BRAND}. Choose which emails you receive in your profile.</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`
  const text = [
    `${BRAND}`,
    '',
    `Dear ${content.recipientName},`,
    '',
    content.title,
    '',
    content.body,
    '',
    ...content.summary.map(([label, value]) => `${label}: ${value}`),
    ...(content.url ? ['', `${content.action}: ${content.url}`] : []),
    '',
    `You receive this email because of your account with ${BRAND}. Choose which emails you receive in your profile.`,
  ].join('\n')
  return { subject: `${content.title} | ${BRAND}`, html, text }
}
