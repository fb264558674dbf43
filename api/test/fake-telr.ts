import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A refund as the fake Telr received it through its transaction (remote) API. */
export interface FakeRefund {
  store: string;
  key: string;
  type: string;
  cartid: string;
  currency: string;
  amount: string;
  ref: string;
  tranref: string;
}

const tag = (xml: string, name: string) => xml.match(new RegExp(`<${name}>([^<]*)</${name}>`))?.[1] ?? '';

/**
 * A local stand-in for Telr: its order.json (create and check, the same fields, refusing a repeated
 * cart id), its transaction API remote.xml (refunds of a paid transaction, never more than was
 * paid in total, answered in Telr's XML) and its transaction services' linked transactions
 * (`GET /tools/api/xml/transaction/{ref}/linked`, HTTP Basic store id and key: the payment and its
 * refunds with their cart ids). `holdRefunds` keeps the refund answers back until released (a slow
 * Telr, without waiting for a clock); `dropNextRefundAnswer` makes a refund and then closes the
 * connection without answering (an answer lost on the way).
 */
export function fakeTelr() {
  const requests: Record<string, any>[] = [];
  const refunds: FakeRefund[] = [];
  const byRef = new Map<string, { cartid: string; code: number; amount: string }>();
  const cartIds = new Set<string>();
  let down = false;
  let refuseRefunds = false;
  let held: Promise<void> | null = null;
  let dropNext = false;
  /** Refund requests received and not yet answered. */
  let waiting = 0;
  const arrived: (() => void)[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', async () => {
      if (req.url?.endsWith('/remote.xml') && held) {
        waiting++;
        arrived.splice(0).forEach((f) => f());
        await held;
        waiting--;
      }
      if (down) {
        res.writeHead(503, { 'Content-Type': 'text/html' }).end('<html>maintenance</html>');
        return;
      }
      if (req.url?.endsWith('/remote.xml')) {
        const auth = (status: string, message: string, tranref = '') =>
          res
            .writeHead(200, { 'Content-Type': 'application/xml' })
            .end(
              `<?xml version="1.0" encoding="UTF-8"?><remote><auth><status>${status}</status><code>${status === 'A' ? '000123' : '31'}</code>` +
                `<message>${message}</message><tranref>${tranref}</tranref><cvv>X</cvv><avs>X</avs><trace>4000/1</trace></auth></remote>`,
            );
        const refund: FakeRefund = {
          store: tag(raw, 'store'),
          key: tag(raw, 'key'),
          type: tag(raw, 'type'),
          cartid: tag(raw, 'cartid'),
          currency: tag(raw, 'currency'),
          amount: tag(raw, 'amount'),
          ref: tag(raw, 'ref'),
          tranref: '',
        };
        if (refund.store !== '15996' || refund.key !== 'telr-test-key') return auth('E', 'Invalid store');
        if (refuseRefunds) return auth('D', 'Refund not allowed');
        const paid = [...byRef.entries()].find(([ref, o]) => o.code === 3 && `0400${ref}` === refund.ref);
        if (refund.type !== 'refund' || !paid) return auth('E', 'Transaction not found');
        const already = refunds.filter((r) => r.ref === refund.ref).reduce((c, r) => c + Number(r.amount), 0);
        if (already + Number(refund.amount) > Number(paid[1].amount) + 1e-9)
          return auth('D', 'Amount exceeds original');
        refund.tranref = `0500${refunds.length + 1}${Date.now()}`;
        refunds.push(refund);
        if (dropNext) {
          dropNext = false;
          return res.destroy();
        }
        return auth('A', 'Authorised', refund.tranref);
      }
      const linked = req.url?.match(/^\/tools\/api\/xml\/transaction\/([^/]+)\/linked$/);
      if (linked) {
        const basic = Buffer.from('15996:telr-test-key').toString('base64');
        if (req.headers.authorization !== `Basic ${basic}`) return res.writeHead(401).end();
        const ref = decodeURIComponent(linked[1]);
        const payment = [...byRef.entries()].find(([r, o]) => o.code === 3 && `0400${r}` === ref);
        if (!payment) return res.writeHead(404, { 'Content-Type': 'application/xml' }).end('<error>Not found</error>');
        const tran = (t: Record<string, string>) =>
          `<transaction>${Object.entries(t)
            .map(([k, v]) => `<${k}>${v}</${k}>`)
            .join('')}</transaction>`;
        const mine = refunds.filter((r) => r.ref === ref);
        return res
          .writeHead(200, { 'Content-Type': 'application/xml' })
          .end(
            `<?xml version="1.0" encoding="UTF-8"?><transactions><trancount>${mine.length + 1}</trancount>` +
              tran({ ref, type: 'sale', status: 'A', amount: payment[1].amount, cartid: payment[1].cartid }) +
              mine
                .map((r) => tran({ ref: r.tranref, type: 'refund', status: 'A', amount: r.amount, cartid: r.cartid }))
                .join('') +
              '</transactions>',
          );
      }
      const body = JSON.parse(raw) as Record<string, any>;
      requests.push(body);
      const send = (o: unknown) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(o));
      if (body.store !== 15996 || body.authkey !== 'telr-test-key')
        return send({ error: { message: 'E01', note: 'Invalid store' } });
      if (body.method === 'create') {
        if (cartIds.has(body.order.cartid)) return send({ error: { message: 'E05', note: 'Duplicate cart id' } });
        cartIds.add(body.order.cartid);
        const ref = `TELR${requests.length}${Date.now()}`;
        byRef.set(ref, { cartid: body.order.cartid, code: 1, amount: body.order.amount });
        return send({ method: 'create', order: { ref, url: `https://secure.telr.com/gateway/process.html?o=${ref}` } });
      }
      if (body.method === 'check') {
        const o = byRef.get(body.order.ref);
        if (!o) return send({ error: { message: 'E06', note: 'Order not found' } });
        return send({
          method: 'check',
          order: {
            ref: body.order.ref,
            cartid: o.cartid,
            status: { code: o.code, text: String(o.code) },
            transaction:
              o.code === 3 ? { ref: `0400${body.order.ref}`, status: 'A', message: 'Authorised' } : undefined,
            paymethod: 'Card',
          },
        });
      }
      send({ error: { message: 'E00', note: 'Unknown method' } });
    });
  });
  return {
    requests,
    refunds,
    setCode: (ref: string, code: number) => (byRef.get(ref)!.code = code),
    setDown: (d: boolean) => (down = d),
    setRefuseRefunds: (r: boolean) => (refuseRefunds = r),
    /** Refund answers wait until the returned function is called. */
    holdRefunds() {
      let release!: () => void;
      held = new Promise<void>((r) => (release = r));
      return () => {
        held = null;
        release();
      };
    },
    /** Resolves once `n` refund requests are waiting at the fake (see holdRefunds). */
    async refundsWaiting(n = 1) {
      while (waiting < n) await new Promise<void>((r) => arrived.push(r));
    },
    dropNextRefundAnswer: () => (dropNext = true),
    async start() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway/order.json`;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
