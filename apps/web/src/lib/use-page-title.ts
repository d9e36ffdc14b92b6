import { useDocumentTitle } from '@mantine/hooks';

/** Sets the browser tab title to "<page> · AdmitOne". */
export function usePageTitle(title: string): void {
  useDocumentTitle(title ? `${title} · AdmitOne` : 'AdmitOne');
}
