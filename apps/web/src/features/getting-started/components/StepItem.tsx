import '@mantine/core/styles/ThemeIcon.css';

import type { EventDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Group, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconPoint } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { ResendConfirmationButton } from '../../profile/components/ResendConfirmationButton';
import { useMe } from '../../users/api/me';
import { hasPermission } from '../../users/hooks/usePermission';
import type { Step } from '../steps';

interface StepItemProps {
  step: Step;
  event: EventDto;
  onGoLive: () => void;
}

function LinkButton({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button component={Link} to={to} variant="light" size="sm">
      {children}
    </Button>
  );
}

/** One step of the checklist: done or not, what it means, and where to do it. */
export function StepItem({ step, event, onGoLive }: StepItemProps) {
  const { t } = useLingui();
  const me = useMe();
  const base = `/manage/event/${event.id}`;
  const organizer = event.organizer.name;
  const user = me.data?.user;

  const content: Record<Step['key'], { title: ReactNode; text: ReactNode; action: ReactNode }> = {
    organizer: {
      title: <Trans>Choose an organizer</Trans>,
      text: <Trans>{organizer} runs this event. Buyers see the organizer on the event page.</Trans>,
      action: <LinkButton to={`/manage/organizer/${event.organizer.id}`}>{t`Edit organizer`}</LinkButton>,
    },
    details: {
      title: <Trans>Add a description and a location</Trans>,
      text: <Trans>Tell buyers what to expect and where it happens, or how to join online.</Trans>,
      action: <LinkButton to={`${base}/settings`}>{t`Open settings`}</LinkButton>,
    },
    cover: {
      title: <Trans>Upload a cover image</Trans>,
      text: <Trans>A wide picture at the top makes the event page stand out.</Trans>,
      action: <LinkButton to={`${base}/homepage-designer`}>{t`Design the page`}</LinkButton>,
    },
    tickets: {
      title: <Trans>Create tickets</Trans>,
      text: <Trans>Free, paid, pay-what-you-want or tiered: decide what people can buy.</Trans>,
      action: <LinkButton to={`${base}/tickets`}>{t`Open tickets`}</LinkButton>,
    },
    payment: {
      title: <Trans>Connect a payment provider</Trans>,
      text: step.done ? (
        <Trans>Buyers have a way to pay for tickets.</Trans>
      ) : (
        <Trans>
          Connect Stripe so buyers can pay by card, or offer offline payments when card payments are not available.
        </Trans>
      ),
      // Only admins manage the account's payments; organizers see what is missing.
      // Offline payments are the event's own setting; card payments the account's (admins only).
      action: (
        <Group gap="xs">
          {step.done ? null : <LinkButton to={`${base}/settings#payments`}>{t`Turn on offline payments`}</LinkButton>}
          {hasPermission(me.data, 'account.manage') ? (
            <LinkButton to="/account/payment">{t`Open payments`}</LinkButton>
          ) : null}
        </Group>
      ),
    },
    email: {
      title: <Trans>Confirm your e-mail address</Trans>,
      text: <Trans>The account owner's e-mail address must be confirmed before an event can go live.</Trans>,
      action:
        !step.done && user && !user.email_verified ? (
          <ResendConfirmationButton user={user} size="sm" />
        ) : (
          <LinkButton to="/manage/profile">{t`Open profile`}</LinkButton>
        ),
    },
    live: {
      title: <Trans>Put the event live</Trans>,
      text: <Trans>While it is a draft, only your team can see it.</Trans>,
      action: step.done ? null : (
        <Button size="sm" onClick={onGoLive}>
          <Trans>Go live</Trans>
        </Button>
      ),
    },
  };
  const { title, text, action } = content[step.key];

  return (
    <Card component="li" withBorder radius="md" padding="md">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon
          radius="xl"
          size="lg"
          color={step.done ? 'teal.8' : 'gray.3'}
          variant={step.done ? 'filled' : 'light'}
          aria-hidden
        >
          {step.done ? <IconCheck size={18} /> : <IconPoint size={18} color="var(--mantine-color-gray-7)" />}
        </ThemeIcon>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Title order={2} fz="md">
            {title} <VisuallyHidden>{step.done ? t`(done)` : t`(to do)`}</VisuallyHidden>
          </Title>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        </Stack>
        {action ? <div>{action}</div> : null}
      </Group>
    </Card>
  );
}
