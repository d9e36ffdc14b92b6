import { z } from 'zod';

import { type Locale, LOCALES } from '../enums.js';
import { LIMITS } from '../limits.js';
import { oneOf, optionalText } from './common.js';
import { MESSAGE_HTML_MAX } from './event-edit.js';

/**
 * Organizer content in other languages: the event's title, description and checkout messages, each
 * ticket's and product category's name and description, each question's title, description and option labels. A buyer
 * sees
 * the text in their language where the organizer gave one, else the text as written (`inLanguage`).
 */
export interface EventTexts {
  title: string | null;
  description: string | null;
  pre_checkout_message: string | null;
  post_checkout_message: string | null;
}
export interface TicketTexts {
  name: string | null;
  description: string | null;
}
/** A product category's name and description (a default category without a name has none to translate). */
export type CategoryTexts = TicketTexts;
export interface QuestionTexts {
  title: string | null;
  description: string | null;
  /** One label per option of the question, in its order (an empty one keeps the option as written). */
  options: string[];
}

/** The event's fields a visitor may read in their language. */
export const EVENT_TEXT_FIELDS = ['title', 'description', 'pre_checkout_message', 'post_checkout_message'] as const;

/** Texts per language as stored with the event, ticket or question (`translations` jsonb). */
export type ContentTranslations<T> = Partial<Record<Locale, Partial<T>>>;

const idField = z.number().int().positive().max(LIMITS.ID_MAX);

export const eventTextsBody = z.object({
  title: optionalText(LIMITS.TITLE_MAX),
  description: optionalText(LIMITS.DESCRIPTION_MAX),
  pre_checkout_message: optionalText(MESSAGE_HTML_MAX),
  post_checkout_message: optionalText(MESSAGE_HTML_MAX),
});

/** `PUT /events/{id}/translations/{locale}`: every text of the event in one language (blank: as written). */
export const contentTranslationBody = z.object({
  event: eventTextsBody,
  tickets: z
    .array(
      z.object({ id: idField, name: optionalText(LIMITS.NAME_MAX), description: optionalText(LIMITS.DESCRIPTION_MAX) }),
    )
    .max(500)
    .default([]),
  categories: z
    .array(
      z.object({ id: idField, name: optionalText(LIMITS.NAME_MAX), description: optionalText(LIMITS.DESCRIPTION_MAX) }),
    )
    .max(50)
    .default([]),
  questions: z
    .array(
      z.object({
        id: idField,
        title: optionalText(500),
        description: optionalText(LIMITS.DESCRIPTION_MAX),
        options: z.array(z.string().trim().max(200)).max(100).default([]),
      }),
    )
    .max(500)
    .default([]),
});
export type ContentTranslationBody = z.input<typeof contentTranslationBody>;

export const translationParams = z.object({
  eventId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  locale: z.enum(LOCALES),
});

/** The event's texts as written and in each language (the organizer's Translations screen). */
export interface EventTranslationsDto {
  /** Languages with at least one text. */
  locales: Locale[];
  event: { original: EventTexts; translations: ContentTranslations<EventTexts> };
  tickets: Array<{ id: number; original: TicketTexts; translations: ContentTranslations<TicketTexts> }>;
  /** Product categories in their order (an unnamed default one has a null name: "Tickets" in every language). */
  categories: Array<{ id: number; original: CategoryTexts; translations: ContentTranslations<CategoryTexts> }>;
  questions: Array<{
    id: number;
    type: string;
    original: QuestionTexts;
    translations: ContentTranslations<QuestionTexts>;
  }>;
}

/**
 * The text of `field` in `locale` where the organizer gave one (not blank), else as written. Option
 * labels fall back one by one.
 */
export function inLanguage<T extends Record<string, unknown>, K extends keyof T & string>(
  original: T,
  translations: ContentTranslations<Record<K, unknown>> | null | undefined,
  locale: Locale | null | undefined,
  fields: readonly K[],
): T {
  const texts = locale ? translations?.[locale] : undefined;
  if (!texts) return original;
  const out = { ...original };
  for (const field of fields) {
    const value = texts[field];
    if (typeof value === 'string' && value.trim()) (out as Record<string, unknown>)[field] = value;
    else if (Array.isArray(value) && Array.isArray(original[field])) {
      (out as Record<string, unknown>)[field] = (original[field] as string[]).map((o, i) =>
        typeof value[i] === 'string' && value[i].trim() ? value[i] : o,
      );
    }
  }
  return out;
}

// The answer of the translation routes (`response`): texts as written and per language.
const textOrNull = z.string().nullable();
const perLanguage = <T extends z.ZodRawShape>(shape: T) => z.partialRecord(z.enum(LOCALES), z.object(shape).partial());
const eventTextsShape = {
  title: textOrNull,
  description: textOrNull,
  pre_checkout_message: textOrNull,
  post_checkout_message: textOrNull,
};
const ticketTextsShape = { name: textOrNull, description: textOrNull };
const questionTextsShape = { title: textOrNull, description: textOrNull, options: z.array(z.string()) };
export const eventTranslationsResponse = oneOf(
  z.object({
    locales: z.array(z.enum(LOCALES)),
    event: z.object({ original: z.object(eventTextsShape), translations: perLanguage(eventTextsShape) }),
    tickets: z.array(
      z.object({
        id: z.number().int(),
        original: z.object(ticketTextsShape),
        translations: perLanguage(ticketTextsShape),
      }),
    ),
    categories: z.array(
      z.object({
        id: z.number().int(),
        original: z.object(ticketTextsShape),
        translations: perLanguage(ticketTextsShape),
      }),
    ),
    questions: z.array(
      z.object({
        id: z.number().int(),
        type: z.string(),
        original: z.object(questionTextsShape),
        translations: perLanguage(questionTextsShape),
      }),
    ),
  }) satisfies z.ZodType<EventTranslationsDto>,
);
