import type { ModuleDocs } from '#core/openapi/types'

/** Loads one module's route docs (its `openapi.ts`), on the reference's first request. */
export type ModuleDocsLoader = () => Promise<{ default: ModuleDocs }>

const loaders: ModuleDocsLoader[] = []

/**
 * The composition root (start/routes.ts) registers each module's route docs, in the
 * reference's order, beside its routes: core names no module.
 */
export function registerModuleDocs(...modules: ModuleDocsLoader[]): void {
  loaders.push(...modules)
}

/** Every registered module's route docs, in their order, then the platform's own. */
export async function moduleDocs(): Promise<ModuleDocs[]> {
  const modules = await Promise.all(loaders.map(async (load) => (await load()).default))
  const { default: platform } = await import('#core/openapi/core_docs')
  return [...modules, platform]
}
