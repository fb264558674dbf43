import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server (the catcher) on a free port; it can be told to refuse mail. */
export function startSmtp() {
  const received: { to: string; raw: string }[] = [];
  let refuse = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, cb) {
      if (refuse) return cb(new Error('mailbox unavailable'));
      cb();
    },
    onData(stream, session, cb) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
        cb();
      });
    },
  });
  return new Promise<{ port: number; received: typeof received; setRefuse(v: boolean): void; close(): Promise<void> }>(
    (ok) => {
      server.listen(0, '127.0.0.1', () => {
        const port = (server.server.address() as AddressInfo).port;
        ok({
          port,
          received,
          setRefuse: (v) => (refuse = v),
          close: () => new Promise((r) => server.close(() => r())),
        });
      });
    },
  );
}
