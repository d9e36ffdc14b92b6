import { ticketBody } from '@admitone/shared';

import type { Db } from '../db/client.js';
import { promoCodes, promoCodeTickets, questions, taxesAndFees } from '../db/schema/index.js';
import { systemActor } from '../modules/audit/audit.js';
import { updateEventSettings } from '../modules/events/update-event-settings.js';
import { createTicket } from '../modules/tickets/save-ticket.js';
import type { Clock } from '../shared/clock.js';

interface SeedEvent {
  id: number;
  account_id: number;
  timezone: string;
  currency: string;
}

/**
 * The buyer's side of the demo: a live event with one ticket of each kind, promo codes, every
 * question type and offline payment, so a newcomer (and the e2e tests) can walk a whole checkout.
 */
export async function seedCatalogue(db: Db, clock: Clock, event: SeedEvent): Promise<void> {
  const now = clock.now();
  const deps = { db, clock };
  const [vat, fee] = await db
    .insert(taxesAndFees)
    .values([
      {
        account_id: event.account_id,
        name: 'VAT',
        type: 'TAX',
        calculation_type: 'PERCENTAGE',
        percentage: '20.000',
        is_default: false,
        created_at: now,
        updated_at: now,
      },
      {
        account_id: event.account_id,
        name: 'Booking fee',
        type: 'FEE',
        calculation_type: 'FIXED',
        fixed_amount: 150,
        currency: event.currency,
        is_default: false,
        created_at: now,
        updated_at: now,
      },
    ])
    .returning({ id: taxesAndFees.id });
  const ticket = (input: Record<string, unknown>) => createTicket(deps, event, ticketBody.parse(input));
  await ticket({
    name: 'Lawn pass',
    description: '<p>Bring a blanket: the lawn in front of the main stage.</p>',
    type: 'FREE',
    max_per_order: 10,
  });
  const standard = await ticket({
    name: 'Standard',
    description: '<p>Seated entry to every stage.</p>',
    type: 'PAID',
    price: 4500,
    quantity: 300,
    tax_and_fee_ids: [vat!.id, fee!.id],
  });
  await ticket({ name: 'Pay what you like', type: 'DONATION', min_price: 500 });
  const front = await ticket({
    name: 'Front stage',
    type: 'TIERED',
    tiers: [
      { label: 'Early bird', price: 6000, quantity: 50 },
      { label: 'Regular', price: 8000, quantity: 100 },
    ],
  });
  await ticket({
    name: 'Crew',
    description: '<p>For volunteers and crew.</p>',
    type: 'FREE',
    requires_promo_code: true,
  });

  // A code for chosen tickets reveals only those; one for every ticket would also reveal Crew.
  const [jazz] = await db
    .insert(promoCodes)
    .values([
      {
        account_id: event.account_id,
        event_id: event.id,
        code: 'JAZZ10',
        code_key: 'jazz10',
        discount_type: 'PERCENTAGE',
        discount: '10.000',
        created_at: now,
        updated_at: now,
      },
      {
        account_id: event.account_id,
        event_id: event.id,
        code: 'CREW-PASS',
        code_key: 'crew-pass',
        discount_type: 'NONE',
        discount: '0',
        created_at: now,
        updated_at: now,
      },
    ])
    .returning({ id: promoCodes.id });
  await db
    .insert(promoCodeTickets)
    .values([standard, front].map((ticket_id) => ({ promo_code_id: jazz!.id, ticket_id })));

  const base = { account_id: event.account_id, event_id: event.id, created_at: now, updated_at: now };
  await db.insert(questions).values([
    {
      ...base,
      title: 'T-shirt size',
      type: 'DROPDOWN',
      options: ['S', 'M', 'L', 'XL'],
      required: true,
      applies_to: 'ATTENDEE',
      sort_order: 1,
    },
    {
      ...base,
      title: 'Dietary needs',
      type: 'MULTI_LINE_TEXT',
      required: false,
      applies_to: 'ATTENDEE',
      sort_order: 2,
    },
    {
      ...base,
      title: 'How did you hear about us?',
      type: 'RADIO',
      options: ['Friends', 'Social media', 'Poster'],
      required: true,
      applies_to: 'ORDER',
      sort_order: 3,
    },
    { ...base, title: 'Arrival date', type: 'DATE', required: false, applies_to: 'ORDER', sort_order: 4 },
    {
      ...base,
      title: 'Which stages interest you?',
      type: 'CHECKBOX',
      options: ['Main', 'Garden', 'Club'],
      required: false,
      applies_to: 'ORDER',
      sort_order: 5,
    },
  ]);

  await updateEventSettings(
    deps,
    event.account_id,
    event.id,
    {
      offline_payments_enabled: true,
      offline_payment_instructions:
        '<p>Pay by bank transfer to <strong>Riverside Music Hall</strong>, IBAN GB33 BUKB 2020 1555 5555 55, using your order number as the reference. Your tickets are sent once the payment arrives.</p>',
      pre_checkout_message: '<p>Gates open at 17:00. Children under 12 go free with a lawn pass.</p>',
      post_checkout_message: '<p>See you by the river! Bring this e-mail or your ticket on your phone.</p>',
      show_remaining_tickets: true,
    },
    systemActor(event.account_id),
  );
}
