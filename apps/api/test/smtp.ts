import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string | undefined;
  /** The From header as parsed (display name and address). */
  from: { name: string; address: string } | undefined;
  /** The Reply-To addresses, if the header is there. */
  replyTo: Array<{ name: string; address: string }> | undefined;
  /** Every header line as received (keys in lower case). */
  headers: Array<{ key: string; value: string }>;
  attachments: Array<{
    filename: string | null;
    mimeType: string;
    contentId: string | undefined;
    size: number;
    content: Buffer;
  }>;
}

/** The servers running in this process, by URL, so a helper holding only the app finds the mail its app sent. */
const running = new Map<string, TestSmtp>();

/** The test SMTP server an app sends to (its `SMTP_URL`), if it is one of this process's. */
export const testSmtpAt = (url: string | null | undefined): TestSmtp | undefined =>
  url ? running.get(url) : undefined;

/** An in-process SMTP server that keeps what it receives, so tests assert on real delivered mail. */
export async function startTestSmtp() {
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  // Mails the test holds back: taken in, but not answered (no 250) until released.
  let holdIf: ((m: ReceivedMail) => boolean) | null = null;
  const held: Array<{ mail: ReceivedMail; accept: () => void }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const parsed = await PostalMime.parse(Buffer.concat(chunks));
        const mail: ReceivedMail = {
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: parsed.html ?? '',
          messageId: parsed.messageId,
          from:
            parsed.from?.address !== undefined ? { name: parsed.from.name, address: parsed.from.address } : undefined,
          replyTo: parsed.replyTo?.flatMap((a) =>
            a.address !== undefined ? [{ name: a.name, address: a.address }] : (a.group ?? []),
          ),
          headers: parsed.headers.map((h) => ({ key: h.key, value: h.value })),
          attachments: parsed.attachments.map((a) => {
            const content =
              typeof a.content === 'string' ? Buffer.from(a.content) : Buffer.from(a.content as ArrayBuffer);
            return {
              filename: a.filename,
              mimeType: a.mimeType,
              contentId: a.contentId,
              size: content.length,
              content,
            };
          }),
        };
        const accept = () => {
          received.push(mail);
          waiters.splice(0).forEach((w) => w());
          callback();
        };
        if (holdIf?.(mail)) held.push({ mail, accept });
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;

  const url = `smtp://127.0.0.1:${port}`;
  const smtp = {
    url,
    received,
    /** Waits until a mail to `to` (and matching `where`) has arrived. */
    async waitFor(
      to: string,
      where: (m: ReceivedMail) => boolean = () => true,
      timeoutMs = 10_000,
    ): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find((m) => m.to.includes(to) && where(m));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms (got ${received.length})`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    /** Holds back every mail `where` matches from now on: the sender waits for its 250 until `release()`. */
    hold(where: (m: ReceivedMail) => boolean) {
      holdIf = where;
    },
    /** Mails held back now (taken in, not yet answered). */
    held: () => held.map((h) => h.mail),
    /** Stops holding, and accepts what was held. */
    release() {
      holdIf = null;
      held.splice(0).forEach((h) => h.accept());
    },
    close: () => {
      running.delete(url);
      holdIf = null;
      held.splice(0).forEach((h) => h.accept());
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  running.set(url, smtp);
  return smtp;
}
export type TestSmtp = Awaited<ReturnType<typeof startTestSmtp>>;
