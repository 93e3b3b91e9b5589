// One lint configuration for the whole repository (docs/decisions/008-lint-and-format.md).
import { defineConfig, globalIgnores } from 'eslint/config'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import react from 'eslint-plugin-react'
import reactHooks from 'eslint-plugin-react-hooks'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import prettier from 'eslint-config-prettier'
import globals from 'globals'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'

const ROOT = dirname(new URL(import.meta.url).pathname)
const BACKEND_APP = join(ROOT, 'backend/app')

/**
 * The backend's business modules, read from the tree at lint time:
 * every folder of backend/app with a public face, index.ts. `#core/*` is shared plumbing; a folder
 * without a face (dashboards) is reached by nothing outside it.
 */
const FOLDERS = readdirSync(BACKEND_APP).filter((name) => statSync(join(BACKEND_APP, name)).isDirectory())
const MODULES = FOLDERS.filter((name) => existsSync(join(BACKEND_APP, name, 'index.ts')))
const FACELESS = FOLDERS.filter((name) => name !== 'core' && !MODULES.includes(name))

/** A module is reached from outside only through its public face, `#<module>` (app/<module>/index.ts). */
function boundaryRule(importer) {
  return [
    'error',
    {
      patterns: [
        ...MODULES.filter((module) => module !== importer).map((module) => ({
          regex: `^#${module}/`,
          message: `Import from '#${module}', the module's public face, and export what is needed from app/${module}/index.ts.`,
        })),
        ...FACELESS.filter((folder) => folder !== importer).map((folder) => ({
          regex: `^#${folder}(/|$)`,
          message: `app/${folder} has no public face (index.ts): nothing outside it imports it.`,
        })),
      ],
    },
  ]
}

/**
 * `app/core` is the plumbing the modules build on: it imports no module, not even a public face.
 * What it needs from one is a structural type it defines (core/actor.ts) or something the
 * composition root, start/, provides (the API reference's table, start/api_reference.ts).
 */
const CORE_RULE = [
  'error',
  {
    patterns: [
      {
        regex: `^#(${[...MODULES, ...FACELESS].join('|')})(/|$)`,
        message:
          'app/core imports no module: define the shape it needs in core, or let start/ register the module with core.',
      },
    ],
  },
]

/**
 * Import cycles (docs/decisions/019-module-ports.md): across backend/app and both front ends, no
 * file may reach itself through its imports, static, type-only or `await import()`. The whole
 * graph is read once per lint run (TypeScript's pre-processor lists each file's imports without
 * parsing it), its strongly connected components found (Tarjan), and every import that stays
 * inside one is reported with the cycle it closes.
 */
const CYCLE_ROOTS = ['backend/app', 'storefront/app', 'backoffice/src'].map((root) => join(ROOT, root))
const SOURCE = /\.(ts|tsx)$/
const NOT_A_SOURCE = /\.(test|spec)\.(ts|tsx)$|\.d\.ts$/
const BACKEND_IMPORTS = JSON.parse(readFileSync(join(ROOT, 'backend/package.json'), 'utf8')).imports

function sourcesUnder(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourcesUnder(path)
    return SOURCE.test(entry.name) && !NOT_A_SOURCE.test(entry.name) ? [path] : []
  })
}

/** The file a TypeScript path names (`.js` written for `.ts`, a folder for its index), or null. */
function existing(path) {
  const bare = path.replace(/\.js$/, '')
  for (const candidate of [bare, `${bare}.ts`, `${bare}.tsx`, join(bare, 'index.ts'), join(bare, 'index.tsx')]) {
    if (SOURCE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  return null
}

/** The file `specifier` names from `file`: relative, the backend's `#` imports, the storefront's `~/`; null for a package. */
function resolveImport(file, specifier) {
  if (specifier.startsWith('.')) return existing(resolve(dirname(file), specifier))
  if (specifier.startsWith('~/') && file.startsWith(join(ROOT, 'storefront/'))) {
    return existing(join(ROOT, 'storefront/app', specifier.slice(2)))
  }
  if (specifier.startsWith('#') && file.startsWith(join(ROOT, 'backend/'))) {
    for (const [pattern, target] of Object.entries(BACKEND_IMPORTS)) {
      const star = pattern.indexOf('*')
      if (star === -1 ? specifier === pattern : specifier.startsWith(pattern.slice(0, star))) {
        const rest = star === -1 ? '' : specifier.slice(star)
        return existing(join(ROOT, 'backend', target.replace('*', rest)))
      }
    }
  }
  return null
}

let graph = null

function importGraph() {
  if (graph) return graph
  const edges = new Map()
  for (const file of CYCLE_ROOTS.flatMap(sourcesUnder)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    const targets = importedFiles.map((entry) => resolveImport(file, entry.fileName)).filter(Boolean)
    edges.set(file, new Set(targets.filter((target) => target !== file)))
  }
  // Tarjan's strongly connected components, iteratively (no recursion limit on long chains).
  const component = new Map()
  const index = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  let counter = 0
  for (const start of edges.keys()) {
    if (index.has(start)) continue
    const work = [[start, [...(edges.get(start) ?? [])], 0]]
    index.set(start, counter)
    low.set(start, counter++)
    stack.push(start)
    onStack.add(start)
    while (work.length) {
      const frame = work[work.length - 1]
      const [node, next] = frame
      if (frame[2] < next.length) {
        const target = next[frame[2]++]
        if (!edges.has(target)) continue
        if (!index.has(target)) {
          index.set(target, counter)
          low.set(target, counter++)
          stack.push(target)
          onStack.add(target)
          work.push([target, [...edges.get(target)], 0])
        } else if (onStack.has(target)) {
          low.set(node, Math.min(low.get(node), index.get(target)))
        }
        continue
      }
      work.pop()
      if (work.length) {
        const parent = work[work.length - 1][0]
        low.set(parent, Math.min(low.get(parent), low.get(node)))
      }
      if (low.get(node) === index.get(node)) {
        let member
        do {
          member = stack.pop()
          onStack.delete(member)
          component.set(member, node)
        } while (member !== node)
      }
    }
  }
  graph = { edges, component }
  return graph
}

/** The shortest way from `from` back to `to` inside their component, as paths from the repository's root. */
function cyclePath(from, to) {
  const { edges, component } = importGraph()
  const previous = new Map([[from, null]])
  const queue = [from]
  while (queue.length) {
    const node = queue.shift()
    if (node === to) break
    for (const next of edges.get(node) ?? []) {
      if (component.get(next) !== component.get(to) || previous.has(next)) continue
      previous.set(next, node)
      queue.push(next)
    }
  }
  const path = []
  for (let node = to; node; node = previous.get(node)) path.unshift(relative(ROOT, node))
  return path
}

const noImportCycle = {
  meta: {
    type: 'problem',
    messages: {
      cycle:
        'Import cycle: {{cycle}}. Move what both need into a file of its own, or let the lower module declare a port the other fills (backend/start/ports.ts).',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename
    if (!CYCLE_ROOTS.some((root) => file.startsWith(`${root}/`)) || !SOURCE.test(file) || NOT_A_SOURCE.test(file)) {
      return {}
    }
    const check = (node, source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return
      const target = resolveImport(file, source.value)
      const { component } = importGraph()
      if (!target || target === file || component.get(target) !== component.get(file)) return
      const cycle = [relative(ROOT, file), ...cyclePath(target, file)].join(' -> ')
      context.report({ node, messageId: 'cycle', data: { cycle } })
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    }
  },
}

const TEST_FILES = ['backend/tests/**/*.ts', 'storefront/tests/**/*.ts', '**/*.test.{ts,tsx}']

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/build/',
    '**/dist/',
    '**/coverage/',
    '**/.cache/',
    'backend/.adonisjs/',
    'backend/tmp/',
    'backend/storage/',
  ]),
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // No `any`; tests are the exception below.
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // `interface X extends Y {}` is how AdonisJS and react-admin types are augmented.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'prefer-const': 'error',
      'object-shorthand': 'error',
    },
  },
  {
    files: ['backend/**/*.ts'],
    languageOptions: {
      // The backend's DI (`@inject()`) and models read decorator metadata: a class used only
      // as a constructor parameter type is still a runtime import there.
      parserOptions: { experimentalDecorators: true, emitDecoratorMetadata: true },
    },
  },
  {
    files: TEST_FILES,
    rules: {
      // Tests read arbitrary JSON answers and poke at internals; nothing there is exported API.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },

  // Where each file runs.
  {
    files: [
      '*.js',
      'backend/**/*.{ts,js}',
      'database/**/*.{ts,js}',
      'scripts/**/*.ts',
      'storefront/server.ts',
      'storefront/server/**/*.ts',
      '**/vite.config.ts',
      '**/vitest*.config.ts',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    // Remix route modules run on the server (loaders, actions) and in the browser.
    files: ['storefront/app/**/*.{ts,tsx}', 'storefront/tests/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['backoffice/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
  },

  // React.
  {
    files: ['storefront/**/*.tsx', 'backoffice/**/*.tsx'],
    ...react.configs.flat.recommended,
    settings: { react: { version: 'detect' } },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat['jsx-runtime'].rules,
      // Apostrophes and quotes in copy are literal text (often the spec's); `>` and `}` are the real slips.
      'react/no-unescaped-entities': ['error', { forbid: ['>', '}'] }],
    },
  },
  // Accessibility of the front ends' markup.
  {
    files: ['storefront/**/*.tsx', 'backoffice/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrollable table region must be reachable by keyboard to scroll it (WCAG 2.1.1).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region'] }],
    },
  },
  {
    files: ['storefront/app/**/*.{ts,tsx}', 'backoffice/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
      // React Compiler rules: both apps run React 18 without the compiler, and these two flag the
      // idioms the forms rely on (field errors reset from each new server answer, the hydration
      // flag that turns no-JS links into buttons, the latest-callback ref for timers and listeners).
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/refs': 'off',
    },
  },

  // Module boundaries in the backend: a module may deep-import only itself.
  ...[...MODULES, ...FACELESS].map((module) => ({
    files: [`backend/app/${module}/**/*.ts`],
    rules: { 'no-restricted-imports': boundaryRule(module) },
  })),
  {
    files: ['backend/app/core/**/*.ts'],
    rules: { 'no-restricted-imports': CORE_RULE },
  },
  {
    files: ['backend/app/**/*.ts', 'storefront/app/**/*.{ts,tsx}', 'backoffice/src/**/*.{ts,tsx}'],
    plugins: { modules: { rules: { 'no-import-cycle': noImportCycle } } },
    rules: { 'modules/no-import-cycle': 'error' },
  },
  {
    files: ['backend/commands/**/*.ts'],
    rules: { 'no-restricted-imports': boundaryRule(null) },
  },

  prettier
)
