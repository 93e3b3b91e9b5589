import mail from '@adonisjs/mail/services/main'
import SendMail from '#core/jobs/send_mail'

/**
 * `mail.sendLater(...)` queues the email as a SendMail job too (the same job `mail.send` queues
 * through the default mailer, #core/mail/queue_transport), never in this process's memory.
 */
mail.setMessenger(() => ({
  async queue(compiled) {
    return SendMail.dispatch({ message: compiled.message })
  },
}))
