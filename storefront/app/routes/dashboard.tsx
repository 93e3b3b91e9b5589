/** /dashboard and /enhanced-dashboard are the same page (spec 000 route table). */
export { default, loader, meta } from './enhanced-dashboard'
