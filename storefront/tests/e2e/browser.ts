import { existsSync } from 'node:fs'
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core'
import { watchPolicyViolations } from './policy-violations.ts'

/**
 * Debian's Chromium headless shell when it is installed (the same engine, with none of the
 * desktop browser's windowing around it: a journey costs less CPU), else Chromium itself.
 */
const EXECUTABLE =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium')

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * One Chromium per test file, started by its first journey and closed after its last
 * (journey-setup.ts): a journey gets a fresh context of its own (no cookies, cache or storage
 * shared with any other), which costs a fraction of starting a browser. Scrollbars that take
 * room are a browser's launch option, so a journey that needs them shares a second browser.
 */
const browsers = new Map<'plain' | 'scrollbars', Promise<Browser>>()

export function sharedBrowser(options: { scrollbars?: boolean } = {}): Promise<Browser> {
  const kind = options.scrollbars ? 'scrollbars' : 'plain'
  let browser = browsers.get(kind)
  if (!browser) {
    browser = chromium.launch({
      executablePath: EXECUTABLE,
      headless: true,
      args: CHROMIUM_ARGS,
      ...(options.scrollbars ? { ignoreDefaultArgs: ['--hide-scrollbars'] } : {}),
    })
    browsers.set(kind, browser)
  }
  return browser
}

export async function closeBrowsers(): Promise<void> {
  const open = [...browsers.values()]
  browsers.clear()
  await Promise.all(open.map(async (browser) => (await browser).close()))
}

export interface Session {
  context: BrowserContext
  page: Page
  close: () => Promise<void>
}

/** A fresh context (no cookies) with its first page; closing it fails the journey if the CSP blocked anything. */
export async function openContext(options: BrowserContextOptions & { scrollbars?: boolean } = {}): Promise<Session> {
  const { scrollbars, ...contextOptions } = options
  const context = await (await sharedBrowser({ scrollbars })).newContext(contextOptions)
  // A journey fails when its pages tripped the Content Security Policy (policy-violations.ts).
  const policy = await watchPolicyViolations(context)
  const page = await context.newPage()
  return {
    context,
    page,
    close: async () => {
      await context.close()
      policy.assertNone()
    },
  }
}

/** A fresh browser session (no cookies) per journey, on a laptop's screen. */
export function openBrowser(): Promise<Session> {
  return openContext({ viewport: { width: 1280, height: 900 } })
}
