// A local SMTP server in a process of its own, for the mail benchmark: it accepts every mail and tells
// its parent (IPC) its address, how many mails it has accepted (every 50 ms) and when a mail to a
// watched address arrives. In its own process because the benchmark's load generator must not wait
// behind it: at a hundred ticket mails a second (PDF attachments) the server's parsing would take the
// generator's event loop, and the reservations measured would fall for the generator's sake, not the
// app's. It still runs on the same cores, as everything else in the benchmark.
import { SMTPServer } from 'smtp-server';

let accepted = 0;
const watched = new Set();
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      accepted++;
      for (const r of session.envelope.rcptTo)
        if (watched.has(r.address)) process.send({ arrival: r.address, at: Date.now() });
      callback();
    });
  },
});
smtp.on('error', () => undefined);
process.on('message', (message) => {
  if (message.watch) watched.add(message.watch);
});
process.on('disconnect', () => process.exit(0));
smtp.listen(0, '127.0.0.1', () => {
  process.send({ port: smtp.server.address().port });
  setInterval(() => process.send({ accepted }), 50);
});
