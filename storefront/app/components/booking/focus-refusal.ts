/**
 * After the backend refused a booking: focus the first field in error or, when the refusal is
 * about the request as a whole (the lot was taken, a waitlist offer holds it), its message at
 * the top of the form. Focusing scrolls it into view, so the answer is where the user looks
 * rather than above a long form in a scrolled dialog.
 */
export function focusRefusal(form: HTMLFormElement | null): void {
  const target =
    form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form?.querySelector<HTMLElement>('[data-refusal]')
  target?.focus()
}
