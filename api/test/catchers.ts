import { createServer, type Server } from 'node:http';
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

/** A local fake of the WhatsApp Cloud API (POST /{phone id}/messages). */
export function startWhatsapp() {
  const received: { path: string; auth?: string; body: Record<string, unknown> }[] = [];
  let status = 200;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      if (status === 200) received.push({ path: req.url!, auth: req.headers.authorization, body: JSON.parse(raw) });
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(status === 200 ? JSON.stringify({ messages: [{ id: `wamid.${received.length}` }] }) : '{"error":{"message":"down"}}');
    });
  });
  return new Promise<{ url: string; received: typeof received; setStatus(s: number): void; close(): Promise<void> }>(
    (ok) => {
      server.listen(0, '127.0.0.1', () => {
        const port = (server.address() as AddressInfo).port;
        ok({
          url: `http://127.0.0.1:${port}/v21.0`,
          received,
          setStatus: (s) => (status = s),
          close: () => new Promise((r) => server.close(() => r())),
        });
      });
    },
  );
}
