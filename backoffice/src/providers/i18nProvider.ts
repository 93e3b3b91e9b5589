import polyglotI18nProvider from 'ra-i18n-polyglot'
import englishMessages from 'ra-language-english'
import { mergeTranslations, type I18nProvider, type TranslationMessages } from 'react-admin'
import type { ResourceMessages } from '../plugins/types'

/** Resources' texts as react-admin reads them (`resources.<name>.*`). */
export interface ResourceTranslations {
  resources: Record<string, ResourceMessages & { forcedCaseName: string }>
}

/**
 * react-admin's own texts where its English is not the business's: no "element", no
 * "dataProvider", no internal names. Screens and resources say the rest themselves (a
 * resource's name and notices come from its plugin's messages).
 */
export const BACKOFFICE_MESSAGES = {
  ra: {
    message: {
      error: 'Something went wrong. Please try again.',
      auth_error: 'Your session could not be checked. Please log in again.',
      invalid_form: 'Please correct the highlighted fields.',
    },
    notification: {
      created: 'Saved successfully',
      updated: 'Saved successfully |||| %{smart_count} records saved successfully',
      deleted: 'Deleted successfully |||| %{smart_count} records deleted successfully',
      bad_item: 'This record cannot be shown.',
      item_doesnt_exist: 'This record no longer exists.',
      http_error: 'The server could not be reached. Please try again.',
      data_provider_error: 'Something went wrong. Please try again.',
      canceled: 'Cancelled',
      logged_out: 'Your session has expired. Please log in again.',
      not_authorized: 'You do not have permission to perform this action.',
    },
  },
}

/** The backoffice's messages: react-admin's English, the business's words over it, then every plugin's. */
export function backofficeMessages(plugins: readonly ResourceTranslations[]): TranslationMessages {
  return mergeTranslations(englishMessages, BACKOFFICE_MESSAGES, ...plugins) as TranslationMessages
}

/**
 * One locale, English. Missing keys are shown as given, so a screen's own text (a flash
 * message, a label) passes through as written.
 */
export function createI18nProvider(messages: TranslationMessages): I18nProvider {
  return polyglotI18nProvider(() => messages, 'en', [{ locale: 'en', name: 'English' }], { allowMissing: true })
}
