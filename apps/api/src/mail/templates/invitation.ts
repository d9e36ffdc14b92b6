import type { Locale, Role } from '@admitone/shared';

import { translate } from '../../i18n/i18n.js';
import { layout, type RenderedMail } from './layout.js';

const M = {
  subject: /*i18n*/ { id: 'mail.invitation.subject', message: '{inviter} invited you to {account} on AdmitOne' },
  greeting: /*i18n*/ { id: 'mail.invitation.greeting', message: 'Hello,' },
  body: /*i18n*/ {
    id: 'mail.invitation.body',
    message: '{inviter} invited you to join {account} on AdmitOne as {role}, to help run their events.',
  },
  action: /*i18n*/ { id: 'mail.invitation.action', message: 'Accept the invitation' },
  expiry: /*i18n*/ {
    id: 'mail.invitation.expiry',
    message: 'The invitation is valid for {days} days. If you did not expect it, you can ignore this e-mail.',
  },
  admin: /*i18n*/ { id: 'mail.role.admin', message: 'an admin' },
  organizer: /*i18n*/ { id: 'mail.role.organizer', message: 'an organizer' },
  doorStaff: /*i18n*/ { id: 'mail.role.door_staff', message: 'door staff (checking guests in)' },
  boxOffice: /*i18n*/ {
    id: 'mail.role.box_office',
    message: 'box office (selling at the door and checking guests in)',
  },
};

const ROLE_WORDS = {
  ADMIN: M.admin,
  ORGANIZER: M.organizer,
  DOOR_STAFF: M.doorStaff,
  BOX_OFFICE: M.boxOffice,
} satisfies Record<Role, unknown>;

export interface InvitationData {
  inviter: string;
  account: string;
  role: Role;
  url: string;
  days: number;
}

/** The invitation to join an account's team. */
export function invitationMail(locale: Locale, d: InvitationData): RenderedMail {
  const role = translate(locale, ROLE_WORDS[d.role]);
  return layout(locale, translate(locale, M.subject, { inviter: d.inviter, account: d.account }), {
    paragraphs: [
      translate(locale, M.greeting),
      translate(locale, M.body, { inviter: d.inviter, account: d.account, role }),
    ],
    action: { label: translate(locale, M.action), url: d.url },
    footnotes: [translate(locale, M.expiry, { days: d.days })],
  });
}
