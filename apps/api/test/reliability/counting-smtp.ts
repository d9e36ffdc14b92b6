import { SMTPServer } from 'smtp-server';

/**
 * An SMTP server that behaves like a real one at the moment that matters for a crash: it takes
 * responsibility for a message only when it answers 250 after the data. Before answering it holds each
 * message for `holdMs`; if the client's connection is gone by then, the message is dropped (the sender
 * never heard "accepted", so it must send again). Accepted messages are counted by Message-ID.
 */
export async function startCountingSmtp() {
  const accepted = new Map<string, number>();
  /** Message-ID -> the start of the message as it arrived (headers and the first 64 KB). */
  const raw = new Map<string, string>();
  const dropped: string[] = [];
  // Messages waiting for their 250; `cut` once their sender is killed (the 250 would go nowhere).
  const held = new Set<{ cut: boolean }>();
  let holding = 0;
  const log: string[] = [];
  let holdMs = 0;
  let lastAcceptedAt = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 64 * 1024) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        const messageId = /^message-id:\s*(\S+)/im.exec(head)?.[1] ?? '(none)';
        raw.set(messageId, head);
        holding++;
        const entry = { cut: false };
        held.add(entry);
        setTimeout(() => {
          holding--;
          held.delete(entry);
          if (entry.cut) {
            dropped.push(messageId);
            log.push(`${new Date().toISOString()} dropped ${messageId}`);
            return;
          }
          accepted.set(messageId, (accepted.get(messageId) ?? 0) + 1);
          log.push(`${new Date().toISOString()} accepted ${messageId}`);
          lastAcceptedAt = Date.now();
          callback();
        }, holdMs);
      });
    },
  });
  // A sender killed mid-conversation resets its connection: expected here, not an error of the test.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    /** Message-ID -> how many times this server accepted it. */
    accepted,
    raw,
    log,
    /** Messages whose sender vanished before the 250 (not accepted). */
    dropped,
    setHoldMs(ms: number) {
      holdMs = ms;
    },
    /**
     * True while a message is held before its 250 and none was accepted in the last `quietMs`: a kill now cannot land
     * between "accepted" and "marked sent".
     */
    holdingQuietly(quietMs = 15) {
      return holding > 0 && Date.now() - lastAcceptedAt > quietMs;
    },
    /**
     * Call just before killing the sender: the messages it is waiting on will not be accepted (a server
     * that sees its client gone before answering the data does not take the message).
     */
    cutHeld() {
      for (const entry of held) entry.cut = true;
      return held.size;
    },
    /** Waits until no message is held any more (each one was accepted or dropped). */
    async settled() {
      while (holding > 0) await new Promise((r) => setTimeout(r, 20));
    },
    total: () => [...accepted.values()].reduce((a, b) => a + b, 0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
