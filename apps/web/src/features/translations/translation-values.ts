import { type EventTranslationsDto, type Locale, LOCALES } from '@admitone/shared';
import type { UseFormReturnType } from '@mantine/form';

/**
 * The Translations form: the body of `PUT /events/{id}/translations/{locale}`, every text a string ('' = as written).
 */
export interface TranslationValues {
  event: { title: string; description: string; pre_checkout_message: string; post_checkout_message: string };
  tickets: Array<{ id: number; name: string; description: string }>;
  categories: Array<{ id: number; name: string; description: string }>;
  questions: Array<{ id: number; title: string; description: string; options: string[] }>;
}

/** The Translations form, as its field groups get it. */
export type TranslationFormReturn = UseFormReturnType<TranslationValues>;

/**
 * The stored texts of one language as form values, in the order of the answer (server field errors
 * such as `tickets.0.name` name the same places). One option field per option as written: a label
 * stored for an option that no longer exists is dropped.
 */
export function toTranslationValues(dto: EventTranslationsDto, locale: Locale): TranslationValues {
  const event = dto.event.translations[locale] ?? {};
  return {
    event: {
      title: event.title ?? '',
      description: event.description ?? '',
      pre_checkout_message: event.pre_checkout_message ?? '',
      post_checkout_message: event.post_checkout_message ?? '',
    },
    tickets: dto.tickets.map(({ id, translations }) => {
      const texts = translations[locale] ?? {};
      return { id, name: texts.name ?? '', description: texts.description ?? '' };
    }),
    categories: dto.categories.map(({ id, translations }) => {
      const texts = translations[locale] ?? {};
      return { id, name: texts.name ?? '', description: texts.description ?? '' };
    }),
    questions: dto.questions.map(({ id, original, translations }) => {
      const texts = translations[locale] ?? {};
      return {
        id,
        title: texts.title ?? '',
        description: texts.description ?? '',
        options: original.options.map((_, i) => texts.options?.[i] ?? ''),
      };
    }),
  };
}

/** The language the screen opens with: the first that has texts, else the first that is not the interface's. */
export function firstLanguage(withTexts: readonly Locale[], interfaceLocale: string): Locale {
  return LOCALES.find((l) => withTexts.includes(l)) ?? LOCALES.find((l) => l !== interfaceLocale) ?? LOCALES[0];
}

/** The plain text of (sanitised) HTML on one line, cut after `max` characters; '' for none. */
export function previewText(html: string | null | undefined, max = 140): string {
  if (!html) return '';
  // Block tags become spaces so paragraphs do not run together; the inert parser only decodes entities.
  const withoutTags = html
    .replace(/<\/?(?:p|div|br|li|ul|ol|h[1-6]|blockquote)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '');
  const decoded = new DOMParser().parseFromString(withoutTags, 'text/html').documentElement.textContent ?? '';
  const text = decoded.replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
