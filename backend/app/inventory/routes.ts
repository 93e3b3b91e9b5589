import router from '@adonisjs/core/services/router'
import { middleware, stateful } from '#start/kernel'
// Imported eagerly: the public reads are the hottest routes, and a lazy import pays the
// module loader's round trip on every request.
import PublicLotsController from '#inventory/controllers/public_lots_controller'

const LotsController = () => import('#inventory/controllers/lots_controller')
const LotsImportController = () => import('#inventory/controllers/lots_import_controller')
const LotsExportController = () => import('#inventory/controllers/lots_export_controller')
const DevelopmentTimeLimitsController = () => import('#inventory/controllers/development_time_limits_controller')
const DevelopmentHoldsController = () => import('#inventory/controllers/development_holds_controller')
const DevelopmentLotVisibilityController = () => import('#inventory/controllers/development_lot_visibility_controller')
const PriceListsController = () => import('#inventory/controllers/price_lists_controller')
const BumiputeraController = () => import('#inventory/controllers/bumiputera_controller')
const PackagesController = () => import('#inventory/controllers/packages_controller')
const ReleaseBatchesController = () => import('#inventory/controllers/release_batches_controller')

router.get('/api/lots/public', [PublicLotsController, 'hub'])
router.get('/api/properties/:property/lots/:typeId', [PublicLotsController, 'ofType'])
router.get('/api/properties', [PublicLotsController, 'developments'])
router.get('/api/properties/:property', [PublicLotsController, 'development'])
router
  .get('/api/public/properties/:propertyId/units', [PublicLotsController, 'units'])
  .where('propertyId', router.matchers.number())
router.get('/api/lots/:id', [PublicLotsController, 'show']).where('id', router.matchers.number())

router
  .group(() => {
    router.get('/api/lots', [LotsController, 'index'])
    router.post('/api/lots', [LotsController, 'store'])
    router.get('/api/lots/export', [LotsExportController, 'index'])
    router.get('/api/lots/import/template', [LotsExportController, 'template'])
    router.post('/api/lots/import/preview', [LotsImportController, 'preview'])
    router.post('/api/lots/import', [LotsImportController, 'store'])
    router.put('/api/lots/:id', [LotsController, 'update']).where('id', router.matchers.number())
    router.delete('/api/lots/:id', [LotsController, 'destroy']).where('id', router.matchers.number())
    router.get('/api/lots/:id/bumiputera', [BumiputeraController, 'showLot']).where('id', router.matchers.number())
    router.put('/api/lots/:id/bumiputera', [BumiputeraController, 'lot']).where('id', router.matchers.number())
    router
      .put('/api/developments/:id/bumiputera-quota', [BumiputeraController, 'quota'])
      .where('id', router.matchers.number())
    router
      .get('/api/developments/:id/bumiputera-quota', [BumiputeraController, 'fill'])
      .where('id', router.matchers.number())
    router.get('/api/developments/time-limits', [DevelopmentTimeLimitsController, 'index'])
    router
      .put('/api/developments/:id/time-limits', [DevelopmentTimeLimitsController, 'update'])
      .where('id', router.matchers.number())
    router.get('/api/developments/holds', [DevelopmentHoldsController, 'index'])
    router
      .put('/api/developments/:id/hold', [DevelopmentHoldsController, 'update'])
      .where('id', router.matchers.number())
    router.get('/api/developments/lot-visibility', [DevelopmentLotVisibilityController, 'index'])
    router
      .put('/api/developments/:id/lot-visibility', [DevelopmentLotVisibilityController, 'update'])
      .where('id', router.matchers.number())
    router
      .get('/api/developments/:id/price-lists', [PriceListsController, 'index'])
      .where('id', router.matchers.number())
    router
      .post('/api/developments/:id/price-lists', [PriceListsController, 'store'])
      .where('id', router.matchers.number())
    router
      .get('/api/developments/:id/price-lists/:versionId', [PriceListsController, 'show'])
      .where('id', router.matchers.number())
      .where('versionId', router.matchers.number())
    router
      .get('/api/developments/:id/release-batches', [ReleaseBatchesController, 'index'])
      .where('id', router.matchers.number())
    router
      .post('/api/developments/:id/release-batches', [ReleaseBatchesController, 'store'])
      .where('id', router.matchers.number())
    router
      .delete('/api/developments/:id/release-batches/:batchId', [ReleaseBatchesController, 'destroy'])
      .where('id', router.matchers.number())
      .where('batchId', router.matchers.number())
    router.get('/api/packages', [PackagesController, 'index'])
    router.post('/api/packages', [PackagesController, 'store'])
    router.get('/api/packages/:id', [PackagesController, 'show']).where('id', router.matchers.number())
    router.put('/api/packages/:id', [PackagesController, 'update']).where('id', router.matchers.number())
    router.post('/api/packages/:id/retire', [PackagesController, 'retire']).where('id', router.matchers.number())
  })
  .use([...stateful(), middleware.auth()])
