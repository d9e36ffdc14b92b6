import type { Locale } from '@admitone/shared';
import { attendeeTicketMail, type AttendeeTicketData } from './attendee-ticket.js';
import { emailChangeMail, type EmailChangeData } from './email-change.js';
import { emailConfirmationMail, type EmailConfirmationData } from './email-confirmation.js';
import { eventMessageMail, type EventMessageData } from './event-message.js';
import { invitationMail, type InvitationData } from './invitation.js';
import type { RenderedMail } from './layout.js';
import { orderCancelledMail, type OrderCancelledData } from './order-cancelled.js';
import { orderConfirmationMail, type OrderConfirmationData } from './order-confirmation.js';
import { orderRefundedMail, type OrderRefundedData } from './order-refunded.js';
import { organizerNewOrderMail, type OrganizerNewOrderData } from './organizer-new-order.js';
import { passwordResetMail, type PasswordResetData } from './password-reset.js';
import { paymentReceivedMail, type PaymentReceivedData } from './payment-received.js';

/** Every mail the product sends, by name, with the data each needs (plain JSON: the outbox stores it). */
export interface TemplateData {
  password_reset: PasswordResetData;
  invitation: InvitationData;
  email_confirmation: EmailConfirmationData;
  email_change: EmailChangeData;
  order_confirmation: OrderConfirmationData;
  attendee_ticket: AttendeeTicketData;
  organizer_new_order: OrganizerNewOrderData;
  order_cancelled: OrderCancelledData;
  payment_received: PaymentReceivedData;
  order_refunded: OrderRefundedData;
  event_message: EventMessageData;
}
export type TemplateName = keyof TemplateData;

type Render<K extends TemplateName> = (locale: Locale, data: TemplateData[K]) => RenderedMail | Promise<RenderedMail>;

const TEMPLATES: { [K in TemplateName]: Render<K> } = {
  password_reset: passwordResetMail,
  invitation: invitationMail,
  email_confirmation: emailConfirmationMail,
  email_change: emailChangeMail,
  order_confirmation: orderConfirmationMail,
  attendee_ticket: attendeeTicketMail,
  organizer_new_order: organizerNewOrderMail,
  order_cancelled: orderCancelledMail,
  payment_received: paymentReceivedMail,
  order_refunded: orderRefundedMail,
  event_message: eventMessageMail,
};

/** Renders a mail (some templates build attachments, so it is async). */
export async function renderMail(name: TemplateName, locale: Locale, data: TemplateData[TemplateName] | Record<string, unknown>): Promise<RenderedMail> {
  const render = TEMPLATES[name] as (locale: Locale, data: unknown) => RenderedMail | Promise<RenderedMail>;
  if (!render) throw new Error(`unknown mail template ${String(name)}`);
  return render(locale, data);
}
