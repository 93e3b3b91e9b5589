/** The privacy module's public face: a person's rights over their data (docs/privacy.md). */
export { default as AccountDeletionRequest } from '#privacy/models/account_deletion_request'
export { zip, type ZipEntry } from '#privacy/services/zip'
