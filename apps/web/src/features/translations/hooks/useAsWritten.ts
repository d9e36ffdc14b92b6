import { useLingui } from '@lingui/react/macro';

import { previewText } from '../translation-values';

/**
 * A field's hint "As written: …" with the original text (plain, shortened), so the organizer sees
 * what they translate; nothing when the original is blank.
 */
export function useAsWritten(): (original: string | null | undefined) => string | undefined {
  const { t } = useLingui();
  return (original) => {
    const preview = previewText(original);
    return preview ? t`As written: ${preview}` : undefined;
  };
}
