/** /dashboard and /enhanced-dashboard are the same page (spec 000 route table). */
export { default, ErrorBoundary, action, loader, meta, shouldRevalidate } from './enhanced-dashboard'
