/**
 * Live updates in the backoffice use the storefront's client (one implementation, tested
 * there: storefront/app/utils/live-client.ts): one shared connection for the whole app, the
 * client library loaded on the first subscription, lists loaded again after a reconnect.
 */
export * from '../../../storefront/app/utils/live-client'
