import router from '@adonisjs/core/services/router'
import { middleware, stateful } from '#start/kernel'

const AgentPropertiesController = () => import('#portfolio/controllers/agent_properties_controller')
const PublicPropertiesController = () => import('#portfolio/controllers/public_properties_controller')

const number = router.matchers.number()

router
  .get('/api/agent-properties/images/:imageId/:size', [PublicPropertiesController, 'image'])
  .where('imageId', number)
router.get('/api/agent-properties/:id/public', [PublicPropertiesController, 'show']).where('id', number)
router
  .get('/api/agent-properties/agency/:agencyId/public', [PublicPropertiesController, 'agency'])
  .where('agencyId', number)

router
  .group(() => {
    router.get('/api/agent-properties', [AgentPropertiesController, 'index'])
    router.get('/api/agent-properties/owned-properties', [AgentPropertiesController, 'owned'])
    router.post('/api/agent-properties/create-manual', [AgentPropertiesController, 'store'])
    router.post('/api/agent-properties/:id/share', [AgentPropertiesController, 'share']).where('id', number)
    router
      .get('/api/agent-properties/agency/:agencyId', [AgentPropertiesController, 'agency'])
      .where('agencyId', number)
  })
  .use([...stateful(), middleware.auth()])
