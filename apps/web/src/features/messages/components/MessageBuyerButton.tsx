import { Trans } from '@lingui/react/macro';
import { Button, type ButtonProps } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useState } from 'react';

import { ComposerModal } from './MessagesPage';

interface MessageBuyerButtonProps extends ButtonProps {
  eventId: number;
  orderId: number;
  /** Shown in the order picker, e.g. "O-7KQ2M9XD · Grace Buyer (grace@example.test)" (see orderLabel). */
  orderLabel?: string;
}

/** Opens the message composer preset to one order's buyer (for the orders screen). */
export function MessageBuyerButton({ eventId, orderId, orderLabel, ...props }: MessageBuyerButtonProps) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconMail size={16} aria-hidden />}
        onClick={() => setOpened(true)}
        {...props}
      >
        <Trans>Message buyer</Trans>
      </Button>
      <ComposerModal
        eventId={eventId}
        opened={opened}
        preset={{ recipient_type: 'ORDER_BUYER', order_id: orderId, order_label: orderLabel }}
        onClose={() => setOpened(false)}
      />
    </>
  );
}
