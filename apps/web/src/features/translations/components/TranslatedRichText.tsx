import type { Locale } from '@admitone/shared';

import { RichTextInput } from '../../../components/RichTextInput';
import { useAsWritten } from '../hooks/useAsWritten';
import type { TranslationFormReturn } from '../translation-values';

interface TranslatedRichTextProps {
  form: TranslationFormReturn;
  /** The field's path in the form, e.g. `tickets.0.description`. */
  path: string;
  label: string;
  /** The stored text in the language; the editor is uncontrolled after mount (the form is keyed by language). */
  defaultValue: string;
  /** The text as written, shown plain under the label. */
  original: string | null;
  locale: Locale;
}

/** A rich text field of the Translations form, with the text as written under its label. */
export function TranslatedRichText({ form, path, label, defaultValue, original, locale }: TranslatedRichTextProps) {
  const asWritten = useAsWritten();
  return (
    <RichTextInput
      label={label}
      description={asWritten(original)}
      defaultValue={defaultValue}
      onChange={(html) => form.setFieldValue(path, html)}
      error={form.errors[path]}
      lang={locale}
    />
  );
}
