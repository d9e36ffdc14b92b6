import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  IconAffiliate,
  IconChartBar,
  IconCode,
  IconDiscount,
  IconHourglass,
  IconLanguage,
  IconLayoutDashboard,
  IconListCheck,
  IconListDetails,
  IconMail,
  IconMessageQuestion,
  IconPalette,
  IconQrcode,
  IconReceipt,
  IconSettings,
  IconTicket,
  IconUsers,
  IconUsersGroup,
  type TablerIcon,
} from '@tabler/icons-react';

/** The event area's sections in the order of its navigation; the overview's path is ''. */
export const EVENT_SECTIONS = [
  { path: '', label: msg`Overview`, icon: IconLayoutDashboard },
  { path: 'getting-started', label: msg`Getting started`, icon: IconListCheck },
  { path: 'orders', label: msg`Orders`, icon: IconReceipt },
  { path: 'attendees', label: msg`Attendees`, icon: IconUsers },
  { path: 'waitlist', label: msg`Waitlist`, icon: IconHourglass },
  { path: 'check-in', label: msg`Check-in`, icon: IconQrcode },
  { path: 'check-in-lists', label: msg`Check-in lists`, icon: IconListDetails },
  { path: 'messages', label: msg`Messages`, icon: IconMail },
  { path: 'reports', label: msg`Reports`, icon: IconChartBar },
  { path: 'tickets', label: msg`Tickets`, icon: IconTicket },
  { path: 'capacity-assignments', label: msg`Capacity`, icon: IconUsersGroup },
  { path: 'promo-codes', label: msg`Promo codes`, icon: IconDiscount },
  { path: 'questions', label: msg`Questions`, icon: IconMessageQuestion },
  { path: 'translations', label: msg`Translations`, icon: IconLanguage },
  { path: 'affiliates', label: msg`Affiliates`, icon: IconAffiliate },
  { path: 'settings', label: msg`Settings`, icon: IconSettings },
  { path: 'homepage-designer', label: msg`Homepage design`, icon: IconPalette },
  { path: 'widget', label: msg`Widget`, icon: IconCode },
] as const satisfies readonly { path: string; label: MessageDescriptor; icon: TablerIcon }[];

