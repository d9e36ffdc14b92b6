import type { ContentTranslations, QuestionScope, QuestionTexts, QuestionType } from '@admitone/shared';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

import { accounts } from './accounts.js';
import { timestamps } from './columns.js';
import { events } from './events.js';
import { tickets } from './tickets.js';

/** A question asked at checkout, per attendee or per order (the default name and e-mail questions are not stored). */
export const questions = pgTable(
  'questions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    description: text('description'),
    type: text('type').$type<QuestionType>().notNull(),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    /** Title, description and option labels in other languages (answers keep the option as written). */
    translations: jsonb('translations').$type<ContentTranslations<QuestionTexts>>().notNull().default({}),
    required: boolean('required').notNull().default(false),
    is_hidden: boolean('is_hidden').notNull().default(false),
    /** Buyers may change their answer after the order, from their order page (modules/self-service). */
    buyer_editable: boolean('buyer_editable').notNull().default(false),
    /** Asked at the box office too (once per sale; an attendee question's answer goes to each of its tickets). */
    asked_at_box_office: boolean('asked_at_box_office').notNull().default(false),
    applies_to: text('applies_to').$type<QuestionScope>().notNull(),
    sort_order: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('questions_event_idx').on(t.event_id, t.sort_order)],
);

/** The tickets an attendee question is asked for; none listed means every ticket. */
export const questionTickets = pgTable(
  'question_tickets',
  {
    question_id: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    ticket_id: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.question_id, t.ticket_id] })],
);
