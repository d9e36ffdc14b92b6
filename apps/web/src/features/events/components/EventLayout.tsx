import '@mantine/core/styles/NavLink.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Box, Container, NavLink as MantineNavLink, Skeleton, Stack, Text } from '@mantine/core';
import { IconAffiliate, IconArrowLeft, IconCode, IconMail, IconQrcode, IconReceipt, IconUsers, IconDiscount, IconLayoutDashboard, IconListCheck, IconMessageQuestion, IconPalette, IconSettings, IconTicket, IconUsersGroup } from '@tabler/icons-react';
import { Link, NavLink, Outlet, useParams } from 'react-router';
import { useRouteEvent } from '../hooks/useRouteEvent';
import classes from '../../../components/SideNavLayout.module.css';
import own from './EventLayout.module.css';

/** Event area: side navigation with the event's sections beside the current section. */
export function EventLayout() {
  const { t } = useLingui();
  const { event, loading } = useRouteEvent();
  const { eventId } = useParams();
  const base = `/manage/event/${eventId}`;

  return (
    <Container size="xl" py="lg" className={classes.layout}>
      <Box component="aside" className={classes.side}>
        <Anchor component={Link} to="/manage/events" size="sm" c="dimmed" className={own.back}>
          <IconArrowLeft size={14} aria-hidden />
          <Trans>All events</Trans>
        </Anchor>
        {loading || !event ? (
          <Skeleton h={20} w="80%" my="sm" />
        ) : (
          <Text fw={700} my="sm" lineClamp={2} title={event.title}>
            {event.title}
          </Text>
        )}
        <nav aria-label={t`Event sections`}>
          <Stack gap={2}>
            <MantineNavLink
              component={NavLink}
              to={base}
              end
              label={<Trans>Overview</Trans>}
              leftSection={<IconLayoutDashboard size={18} aria-hidden />}
              className={classes.navLink}
              disabled={!event}
            />
            <MantineNavLink
              component={NavLink}
              to={`${base}/getting-started`}
              label={<Trans>Getting started</Trans>}
              leftSection={<IconListCheck size={18} aria-hidden />}
              className={classes.navLink}
              disabled={!event}
            />
            <MantineNavLink
              component={NavLink}
              to={`${base}/orders`}
              label={<Trans>Orders</Trans>}
              leftSection={<IconReceipt size={18} aria-hidden />}
              className={classes.navLink}
              disabled={!event}
            />
            <MantineNavLink
              component={NavLink}
              to={`${base}/attendees`}
              label={<Trans>Attendees</Trans>}
              leftSection={<IconUsers size={18} aria-hidden />}
              className={classes.navLink}
              disabled={!event}
            />
            <MantineNavLink
              component={NavLink}
              to={`${base}/check-in`}
              label={<Trans>Check-in</Trans>}
              leftSection={<IconQrcode size={18} aria-hidden />}
              className={classes.navLink}
              disabled={!event}
            />
            <MantineNavLink
              component={NavLink}
              to={`${base}/messages`}
              label={<Trans>Messages</Trans>}
              leftSection={<IconMail size={18} aria-hidden />}
              className={classes.navLink}
              disabled={!event}
            />
            <MantineNavLink
              component={NavLink}
              to={`${base}/tickets`}
              label={<Trans>Tickets</Trans>}
              leftSection={<IconTicket size={18} aria-hidden />}
              className={classes.navLink}
              disabled={!event}
            />
            <MantineNavLink
              component={NavLink}
              to={`${base}/capacity-assignments`}
              label={<Trans>Capacity</Trans>}
              leftSection={<IconUsersGroup size={18} aria-hidden />}
              className={classes.navLink}
              disabled={!event}
            />
            <MantineNavLink
              component={NavLink}
              to={`${base}/promo-codes`}
              label={<Trans>Promo codes</Trans>}
              leftSection={<IconDiscount size={18} aria-hidden />}
              className={classes.navLink}
              disabled={!event}
            />
            <MantineNavLink
              component={NavLink}
              to={`${base}/questions`}
              label={<Trans>Questions</Trans>}
              leftSection={<IconMessageQuestion size={18} aria-hidden />}
              className={classes.navLink}
              disabled={!event}
            />
            <MantineNavLink
              component={NavLink}
              to={`${base}/affiliates`}
              label={<Trans>Affiliates</Trans>}
              leftSection={<IconAffiliate size={18} aria-hidden />}
              className={classes.navLink}
              disabled={!event}
            />
            <MantineNavLink
              component={NavLink}
              to={`${base}/settings`}
              label={<Trans>Settings</Trans>}
              leftSection={<IconSettings size={18} aria-hidden />}
              className={classes.navLink}
              disabled={!event}
            />
            <MantineNavLink
              component={NavLink}
              to={`${base}/homepage-designer`}
              label={<Trans>Homepage design</Trans>}
              leftSection={<IconPalette size={18} aria-hidden />}
              className={classes.navLink}
              disabled={!event}
            />
            <MantineNavLink
              component={NavLink}
              to={`${base}/widget`}
              label={<Trans>Widget</Trans>}
              leftSection={<IconCode size={18} aria-hidden />}
              className={classes.navLink}
              disabled={!event}
            />
          </Stack>
        </nav>
      </Box>
      <Box component="section" className={classes.content}>
        <Outlet />
      </Box>
    </Container>
  );
}
