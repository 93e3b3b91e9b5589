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

const RA_LAYOUT = '/ra-ui-materialui/dist/layout/Layout.js'
const INSPECTOR_IMPORT = 'import { Inspector } from "../preferences/index.js";'

/**
 * react-admin's <Layout> always mounts the editor of its configuration mode (the Inspector, a
 * draggable panel with its icons), which renders nothing until someone turns that mode on. The
 * backoffice offers no way into it (as for the page titles above), so the build mounts nothing
 * there and the first screen's code leaves the editor out. Build only; the build fails if a
 * react-admin release changes the import this relies on.
 */
function noInspector(): Plugin {
  return {
    name: 'aero:no-inspector',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith(RA_LAYOUT)) return
      if (!code.includes(INSPECTOR_IMPORT))
        this.error(`${RA_LAYOUT} no longer reads as expected: review aero:no-inspector`)
      return code.replace(INSPECTOR_IMPORT, 'const Inspector = () => null;')
    },
  }
}

const RA_ROUTER_ADAPTER = '/ra-core/dist/routing/adapters/reactRouterProvider.js'
const HASH_ROUTER_IMPORT = 'createHashRouter, RouterProvider as ReactRouterProvider,'

/**
 * ra-core creates its own hash router (react-router's data router: createHashRouter and its
 * RouterProvider, some 18 kB gzip of the first screen's code) only when <Admin> is not inside a
 * router. The backoffice always mounts it inside main.tsx's BrowserRouter, so that router is
 * never made: the build leaves it out, and an admin rendered outside a router fails loudly.
 * Build only; the build fails if a react-admin release changes the import this relies on.
 */
function noHashRouter(): Plugin {
  return {
    name: 'aero:no-hash-router',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith(RA_ROUTER_ADAPTER)) return
      if (!code.includes(HASH_ROUTER_IMPORT)) {
        this.error(`${RA_ROUTER_ADAPTER} no longer imports "${HASH_ROUTER_IMPORT}": review aero:no-hash-router`)
      }
      return (
        code.replace(HASH_ROUTER_IMPORT, '') +
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
    },
  }
}

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

const RA_DEFAULT_EXPORTER = '/ra-core/dist/export/defaultExporter.js'
const JSONEXPORT_IMPORT = "import jsonExport from 'jsonexport/dist/index.js';"

/**
 * react-admin's default CSV exporter, which every list's controller imports, brings its CSV
 * writer (jsonexport, 3 kB gzip) into each list screen's first code, to be used only when
 * someone exports. The build fetches it on the first export instead. Build only; the build
 * fails if a react-admin release changes the import this relies on.
 */
function lazyCsvWriter(): Plugin {
  return {
    name: 'aero:lazy-csv-writer',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith(RA_DEFAULT_EXPORTER)) return
      const call = 'jsonExport(data, (err, csv) => downloadCSV(csv, resource))'
      if (!code.includes(JSONEXPORT_IMPORT) || !code.includes(call)) {
        this.error(`${RA_DEFAULT_EXPORTER} no longer reads as expected: review aero:lazy-csv-writer`)
      }
      return code
        .replace(JSONEXPORT_IMPORT, '')
        .replace(call, `import('jsonexport/dist/index.js').then(({ default: jsonExport }) => ${call})`)
    },
  }
}

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
    // Chunks under 10 kB are merged into chunks loaded with them (Rollup never runs code there
    // that would not have run): a phone fetches the booking requests in 22 files instead of 33,
    // each a round trip on its six connections, for under 1 kB more.
    rollupOptions: { output: { experimentalMinChunkSize: 10_000 } },
  },
  server: {
    proxy: {
      '/api': `http://localhost:${process.env.BACKEND_PORT ?? '3333'}`,
    },
  },
})
