import type { HttpContext } from '@adonisjs/core/http'
import { parseListParams } from '#core/listing'
import { AppError } from '#core/errors'
import queueConfig from '#config/queue'
import { FAILED_JOB_SORTABLE, listFailedJobs, retryFailedJob } from '#core/queue/failed_jobs'
import NotificationPolicy from '#notifications/policies/notification_policy'

/** Only the database queue can be listed (its table); on Redis the failed jobs stay in Redis. */
function requireDatabaseQueue() {
  if (queueConfig.default === 'redis') {
    throw AppError.conflict('Failed jobs are listed only when the queue is in the database (QUEUE_DRIVER=database).')
  }
}

export default class AdminJobsController {
  async failed(ctx: HttpContext) {
    await ctx.bouncer.with(NotificationPolicy).authorize('manageJobs')
    requireDatabaseQueue()
    const params = parseListParams(ctx, FAILED_JOB_SORTABLE, ['failedAt', 'DESC'])
    const { total, jobs } = await listFailedJobs({
      offset: params.offset,
      limit: params.limit,
      direction: params.sort.direction,
    })
    const end = jobs.length ? params.offset + jobs.length - 1 : params.offset
    ctx.response.header('Content-Range', `jobs ${params.offset}-${end}/${total}`)
    ctx.response.header('Access-Control-Expose-Headers', 'Content-Range')
    ctx.response.header('Cache-Control', 'private, no-store')
    return jobs
  }

  async retry({ bouncer, params, response }: HttpContext) {
    await bouncer.with(NotificationPolicy).authorize('manageJobs')
    requireDatabaseQueue()
    const retried = await retryFailedJob(String(params.id))
    if (!retried) throw AppError.notFound('No failed job with this id: it may have been retried already.')
    return response.accepted(retried)
  }
}
