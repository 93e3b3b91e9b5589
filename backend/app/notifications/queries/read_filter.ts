import { errors as vineErrors } from '@vinejs/vine'
import { AppError } from '#core/errors'

/** A list's `filter` through its validator: a 422 naming `filter.<field>` when it does not fit. */
export async function readFilter<Output>(
  validator: { validate(data: unknown): Promise<Output> },
  raw: Record<string, unknown>
): Promise<Output> {
  // Empty inputs of the backoffice's filter form mean "any".
  const given = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== '' && value !== null))
  try {
    return await validator.validate(given)
  } catch (error) {
    if (!(error instanceof vineErrors.E_VALIDATION_ERROR)) throw error
    const errors = (error.messages as Array<{ field: string; message: string }>).map(({ field, message }) => ({
      field: `filter.${field}`,
      message,
    }))
    throw new AppError(errors[0].message, 422, errors)
  }
}
