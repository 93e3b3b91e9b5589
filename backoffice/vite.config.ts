import { existsSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'

/** Smaller than this, an asset is not worth a compressed copy (as the gateway's compression judges). */
const PRECOMPRESS_MIN_BYTES = 1024
const PRECOMPRESSIBLE = /\.(js|css|svg|json|webmanifest)$/

/**
 * Writes a brotli copy (`name.br`, best quality) beside each larger script and style sheet.
 * The gateway sends it to browsers that accept brotli (storefront/server/backoffice.ts): the
 * agent's phone downloads about a fifth less than with gzip, and nothing is compressed per request.
 */
function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'aero:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    writeBundle(_options, bundle) {
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!PRECOMPRESSIBLE.test(fileName)) continue
        const source = output.type === 'chunk' ? output.code : output.source
        if (Buffer.byteLength(source) < PRECOMPRESS_MIN_BYTES) continue
        const brotli = brotliCompressSync(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(source),
          },
        })
        writeFileSync(join(outDir, `${fileName}.br`), brotli)
      }
    },
  }
}

/** `object.entries` answered by the browser's own Object.entries (every supported browser has it). */
const NATIVE_OBJECT_ENTRIES = '\0aero:object-entries'

/**
 * node-polyglot (react-admin's translations) requires the `object.entries` polyfill, which brings
 * some twenty small shim packages (get-intrinsic, call-bind, define-properties...) into the
 * first screen's code for a function every browser the backoffice supports has natively.
 */
function nativeObjectEntries(): Plugin {
  return {
    name: 'aero:native-object-entries',
    enforce: 'pre',
    resolveId: (source) => (source === 'object.entries' ? NATIVE_OBJECT_ENTRIES : undefined),
    load: (id) => (id === NATIVE_OBJECT_ENTRIES ? 'export default Object.entries' : undefined),
  }
}

const PLAIN_PAGE_TITLE = '\0aero:plain-page-title:'

/**
 * react-admin's <Title> (every page, the dashboard and the error pages included) renders a
 * title the user may edit in react-admin's configuration mode, whose editor, a MUI TextField,
 * brings MUI's text, select and input components into the first screen's code (15 kB gzip).
 * The backoffice offers no way into that mode (no inspector button), so its pages get the
 * plain title react-admin shows outside it. Build only; the first-screen budget
 * (npm run bench -- backoffice) notices if a react-admin release moves the module.
 */
function plainPageTitle(): Plugin {
  return {
    name: 'aero:plain-page-title',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== './PageTitleConfigurable.js' || !importer?.includes('/ra-ui-materialui/dist/layout/')) return
      return PLAIN_PAGE_TITLE + join(dirname(importer), 'PageTitle.js')
    },
    load(id) {
      if (!id.startsWith(PLAIN_PAGE_TITLE)) return
      return [
        `import { createElement } from 'react'`,
        `import { PageTitle } from ${JSON.stringify(id.slice(PLAIN_PAGE_TITLE.length))}`,
        `export const PageTitleEditor = () => null`,
        `export const PageTitleConfigurable = ({ preferenceKey, ...props }) => createElement(PageTitle, props)`,
      ].join('\n')
    },
  }
}

/**
 * A build-only plugin that rewrites one module of a dependency (`file`, the end of its path). The
 * build fails when a text to replace is missing, so a release that moves the code is noticed.
 */
function rewriteDependency(name: string, file: string, replacements: [string, string][], append = ''): Plugin {
  return {
    name,
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith(file)) return
      if (replacements.some(([text]) => !code.includes(text))) {
        this.error(`${file} no longer reads as expected: review ${name}`)
      }
      return replacements.reduce((result, [text, replacement]) => result.replace(text, replacement), code) + append
    },
  }
}

/**
 * react-admin's <Layout> always mounts the editor of its configuration mode, which renders nothing
 * until that mode is on; the backoffice offers no way into it (as for the page titles above).
 */
const noInspector = () =>
  rewriteDependency('aero:no-inspector', '/ra-ui-materialui/dist/layout/Layout.js', [
    ['import { Inspector } from "../preferences/index.js";', 'const Inspector = () => null;'],
  ])

/**
 * ra-core creates its own hash router (react-router's data router: createHashRouter and its
 * RouterProvider, some 18 kB gzip of the first screen's code) only when <Admin> is not inside a
 * router. The backoffice always mounts it inside main.tsx's BrowserRouter, so that router is
 * never made: the build leaves it out, and an admin rendered outside a router fails loudly.
 */
const noHashRouter = () =>
  rewriteDependency(
    'aero:no-hash-router',
    '/ra-core/dist/routing/adapters/reactRouterProvider.js',
    [['createHashRouter, RouterProvider as ReactRouterProvider,', '']],
    [
      '',
      'function createHashRouter() {',
      "  throw new Error('The backoffice renders react-admin inside its BrowserRouter (main.tsx)')",
      '}',
      'function ReactRouterProvider() {',
      '  return null',
      '}',
    ].join('\n')
  )

/**
 * react-admin imports lodash's functions one by one from the CommonJS `lodash` package; each of
 * their hundred-odd internal modules then comes wrapped for CommonJS in the first screen's code.
 * The same functions of the same release, as ES modules (`lodash-es`), are about 5 kB gzip
 * smaller. Build only.
 */
function lodashAsModules(): Plugin {
  return {
    name: 'aero:lodash-es',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const name = /^lodash\/(\w+)(?:\.js)?$/.exec(source)?.[1]
      if (name) return this.resolve(`lodash-es/${name}.js`, importer, { skipSelf: true })
    },
  }
}

/**
 * react-admin's default CSV exporter, which every list's controller imports, brings its CSV
 * writer (jsonexport, 3 kB gzip) into each list screen's first code, to be used only when
 * someone exports. The build fetches it on the first export instead.
 */
const CSV_CALL = 'jsonExport(data, (err, csv) => downloadCSV(csv, resource))'
const lazyCsvWriter = () =>
  rewriteDependency('aero:lazy-csv-writer', '/ra-core/dist/export/defaultExporter.js', [
    ["import jsonExport from 'jsonexport/dist/index.js';", ''],
    [CSV_CALL, `import('jsonexport/dist/index.js').then(({ default: jsonExport }) => ${CSV_CALL})`],
  ])

/**
 * react-router's package exports name its development build in every mode, warnings included (their
 * text, and building them on every render). Its production build is the same code without. Build only.
 */
function reactRouterProductionBuild(): Plugin {
  const production = (file: string) =>
    join(dirname(createRequire(import.meta.url).resolve('react-router')), '../production', file)
  return {
    name: 'aero:react-router-production',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      if (!existsSync(production('index.mjs'))) {
        this.error(`${production('index.mjs')} is missing: review aero:react-router-production`)
      }
    },
    resolveId(source) {
      if (source === 'react-router') return production('index.mjs')
      if (source === 'react-router/dom') return production('dom-export.mjs')
    },
  }
}

// Served on the one origin under /backoffice/; /api and the storefront's
// /login live on that same origin. For `vite dev` alone, /api is proxied to the backend.
export default defineConfig({
  base: '/backoffice/',
  plugins: [
    react(),
    nativeObjectEntries(),
    plainPageTitle(),
    noInspector(),
    noHashRouter(),
    lodashAsModules(),
    lazyCsvWriter(),
    reactRouterProductionBuild(),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // node-polyglot's require('object.entries') is given the function, not a module namespace.
    commonjsOptions: { requireReturnsDefault: (id) => (id === NATIVE_OBJECT_ENTRIES ? 'preferred' : false) },
    // No manualChunks: Rollup gives each lazy screen the library code only it needs. One
    // catch-all library chunk put every screen's share of MUI and react-admin into the first
    // screen (348 kB gzip of 372 kB); Vite preloads a screen's chunks side by side when it opens.
    // Small chunks merged into chunks loaded with them: a phone fetches a screen in a few files,
    // each batch a round trip on its six connections, for under 1 kB more.
    rollupOptions: { output: { experimentalMinChunkSize: 10_000 } },
  },
  server: {
    proxy: {
      '/api': `http://localhost:${process.env.BACKEND_PORT ?? '3333'}`,
    },
  },
})
