import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { ROLES, type Role } from '#core/roles'

/** `node ace users:create --role=agent_admin --email=... --password=... --name=... [--agency=...]` */
export default class UsersCreate extends BaseCommand {
  static commandName = 'users:create'
  static description = 'Create an account of any role, optionally inside an agency'
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: `One of ${ROLES.join(', ')}`, default: 'user' })
  declare role: string

  @flags.string({ description: 'Email address (unique)', required: true })
  declare email: string

  @flags.string({ description: 'Password (at least 6 characters)', required: true })
  declare password: string

  @flags.string({ description: 'Full name', required: true })
  declare name: string

  @flags.string({ description: 'Agency id or exact agency name' })
  declare agency?: string

  async run() {
    const { RegisterUser } = await import('#identity')
    const { Agency } = await import('#agencies')
    const { registerValidator } = await import('#identity/validators/user')

    if (!ROLES.includes(this.role as Role)) {
      this.logger.error(`Unknown role "${this.role}". Use one of: ${ROLES.join(', ')}`)
      this.exitCode = 1
      return
    }

    const [errors, input] = await registerValidator.tryValidate({
      name: this.name,
      email: this.email,
      password: this.password,
    })
    if (errors) {
      for (const message of errors.messages as Array<{ message: string }>) this.logger.error(message.message)
      this.exitCode = 1
      return
    }

    let agencyId: number | null = null
    if (this.agency) {
      const agency = /^\d+$/.test(this.agency)
        ? await Agency.find(Number(this.agency))
        : await Agency.findBy('name', this.agency)
      if (!agency) {
        this.logger.error(`No agency "${this.agency}"`)
        this.exitCode = 1
        return
      }
      agencyId = agency.id
      this.logger.info(`Agency: ${agency.name} (#${agency.id})`)
    }

    try {
      const user = await new RegisterUser().handle({ ...input, role: this.role as Role, agencyId })
      this.logger.success(`Created ${user.role} ${user.email} (#${user.id})`)
    } catch (error) {
      this.logger.error((error as Error).message)
      this.exitCode = 1
    }
  }
}
