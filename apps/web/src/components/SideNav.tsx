import '@mantine/core/styles/NavLink.css';
import { Box, Container, NavLink as MantineNavLink, Stack } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { NavLink, Outlet } from 'react-router';
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

/** The links of an area's side navigation (account, event), the current one highlighted. */
export function SideNav({ label, items, disabled }: SideNavProps) {
  return (
    <nav aria-label={label}>
      <Stack gap={2}>
        {items.map(({ to, label: text, icon: Icon, end }) => (
          <MantineNavLink key={to} component={NavLink} to={to} end={end} label={text} leftSection={<Icon size={18} aria-hidden />} className={classes.navLink} disabled={disabled} />
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
