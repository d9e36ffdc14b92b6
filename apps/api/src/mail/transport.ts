import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

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
  /** Where answers go, when not the sender (nodemailer's `replyTo`). */
  replyTo?: string;
  /** Stable id so a receiving server can spot a repeat after a crash. */
  messageId: string;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** SMTP through nodemailer (`SMTP_URL`, e.g. smtp://user:pass@host:587). */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transporter.sendMail({ from, ...mail, attachments: mail.attachments ?? [] });
    },
    close: () => transporter.close(),
  };
}

/** Without SMTP: each message becomes an .eml file in `dir`, and its subject and links are logged. */
export function fileTransport(dir: string, from: string, log: Logger): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transporter.sendMail({ from, ...mail, attachments: mail.attachments ?? [] });
      await mkdir(dir, { recursive: true });
      const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
      await writeFile(file, info.message as Buffer);
      const links = [...mail.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
      log.info({ to: mail.to, subject: mail.subject, links, file }, `mail written: ${mail.subject}${links[0] ? ` -> ${links[0]}` : ''}`);
    },
    close: () => transporter.close(),
  };
}

/** SMTP when `SMTP_URL` is set, else .eml files under `DATA_DIR/mail`. */
export function createMailTransport(config: { smtpUrl: string | null; mailFrom: string; dataDir: string }, log: Logger): MailTransport {
  return config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : fileTransport(path.join(config.dataDir, 'mail'), config.mailFrom, log);
}
