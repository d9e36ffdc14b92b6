import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import type { Logger } from 'pino';

import { headerSafeName, isPlainAddress } from './sender.js';

/** A file sent with a mail (nodemailer's shape); with `cid`, an inline image the HTML shows as `cid:...`. */
export interface MailAttachment {
  filename: string;
  content: Buffer | string;
  contentType: string;
  cid?: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
  /** Where answers go, when not the sender (nodemailer's `replyTo`): one plain address, else left out. */
  replyTo?: string;
  /** The From display name (an organizer's); the From address stays MAIL_FROM's. */
  fromName?: string;
  /** Stable id so a receiving server can spot a repeat after a crash. */
  messageId: string;
  /** Extra headers (List-Unsubscribe of marketing-type mail). */
  headers?: Record<string, string>;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

type Address = { name: string; address: string };

/** MAIL_FROM as given, and its address (null when it holds no plain address: then no mail gets another name). */
export const platformSender = (mailFrom: string) => ({
  from: mailFrom,
  address: addressparser(mailFrom, { flatten: true }).find((a) => isPlainAddress(a.address))?.address ?? null,
});
type PlatformSender = ReturnType<typeof platformSender>;

/**
 * The sender headers of one mail as nodemailer address objects, never as strings it would parse:
 * MAIL_FROM's address with the mail's own display name when it has one (a mail about an event comes
 * from "Riverside Hall" <no-reply@platform>: the organizer's name, our address, so SPF and DMARC stay
 * ours), and a Reply-To only when it is one plain address. nodemailer quotes or encodes the names;
 * control characters are gone before.
 */
export function senderHeaders(
  platform: PlatformSender,
  mail: Pick<OutgoingMail, 'replyTo' | 'fromName'>,
): { from: string | Address; replyTo?: Address } {
  const name = mail.fromName ? headerSafeName(mail.fromName) : '';
  const from = name && platform.address ? { name, address: platform.address } : platform.from;
  return isPlainAddress(mail.replyTo) ? { from, replyTo: { name: '', address: mail.replyTo } } : { from };
}

/** nodemailer's message: the mail with its sender headers, and nothing else of ours. */
function message(platform: PlatformSender, mail: OutgoingMail) {
  const { replyTo: _replyTo, fromName: _fromName, ...rest } = mail;
  return { ...rest, ...senderHeaders(platform, mail), attachments: mail.attachments ?? [] };
}

/**
 * SMTP through nodemailer (`SMTP_URL`, e.g. smtp://user:pass@host:587). `maxSendMs` bounds how long
 * one conversation may stall (connect, greeting, silence on the socket): a send must end well inside
 * the outbox's stale-claim window, or another worker would take the mail again while it is on the wire.
 */
export function smtpTransport(url: string, from: string, maxSendMs = 60_000, connections = 1): MailTransport {
  const limit = Math.max(1000, Math.floor(maxSendMs));
  const platform = platformSender(from);
  // A pool of open connections (one per worker that may send at once, so no mail waits in the pool's
  // queue): a sell-out's thousands of mails do not each pay a new TCP and TLS handshake.
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: Math.max(1, connections),
    maxMessages: 1000,
    connectionTimeout: limit,
    greetingTimeout: limit,
    socketTimeout: limit,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(mail) {
      await transporter.sendMail(message(platform, mail));
    },
    close: () => transporter.close(),
  };
}

/** Without SMTP: each message becomes an .eml file in `dir`, and its subject and links are logged. */
export function fileTransport(dir: string, from: string, log: Logger): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const platform = platformSender(from);
  return {
    async send(mail) {
      const info = await transporter.sendMail(message(platform, mail));
      await mkdir(dir, { recursive: true });
      const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      // A few random characters after the time: two mails to one address in the same millisecond (lanes
      // send in parallel) are two files, not one overwriting the other.
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}-${safeTo}.eml`,
      );
      // Written beside it and renamed: whoever watches the folder never reads half a message.
      await writeFile(`${file}.part`, info.message as Buffer);
      await rename(`${file}.part`, file);
      const links = [...mail.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
      log.info(
        { to: mail.to, subject: mail.subject, links, file },
        `mail written: ${mail.subject}${links[0] ? ` -> ${links[0]}` : ''}`,
      );
    },
    close: () => transporter.close(),
  };
}

/** SMTP when `SMTP_URL` is set, else .eml files under `DATA_DIR/mail`. */
export function createMailTransport(
  config: {
    smtpUrl: string | null;
    mailFrom: string;
    dataDir: string;
    outboxStaleClaimSeconds?: number;
    mailConcurrency?: number;
  },
  log: Logger,
): MailTransport {
  // Each stall limit a quarter of the stale-claim window (at most a minute): even connect + greeting + a
  // silent socket end before the mail could be claimed again.
  const maxSendMs = Math.min(60_000, ((config.outboxStaleClaimSeconds ?? 300) * 1000) / 4);
  // The bulk workers and the urgent lane's two.
  const connections = (config.mailConcurrency ?? 4) + 2;
  return config.smtpUrl
    ? smtpTransport(config.smtpUrl, config.mailFrom, maxSendMs, connections)
    : fileTransport(path.join(config.dataDir, 'mail'), config.mailFrom, log);
}
