import '@mantine/core/styles/NavLink.css';

import { Box, Button, Container, NavLink as MantineNavLink, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, type TablerIcon } from '@tabler/icons-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';

import classes from './SideNavLayout.module.css';

/** One entry of a side navigation. */
export interface SideNavItem {
  to: string;
  label: ReactNode;
  icon: TablerIcon;
  /** Current only on this exact address, not below it. */
  end?: boolean;
}

interface SideNavProps {
  /** The navigation landmark's name. */
  label: string;
  items: readonly SideNavItem[];
  disabled?: boolean;
}

/** The entry for an address: its own, or the one it lies below. */
export function currentItem<T extends Pick<SideNavItem, 'to' | 'end'>>(
  items: readonly T[],
  pathname: string,
): T | undefined {
  const path = pathname.replace(/\/+$/, '');
  return items.find((i) => path === i.to) ?? items.find((i) => !i.end && path.startsWith(`${i.to}/`));
}

/**
 * The links of an area's side navigation (account, event), the current one highlighted. On a phone
 * the list folds into one button naming the current section, so the page itself comes first; it
 * opens the list, which folds again once a section is chosen.
 */
export function SideNav({ label, items, disabled }: SideNavProps) {
  const phone = useMediaQuery('(max-width: 47.99em)');
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const listId = useId();
  useEffect(() => setOpen(false), [pathname]);
  const current = currentItem(items, pathname);
  const CurrentIcon = current?.icon;
  return (
    <nav aria-label={label}>
      {phone ? (
        <Button
          variant="default"
          fullWidth
          justify="space-between"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((o) => !o)}
          leftSection={CurrentIcon ? <CurrentIcon size={18} aria-hidden /> : undefined}
          rightSection={open ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
          disabled={disabled}
        >
          {current?.label ?? label}
        </Button>
      ) : null}
      <Stack gap={2} id={listId} display={phone && !open ? 'none' : undefined} mt={phone ? 'xs' : 0}>
        {items.map(({ to, label: text, icon: Icon, end }) => (
          <MantineNavLink
            key={to}
            component={NavLink}
            to={to}
            end={end}
            label={text}
            leftSection={<Icon size={18} aria-hidden />}
            className={classes.navLink}
            disabled={disabled}
          />
        ))}
      </Stack>
    </nav>
  );
}

/** An area's layout: the side column (a heading and a SideNav) beside the current page. */
export function SideNavLayout({ children }: { children: ReactNode }) {
  return (
    <Container size="xl" py="lg" className={classes.layout}>
      <Box component="aside" className={classes.side}>
        {children}
      </Box>
      <Box component="section" className={classes.content}>
        <Outlet />
      </Box>
    </Container>
  );
}
