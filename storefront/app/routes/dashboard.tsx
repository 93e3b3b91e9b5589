/** /dashboard and /enhanced-dashboard are the same page (requirements: account.md#user-dashboard). */
export { default, ErrorBoundary, action, loader, meta, shouldRevalidate } from './enhanced-dashboard'
