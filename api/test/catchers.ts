import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server (the catcher) on a free port; it can be told to refuse mail. */
export function startSmtp() {
  const received: { to: string; raw: string }[] = [];
  let refuse = false;
  let connections = 0;
  let closed = 0;
  const waiting = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, cb) {
      connections++;
      cb();
    },
    onClose() {
      closed++;
      const woken = [...waiting];
      waiting.clear();
      for (const wake of woken) wake();
    },
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
  /** `connections`: how many clients opened so far; `dropConnections` ends the open ones (a server restarting). */
  type Catcher = {
    port: number;
    received: typeof received;
    connections(): number;
    dropConnections(): Promise<void>;
    setRefuse(v: boolean): void;
    close(): Promise<void>;
  };
  const open = server as unknown as { connections: Set<{ close(): void }> };
  return new Promise<Catcher>((ok) => {
    server.listen(0, '127.0.0.1', () => {
      const port = (server.server.address() as AddressInfo).port;
      ok({
        port,
        received,
        connections: () => connections,
        dropConnections: async () => {
          const all = closed + open.connections.size;
          open.connections.forEach((c) => c.close());
          while (closed < all) await new Promise<void>((wake) => waiting.add(wake));
        },
        setRefuse: (v) => (refuse = v),
        close: () => new Promise((r) => server.close(() => r())),
      });
    });
  });
}
