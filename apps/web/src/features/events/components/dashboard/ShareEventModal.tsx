import type { EventDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconBrandFacebook, IconBrandLinkedin, IconBrandWhatsapp, IconBrandX, IconMail } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import { QrCodeImage } from '../../../../components/QrCodeImage';

/** Where the event page's link can be shared: a mail, and the social networks' own share pages. */
export function shareLinks(url: string, title: string): Array<{ key: string; href: string }> {
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  return [
    { key: 'mail', href: `mailto:?subject=${text}&body=${encodeURIComponent(`${title}\n${url}`)}` },
    { key: 'whatsapp', href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
    { key: 'x', href: `https://x.com/intent/post?text=${text}&url=${u}` },
    { key: 'facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { key: 'linkedin', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
  ];
}

/** Share the event: its page's QR code (for posters and flyers), by mail and on social networks. */
export function ShareEventModal({
  event,
  url,
  opened,
  onClose,
}: {
  event: EventDto;
  url: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const labels: Record<string, { label: ReactNode; icon: ReactNode }> = {
    mail: { label: <Trans>E-mail</Trans>, icon: <IconMail size={16} aria-hidden /> },
    whatsapp: { label: 'WhatsApp', icon: <IconBrandWhatsapp size={16} aria-hidden /> },
    x: { label: 'X', icon: <IconBrandX size={16} aria-hidden /> },
    facebook: { label: 'Facebook', icon: <IconBrandFacebook size={16} aria-hidden /> },
    linkedin: { label: 'LinkedIn', icon: <IconBrandLinkedin size={16} aria-hidden /> },
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t`Share the event`} centered>
      <Stack gap="md" align="center">
        <QrCodeImage value={url} alt={t`QR code of the event page`} fileName={`${event.slug}-qr.png`} />
        <Text size="sm" c="dimmed" ta="center">
          <Trans>Print it on posters and flyers: a phone's camera opens the event page.</Trans>
        </Text>
        <Group gap="xs" justify="center" role="group" aria-label={t`Share the link`}>
          {shareLinks(url, event.title).map(({ key, href }) => (
            <Button
              key={key}
              component="a"
              href={href}
              target={key === 'mail' ? undefined : '_blank'}
              rel="noopener noreferrer"
              variant="default"
              size="xs"
              leftSection={labels[key]!.icon}
            >
              {labels[key]!.label}
            </Button>
          ))}
        </Group>
      </Stack>
    </Modal>
  );
}
