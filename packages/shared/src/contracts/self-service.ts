import { z } from 'zod';

import { LIMITS } from '../limits.js';
import { answerValue } from './checkout.js';
import { emailField, personNameField } from './common.js';

// ---------------------------------------------------------------------------------------------
// Buyers help themselves: from their order page (with the order's secret) they correct attendee
// details, send a ticket again, pass a ticket on, or cancel, as far as the event allows.
// ---------------------------------------------------------------------------------------------

export const publicOrderAttendeeParams = z.object({
  eventId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  shortId: z.string().min(1).max(40),
  attendeeShortId: z.string().min(1).max(40),
});

/** A buyer's correction of one attendee: name, e-mail, and answers to the questions they may change. */
export const buyerAttendeeBody = z.object({
  first_name: personNameField,
  last_name: personNameField,
  email: emailField,
  /** Answers to editable questions, keyed by question id; a question left out keeps its answer. */
  answers: z.record(z.string().regex(/^\d+$/), answerValue).default({}),
});
export type BuyerAttendeeBody = z.input<typeof buyerAttendeeBody>;

/** The person a ticket goes to: the ticket gets a new code and is mailed to them. */
export const transferTicketBody = z.object({
  first_name: personNameField,
  last_name: personNameField,
  email: emailField,
});
export type TransferTicketBody = z.input<typeof transferTicketBody>;
