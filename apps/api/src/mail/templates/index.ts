import type { Locale } from '@admitone/shared';
import { attendeeTicketMail, type AttendeeTicketData } from './attendee-ticket.js';
import { emailChangeMail, emailChangeTakenMail, type EmailChangeData, type EmailChangeTakenData } from './email-change.js';
import { emailConfirmationMail, type EmailConfirmationData } from './email-confirmation.js';
import { eventMessageMail, type EventMessageData } from './event-message.js';
import { invitationMail, type InvitationData } from './invitation.js';
import { loginChangedMail, type LoginChangedData } from './login-changed.js';
import type { RenderedMail } from './layout.js';
import { orderCancelledMail, type OrderCancelledData } from './order-cancelled.js';
import { orderConfirmationMail, type OrderConfirmationData } from './order-confirmation.js';
import { orderLookupMail, type OrderLookupData } from './order-lookup.js';
import { orderRefundedMail, type OrderRefundedData } from './order-refunded.js';
import { organizerNewOrderMail, type OrganizerNewOrderData } from './organizer-new-order.js';
import { passwordResetMail, type PasswordResetData } from './password-reset.js';
import { paymentReceivedMail, type PaymentReceivedData } from './payment-received.js';
import { paymentReminderMail, type PaymentReminderData } from './payment-reminder.js';
import { signupConfirmationMail, type SignupConfirmationData } from './signup-confirmation.js';
import { waitlistJoinedMail, type WaitlistJoinedData } from './waitlist-joined.js';
import { waitlistOfferMail, type WaitlistOfferData } from './waitlist-offer.js';
import { signupExistingLoginMail, type SignupExistingLoginData } from './signup-existing-login.js';
import { webhookDisabledMail, type WebhookDisabledData } from './webhook-disabled.js';

/** Every mail the product sends, by name, with the data each needs (plain JSON: the outbox stores it). */
export interface TemplateData {
  password_reset: PasswordResetData;
  invitation: InvitationData;
  email_confirmation: EmailConfirmationData;
  email_change: EmailChangeData;
  email_change_taken: EmailChangeTakenData;
  login_changed: LoginChangedData;
  order_confirmation: OrderConfirmationData;
  attendee_ticket: AttendeeTicketData;
  organizer_new_order: OrganizerNewOrderData;
  order_cancelled: OrderCancelledData;
  payment_received: PaymentReceivedData;
  payment_reminder: PaymentReminderData;
  order_refunded: OrderRefundedData;
  event_message: EventMessageData;
  signup_confirmation: SignupConfirmationData;
  signup_existing_login: SignupExistingLoginData;
  order_lookup: OrderLookupData;
  waitlist_joined: WaitlistJoinedData;
  waitlist_offer: WaitlistOfferData;
  webhook_disabled: WebhookDisabledData;
}
export type TemplateName = keyof TemplateData;

type Render<K extends TemplateName> = (locale: Locale, data: TemplateData[K]) => RenderedMail | Promise<RenderedMail>;

const TEMPLATES: { [K in TemplateName]: Render<K> } = {
  password_reset: passwordResetMail,
  invitation: invitationMail,
  email_confirmation: emailConfirmationMail,
  email_change: emailChangeMail,
  email_change_taken: emailChangeTakenMail,
  login_changed: loginChangedMail,
  order_confirmation: orderConfirmationMail,
  attendee_ticket: attendeeTicketMail,
  organizer_new_order: organizerNewOrderMail,
  order_cancelled: orderCancelledMail,
  payment_received: paymentReceivedMail,
  payment_reminder: paymentReminderMail,
  order_refunded: orderRefundedMail,
  event_message: eventMessageMail,
  signup_confirmation: signupConfirmationMail,
  signup_existing_login: signupExistingLoginMail,
  order_lookup: orderLookupMail,
  waitlist_joined: waitlistJoinedMail,
  waitlist_offer: waitlistOfferMail,
  webhook_disabled: webhookDisabledMail,
};

/** Renders a mail (some templates build attachments, so it is async). */
export async function renderMail(name: TemplateName, locale: Locale, data: TemplateData[TemplateName] | Record<string, unknown>): Promise<RenderedMail> {
  const render = TEMPLATES[name] as (locale: Locale, data: unknown) => RenderedMail | Promise<RenderedMail>;
  if (!render) throw new Error(`unknown mail template ${String(name)}`);
  return render(locale, data);
}
