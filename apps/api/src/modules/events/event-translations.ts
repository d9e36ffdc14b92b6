import {
  type ContentTranslationBody,
  type ContentTranslations,
  type EventTranslationsDto,
  type Locale,
  LOCALES,
} from '@admitone/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';

import type { Db, Executor } from '../../db/client.js';
import { events, productCategories, questions, tickets } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import { sanitizeRichText } from '../../shared/html.js';

/** The languages that hold at least one non-blank text. */
function localesWithTexts(all: ContentTranslations<Record<string, unknown>>[]): Locale[] {
  const has = (v: unknown) =>
    typeof v === 'string'
      ? v.trim() !== ''
      : Array.isArray(v) && v.some((x) => typeof x === 'string' && x.trim() !== '');
  return LOCALES.filter((l) => all.some((t) => Object.values(t[l] ?? {}).some(has)));
}

/** An event's texts as written and in every language given (the event must be the account's). */
export async function eventTranslations(
  db: Executor,
  accountId: number,
  eventId: number,
): Promise<EventTranslationsDto> {
  const [event] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.account_id, accountId)));
  if (!event) throw new DomainError('NOT_FOUND');
  const [ticketRows, categoryRows, questionRows] = await Promise.all([
    db.select().from(tickets).where(eq(tickets.event_id, eventId)).orderBy(asc(tickets.sort_order), asc(tickets.id)),
    db
      .select()
      .from(productCategories)
      .where(eq(productCategories.event_id, eventId))
      .orderBy(asc(productCategories.sort_order), asc(productCategories.id)),
    db
      .select()
      .from(questions)
      .where(eq(questions.event_id, eventId))
      .orderBy(asc(questions.sort_order), asc(questions.id)),
  ]);
  return {
    locales: localesWithTexts([
      event.translations,
      ...ticketRows.map((t) => t.translations),
      ...categoryRows.map((c) => c.translations),
      ...questionRows.map((q) => q.translations),
    ]),
    event: {
      original: {
        title: event.title,
        description: event.description,
        pre_checkout_message: event.pre_checkout_message,
        post_checkout_message: event.post_checkout_message,
      },
      translations: event.translations,
    },
    tickets: ticketRows.map((t) => ({
      id: t.id,
      original: { name: t.name, description: t.description },
      translations: t.translations,
    })),
    categories: categoryRows.map((c) => ({
      id: c.id,
      original: { name: c.name, description: c.description },
      translations: c.translations,
    })),
    questions: questionRows.map((q) => ({
      id: q.id,
      type: q.type,
      original: { title: q.title, description: q.description, options: q.options },
      translations: q.translations,
    })),
  };
}

/** Sets one language's value in a translations map; an all-blank language is removed. */
function withLocale<T extends Record<string, unknown>>(
  map: ContentTranslations<T>,
  locale: Locale,
  texts: T,
): ContentTranslations<T> {
  const blank = Object.values(texts).every((v) => v === null || v === '' || (Array.isArray(v) && v.every((x) => !x)));
  const next = { ...map };
  if (blank) delete next[locale];
  else next[locale] = texts;
  return next;
}

/**
 * Stores every text of the event in one language, in one transaction. Tickets, categories and questions are the
 * event's own (another id is a field error, as if it did not exist); HTML is sanitised like the
 * original fields; option labels are kept per option, never more than the question has.
 */
export async function saveEventTranslation(
  db: Db,
  accountId: number,
  eventId: number,
  locale: Locale,
  input: ContentTranslationBody,
): Promise<EventTranslationsDto> {
  const body = input as Required<ContentTranslationBody>;
  await db.transaction(async (tx) => {
    const [event] = await tx
      .select({ id: events.id, translations: events.translations })
      .from(events)
      .where(and(eq(events.id, eventId), eq(events.account_id, accountId)))
      .for('update');
    if (!event) throw new DomainError('NOT_FOUND');
    const ticketIds = body.tickets.map((t) => t.id);
    const categoryIds = body.categories.map((c) => c.id);
    const questionIds = body.questions.map((q) => q.id);
    const ownTickets = ticketIds.length
      ? await tx
          .select({ id: tickets.id, translations: tickets.translations })
          .from(tickets)
          .where(and(eq(tickets.event_id, eventId), inArray(tickets.id, ticketIds)))
      : [];
    const ownCategories = categoryIds.length
      ? await tx
          .select({ id: productCategories.id, translations: productCategories.translations })
          .from(productCategories)
          .where(and(eq(productCategories.event_id, eventId), inArray(productCategories.id, categoryIds)))
      : [];
    const ownQuestions = questionIds.length
      ? await tx
          .select({ id: questions.id, options: questions.options, translations: questions.translations })
          .from(questions)
          .where(and(eq(questions.event_id, eventId), inArray(questions.id, questionIds)))
      : [];
    const fields: Record<string, [{ key: 'not_found_choice' }]> = {};
    body.tickets.forEach(
      (t, i) => ownTickets.some((o) => o.id === t.id) || (fields[`tickets.${i}.id`] = [{ key: 'not_found_choice' }]),
    );
    body.categories.forEach(
      (c, i) =>
        ownCategories.some((o) => o.id === c.id) || (fields[`categories.${i}.id`] = [{ key: 'not_found_choice' }]),
    );
    body.questions.forEach(
      (q, i) =>
        ownQuestions.some((o) => o.id === q.id) || (fields[`questions.${i}.id`] = [{ key: 'not_found_choice' }]),
    );
    if (Object.keys(fields).length) throw new DomainError('VALIDATION_FAILED', { fields });

    const e = body.event;
    const eventTexts = {
      title: e.title ?? null,
      description: sanitizeRichText(e.description),
      pre_checkout_message: sanitizeRichText(e.pre_checkout_message),
      post_checkout_message: sanitizeRichText(e.post_checkout_message),
    };
    await tx
      .update(events)
      .set({ translations: withLocale(event.translations, locale, eventTexts) })
      .where(eq(events.id, eventId));
    for (const t of body.tickets) {
      const own = ownTickets.find((o) => o.id === t.id)!;
      await tx
        .update(tickets)
        .set({
          translations: withLocale(own.translations, locale, {
            name: t.name ?? null,
            description: sanitizeRichText(t.description),
          }),
        })
        .where(eq(tickets.id, t.id));
    }
    for (const c of body.categories) {
      const own = ownCategories.find((o) => o.id === c.id)!;
      await tx
        .update(productCategories)
        .set({
          translations: withLocale(own.translations, locale, {
            name: c.name ?? null,
            description: sanitizeRichText(c.description),
          }),
        })
        .where(eq(productCategories.id, c.id));
    }
    for (const q of body.questions) {
      const own = ownQuestions.find((o) => o.id === q.id)!;
      const options = own.options.map((_, i) => q.options?.[i]?.trim() ?? '');
      await tx
        .update(questions)
        .set({
          translations: withLocale(own.translations, locale, {
            title: q.title ?? null,
            description: sanitizeRichText(q.description),
            options,
          }),
        })
        .where(eq(questions.id, q.id));
    }
  });
  return eventTranslations(db, accountId, eventId);
}
