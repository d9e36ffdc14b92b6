import type { WalletOfferDto } from '@admitone/shared';
import { Trans } from '@lingui/react/macro';
import { Button, Group } from '@mantine/core';
import { IconBrandApple, IconBrandGoogle } from '@tabler/icons-react';

/**
 * "Add to Apple Wallet" (the signed .pkpass: Safari on an iPhone opens it in Wallet) and "Save to Google Wallet" (the
 * server sends the browser on to Google): black, as both wallets ask their buttons to be, and only the ones the
 * installation offers for this ticket.
 */
export function WalletButtons({
  wallet,
  eventId,
  shortId,
}: {
  wallet: WalletOfferDto | undefined;
  eventId: number;
  shortId: string;
}) {
  if (!wallet?.apple && !wallet?.google) return null;
  const base = `/api/public/events/${eventId}/attendees/${encodeURIComponent(shortId)}`;
  return (
    <Group justify="center" gap="sm" data-testid="wallet-buttons">
      {wallet.apple ? (
        <Button
          component="a"
          href={`${base}/wallet.pkpass`}
          color="dark"
          radius="md"
          leftSection={<IconBrandApple size={18} aria-hidden />}
        >
          <Trans>Add to Apple Wallet</Trans>
        </Button>
      ) : null}
      {wallet.google ? (
        <Button
          component="a"
          href={`${base}/google-wallet`}
          color="dark"
          radius="md"
          leftSection={<IconBrandGoogle size={18} aria-hidden />}
        >
          <Trans>Save to Google Wallet</Trans>
        </Button>
      ) : null}
    </Group>
  );
}
