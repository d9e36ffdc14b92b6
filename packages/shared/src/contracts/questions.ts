import { z } from 'zod';

import { LIMITS } from '../limits.js';
import { customIssue } from '../validation.js';
import { oneOf, optionalText, pageMetaSchema } from './common.js';

export const QUESTION_TYPES = [
  'SINGLE_LINE_TEXT',
  'MULTI_LINE_TEXT',
  'DROPDOWN',
  'RADIO',
  'CHECKBOX',
  'DATE',
  'PHONE',
  'NUMBER',
  'YES_NO',
  'ADDRESS',
  'FILE',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
/** Types a buyer answers by choosing among options; they need at least one. */
export const CHOICE_QUESTION_TYPES: readonly QuestionType[] = ['DROPDOWN', 'RADIO', 'CHECKBOX'];

/** Asked once per attendee (each ticket) or once per order. */
export const QUESTION_SCOPES = ['ATTENDEE', 'ORDER'] as const;
export type QuestionScope = (typeof QUESTION_SCOPES)[number];

/** A YES_NO question's answers as stored (and sent by the API); screens and exports show them translated. */
export const YES_NO_ANSWERS = ['yes', 'no'] as const;

/**
 * A phone number as people type it: an optional +, digits with spaces, dots, dashes, slashes or brackets; 5 to 15
 * digits (E.164's most).
 */
export const isPhoneNumber = (s: string): boolean =>
  /^\+?[\d\s()./-]+$/.test(s) && (s.match(/\d/g)?.length ?? 0) >= 5 && (s.match(/\d/g)?.length ?? 0) <= 15;

/**
 * A number as typed: digits with an optional sign and one decimal point or comma ("12", "-3.5", "2,75"); the stored
 * form uses a point.
 */
export const normaliseNumberAnswer = (s: string): string | null =>
  /^[+-]?\d{1,12}([.,]\d{1,6})?$/.test(s.trim()) ? String(Number(s.trim().replace(',', '.'))) : null;

/** The questions every checkout asks and nobody can edit (SPEC §3). */
export const DEFAULT_QUESTIONS = [
  { key: 'first_name', type: 'SINGLE_LINE_TEXT', required: true },
  { key: 'last_name', type: 'SINGLE_LINE_TEXT', required: true },
  { key: 'email', type: 'SINGLE_LINE_TEXT', required: true },
] as const;

export const questionBody = z
  .object({
    title: z.string().trim().min(1).max(500),
    description: optionalText(LIMITS.DESCRIPTION_MAX),
    type: z.enum(QUESTION_TYPES),
    options: z.array(z.string().trim().min(1).max(200)).max(100).default([]),
    required: z.boolean().default(false),
    is_hidden: z.boolean().default(false),
    /** Buyers may change their answer after the order, from their order page. */
    buyer_editable: z.boolean().default(false),
    /** Asked at the box office too (not a FILE question: the door has no uploads). */
    asked_at_box_office: z.boolean().default(false),
    applies_to: z.enum(QUESTION_SCOPES).default('ATTENDEE'),
    /** Empty: every ticket. Only for attendee questions. */
    ticket_ids: z.array(z.number().int().positive().max(LIMITS.ID_MAX)).max(500).default([]),
  })
  .superRefine((v, ctx) => {
    if (CHOICE_QUESTION_TYPES.includes(v.type) && v.options.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], ...customIssue('options_required'), input: v.options });
    }
    if (new Set(v.options.map((o) => o.toLowerCase())).size !== v.options.length) {
      ctx.addIssue({ code: 'custom', path: ['options'], ...customIssue('options_unique'), input: v.options });
    }
    if (v.asked_at_box_office && v.type === 'FILE') {
      const issue = customIssue('no_file_at_box_office');
      ctx.addIssue({ code: 'custom', path: ['asked_at_box_office'], ...issue, input: v.asked_at_box_office });
    }
  });
export type QuestionBody = z.input<typeof questionBody>;

export const questionSortBody = z.object({
  question_ids: z.array(z.number().int().positive().max(LIMITS.ID_MAX)).min(1).max(500),
});
export const questionParams = z.object({
  eventId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  questionId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
});

export interface QuestionDto {
  id: number;
  event_id: number;
  title: string;
  description: string | null;
  type: QuestionType;
  options: string[];
  required: boolean;
  is_hidden: boolean;
  buyer_editable: boolean;
  asked_at_box_office: boolean;
  applies_to: QuestionScope;
  ticket_ids: number[];
  sort_order: number;
  created_at: string;
}

/** `QuestionDto` as a response schema. */
export const questionSchema = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  type: z.enum(QUESTION_TYPES),
  options: z.array(z.string()),
  required: z.boolean(),
  is_hidden: z.boolean(),
  buyer_editable: z.boolean(),
  asked_at_box_office: z.boolean(),
  applies_to: z.enum(QUESTION_SCOPES),
  ticket_ids: z.array(z.number().int()),
  sort_order: z.number().int(),
  created_at: z.iso.datetime({ offset: true }),
}) satisfies z.ZodType<QuestionDto>;
export const questionResponse = oneOf(questionSchema);
/** The event's questions in their new order (`PUT .../questions/sort`). */
export const questionOrderResponse = oneOf(z.array(questionSchema));
export const questionListResponse = z.object({
  data: z.array(questionSchema),
  /** The fixed questions every checkout asks first. */
  defaults: z.array(z.object({ key: z.string(), type: z.enum(QUESTION_TYPES), required: z.boolean() })).readonly(),
  meta: pageMetaSchema,
});
