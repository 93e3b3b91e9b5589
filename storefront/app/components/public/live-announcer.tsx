/**
 * The page's polite live region for pushed changes ('MKS-07 was just reserved.'). It is in
 * the page from the first render, empty, so screen readers are already watching it when the
 * first change comes; it is visually hidden (the change shows in the table and the plan).
 */
export function LiveAnnouncer({ text }: { text: string }) {
  return (
    <div className="visually-hidden live-announcer" aria-live="polite" aria-atomic="true">
      {text}
    </div>
  )
}
