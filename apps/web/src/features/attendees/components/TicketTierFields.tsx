import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/ScrollArea.css';

import type { TicketDto } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { Select } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

export interface TicketTierValues {
  ticket_id: string | null;
  tier_id: string | null;
}

/** Ticket select, and a price tier select when the chosen ticket is tiered. */
export function TicketTierFields<V extends TicketTierValues>({
  form,
  tickets,
  label,
}: {
  form: UseFormReturnType<V>;
  tickets: TicketDto[];
  label?: string;
}) {
  const { t } = useLingui();
  const ticket = tickets.find((x) => String(x.id) === form.values.ticket_id);
  const ticketInput = form.getInputProps('ticket_id');
  return (
    <>
      <Select
        label={label ?? t`Ticket`}
        required
        searchable={tickets.length > 8}
        allowDeselect={false}
        data={tickets.map((x) => ({ value: String(x.id), label: x.name }))}
        {...ticketInput}
        onChange={(value) => {
          ticketInput.onChange(value);
          const next = tickets.find((x) => String(x.id) === value);
          // A tiered ticket starts on its first tier; other tickets have none.
          const tier = next?.type === 'TIERED' && next.tiers[0] ? String(next.tiers[0].id) : null;
          // V extends TicketTierValues, so `tier_id` is a string or null; TypeScript cannot see through the generic
          // path type.
          (form.setFieldValue as (path: 'tier_id', value: string | null) => void)('tier_id', tier);
        }}
      />
      {ticket?.type === 'TIERED' ? (
        <Select
          label={t`Price tier`}
          required
          allowDeselect={false}
          data={ticket.tiers.map((tier) => ({ value: String(tier.id), label: tier.label }))}
          {...form.getInputProps('tier_id')}
        />
      ) : null}
    </>
  );
}

/** Form errors for a missing ticket or tier (the shared schemas only see numbers). */
export function ticketTierErrors(
  values: TicketTierValues,
  tickets: TicketDto[],
  messages: { ticket: string; tier: string },
): Record<string, string> {
  const ticket = tickets.find((x) => String(x.id) === values.ticket_id);
  if (!ticket) return { ticket_id: messages.ticket };
  if (ticket.type === 'TIERED' && !ticket.tiers.some((tier) => String(tier.id) === values.tier_id))
    return { tier_id: messages.tier };
  return {};
}
