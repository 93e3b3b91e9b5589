import router from '@adonisjs/core/services/router'
import { middleware, stateful } from '#start/kernel'

const ContactMessagesController = () => import('#contact/controllers/contact_messages_controller')

/** The public contact form needs no session: it carries no identity. */
router.post('/api/contact', [ContactMessagesController, 'store'])

/** The inbox: each action asks ContactMessagePolicy first. */
router
  .group(() => {
    router.get('/', [ContactMessagesController, 'index'])
    router.get('/:id', [ContactMessagesController, 'show'])
    router.put('/:id', [ContactMessagesController, 'update'])
  })
  .prefix('/api/contact-messages')
  .use([...stateful(), middleware.auth()])
