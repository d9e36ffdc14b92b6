import { useLingui } from '@lingui/react/macro';

import type { ExportKind } from './api/download-export';

/** What an export's button, progress dialog and failure notice say, by what is exported. */
export function useExportLabels(kind: ExportKind): { button: string; title: string; failure: string } {
  const { t } = useLingui();
  switch (kind) {
    case 'attendees':
      return {
        button: t`Export attendees`,
        title: t`Exporting attendees`,
        failure: t`We could not export the attendees. Please try again.`,
      };
    case 'orders':
      return {
        button: t`Export orders`,
        title: t`Exporting orders`,
        failure: t`We could not export the orders. Please try again.`,
      };
    case 'invoices':
      return {
        button: t`Export invoices`,
        title: t`Exporting invoices`,
        failure: t`We could not export the invoices. Please try again.`,
      };
    case 'check-ins':
      return {
        button: t`Export check-ins`,
        title: t`Exporting check-ins`,
        failure: t`We could not export the check-ins. Please try again.`,
      };
    case 'waitlist':
      return {
        button: t`Export waitlist`,
        title: t`Exporting the waitlist`,
        failure: t`We could not export the waitlist. Please try again.`,
      };
    case 'box-office/shifts':
      return {
        button: t`Export shifts`,
        title: t`Exporting the shifts`,
        failure: t`We could not export the shifts. Please try again.`,
      };
  }
}
