import type { FieldErrors } from '~/utils/validation'

/** The backend's `errors` list, keyed by the form's own fields (first message wins). */
export function fieldErrorsFrom<Field extends string>(
  errors: ReadonlyArray<{ field: string; message: string }>,
  fields: readonly Field[]
): FieldErrors<Field> {
  const result: FieldErrors<Field> = {}
  for (const { field, message } of errors) {
    const known = fields.find((name) => name === field)
    if (known && !result[known]) result[known] = message
  }
  return result
}
