/** The storefront's fake push connection serves the backoffice's tests too. */
export * from '../../../storefront/app/test/fake-live-client'
