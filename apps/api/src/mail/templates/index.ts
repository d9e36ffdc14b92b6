import type { Locale } from '@admitone/shared';

import { type AttendeeTicketData, attendeeTicketMail } from './attendee-ticket.js';
import { type CheckoutRecoveryData, checkoutRecoveryMail } from './checkout-recovery.js';
import { type DateMovedData, dateMovedMail } from './date-moved.js';
import {
  type EmailChangeData,
  emailChangeMail,
  type EmailChangeTakenData,
  emailChangeTakenMail,
} from './email-change.js';
import { type EmailConfirmationData, emailConfirmationMail } from './email-confirmation.js';
import { type EventFollowUpData, eventFollowUpMail } from './event-follow-up.js';
import { type EventMessageData, eventMessageMail } from './event-message.js';
import { type EventReminderData, eventReminderMail } from './event-reminder.js';
import { type InvitationData, invitationMail } from './invitation.js';
import type { RenderedMail } from './layout.js';
import { type LoginChangedData, loginChangedMail } from './login-changed.js';
import { type OrderCancelledData, orderCancelledMail } from './order-cancelled.js';
import { type OrderConfirmationData, orderConfirmationMail } from './order-confirmation.js';
import { type OrderLookupData, orderLookupMail } from './order-lookup.js';
import { type OrderRefundedData, orderRefundedMail } from './order-refunded.js';
import { type OrganizerNewOrderData, organizerNewOrderMail } from './organizer-new-order.js';
import { type PasswordResetData, passwordResetMail } from './password-reset.js';
import { type PaymentReceivedData, paymentReceivedMail } from './payment-received.js';
import { type PaymentReminderData, paymentReminderMail } from './payment-reminder.js';
import { type SignupConfirmationData, signupConfirmationMail } from './signup-confirmation.js';
import { type SignupExistingLoginData, signupExistingLoginMail } from './signup-existing-login.js';
import { type WaitlistJoinedData, waitlistJoinedMail } from './waitlist-joined.js';
import { type WaitlistOfferData, waitlistOfferMail } from './waitlist-offer.js';
import { type WebhookDisabledData, webhookDisabledMail } from './webhook-disabled.js';

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
  date_moved: DateMovedData;
  event_message: EventMessageData;
  signup_confirmation: SignupConfirmationData;
  signup_existing_login: SignupExistingLoginData;
  order_lookup: OrderLookupData;
  waitlist_joined: WaitlistJoinedData;
  waitlist_offer: WaitlistOfferData;
  webhook_disabled: WebhookDisabledData;
  event_reminder: EventReminderData;
  checkout_recovery: CheckoutRecoveryData;
  event_follow_up: EventFollowUpData;
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
  date_moved: dateMovedMail,
  event_message: eventMessageMail,
  signup_confirmation: signupConfirmationMail,
  signup_existing_login: signupExistingLoginMail,
  order_lookup: orderLookupMail,
  waitlist_joined: waitlistJoinedMail,
  waitlist_offer: waitlistOfferMail,
  webhook_disabled: webhookDisabledMail,
  event_reminder: eventReminderMail,
  checkout_recovery: checkoutRecoveryMail,
  event_follow_up: eventFollowUpMail,
};

/** Renders a mail (some templates build attachments, so it is async). */
export async function renderMail(
  name: TemplateName,
  locale: Locale,
  data: TemplateData[TemplateName] | Record<string, unknown>,
): Promise<RenderedMail> {
  const render = TEMPLATES[name] as (locale: Locale, data: unknown) => RenderedMail | Promise<RenderedMail>;
  if (!render) throw new Error(`unknown mail template ${String(name)}`);
  return render(locale, data);
}
