// One lint configuration for the whole repository (docs/decisions/008-lint-and-format.md).
import { defineConfig, globalIgnores } from 'eslint/config'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import react from 'eslint-plugin-react'
import reactHooks from 'eslint-plugin-react-hooks'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import prettier from 'eslint-config-prettier'
import globals from 'globals'

/** The backend's business modules (STYLE.md, "One vocabulary"); `#core/*` is shared plumbing. */
const MODULES = ['identity', 'agencies', 'inventory', 'bookings', 'portfolio', 'contact', 'dashboards', 'audit']

/** A module is reached from outside only through its public face, `#<module>` (app/<module>/index.ts). */
function boundaryRule(importer) {
  return [
    'error',
    {
      patterns: MODULES.filter((module) => module !== importer).map((module) => ({
        regex: `^#${module}/`,
        message: `Import from '#${module}', the module's public face, and export what is needed from app/${module}/index.ts.`,
      })),
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
        regex: `^#(${MODULES.join('|')})(/|$)`,
        message:
          'app/core imports no module: define the shape it needs in core, or let start/ register the module with core.',
      },
    ],
  },
]

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
      // House rule (STYLE.md): no `any`; tests are the exception below.
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

  // Module boundaries in the backend (STYLE.md): a module may deep-import only itself.
  ...MODULES.map((module) => ({
    files: [`backend/app/${module}/**/*.ts`],
    rules: { 'no-restricted-imports': boundaryRule(module) },
  })),
  {
    files: ['backend/app/core/**/*.ts'],
    rules: { 'no-restricted-imports': CORE_RULE },
  },
  {
    files: ['backend/commands/**/*.ts'],
    rules: { 'no-restricted-imports': boundaryRule(null) },
  },

  prettier
)
