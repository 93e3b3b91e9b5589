import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import PackagePolicy from '#inventory/policies/package_policy'
import { SavePackage } from '#inventory/actions/save_package'
import { createPackageValidator, updatePackageValidator } from '#inventory/validators/package'
import { findPackage, listPackages, packageLotIds } from '#inventory/queries/packages'
import { serializePackage } from '#inventory/transformers/package_transformer'
import type PricePackage from '#inventory/models/price_package'
import { auditBy } from '#audit'

async function present(pkg: PricePackage) {
  const lots = await packageLotIds([pkg.id])
  return serializePackage(pkg, DateTime.utc(), lots.get(pkg.id) ?? [])
}

/** A development's packages (docs/prices.md, "Packages"): created, rescheduled while not in force, retired. */
export default class PackagesController {
  async index(ctx: HttpContext) {
    await ctx.bouncer.with(PackagePolicy).authorize('manage')
    const now = DateTime.utc()
    return (await listPackages(ctx)).map((pkg) => serializePackage(pkg, now))
  }

  async show({ bouncer, params }: HttpContext) {
    await bouncer.with(PackagePolicy).authorize('manage')
    return present(await findPackage(params.id))
  }

  @inject()
  async store(ctx: HttpContext, save: SavePackage) {
    await ctx.bouncer.with(PackagePolicy).authorize('manage')
    const { developmentId, ...input } = await ctx.request.validateUsing(createPackageValidator)
    const created = await save.create(developmentId, input, auditBy(ctx))
    return ctx.response.created({ message: 'Package created.', ...(await present(created)) })
  }

  @inject()
  async update(ctx: HttpContext, save: SavePackage) {
    await ctx.bouncer.with(PackagePolicy).authorize('manage')
    const found = await findPackage(ctx.params.id)
    const input = await ctx.request.validateUsing(updatePackageValidator)
    const updated = await save.update(found.id, input, auditBy(ctx))
    return { message: 'Package updated.', ...(await present(updated)) }
  }

  @inject()
  async retire(ctx: HttpContext, save: SavePackage) {
    await ctx.bouncer.with(PackagePolicy).authorize('manage')
    const found = await findPackage(ctx.params.id)
    const retired = await save.retire(found.id, auditBy(ctx))
    return { message: 'Package retired.', ...(await present(retired)) }
  }
}
