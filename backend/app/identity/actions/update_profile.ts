import type User from '#identity/models/user'
import { AppError } from '#core/errors'

export type UpdateProfileInput = {
  name: string
  email?: string
  phone?: string | null
  address?: string | null
}

export default class UpdateProfile {
  async handle(user: User, input: UpdateProfileInput): Promise<User> {
    if (input.email !== undefined && input.email !== user.email) {
      throw AppError.invalid('email', 'Email cannot be changed')
    }
    user.name = input.name
    if (input.phone !== undefined) user.phone = input.phone || null
    if (input.address !== undefined) user.address = input.address?.trim() || null
    await user.save()
    await user.load('agency')
    return user
  }
}
