import type { AppConfig } from '../core/config';
import {
  ProviderError,
  stateOfTelrCode,
  type CreatePayment,
  type PaymentCheck,
  type PaymentProvider,
  type RefundableOrder,
  type RefundResult,
} from './provider';

const xml = (v: string | number) =>
  String(v).replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
/** The text of the first `<name>` element of an XML answer (Telr's remote API answers flat elements). */
const element = (body: string, name: string) =>
  body
    .match(new RegExp(`<${name}>([^<]*)</${name}>`))?.[1]
    ?.replace(/&(lt|gt|amp|apos|quot);/g, (_, e: string) => ({ lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' })[e]!);

type TelrConfig = NonNullable<AppConfig['payments']['telr']>;

interface TelrAnswer {
  method?: string;
  order?: {
    ref?: string;
    url?: string;
    cartid?: string;
    status?: { code?: number | string; text?: string };
    transaction?: { ref?: string; status?: string; code?: string; message?: string };
    paymethod?: string;
    card?: { type?: string };
  };
  error?: { message?: string; note?: string };
}

/**
 * Telr's hosted payment page over its JSON API (order.json): `create` answers the page to send the
 * browser to, `check` answers the order's status. Timeouts are short: the caller decides what waiting means.
 */
export class TelrProvider implements PaymentProvider {
  readonly name = 'telr' as const;

  constructor(private readonly config: TelrConfig) {}

  private async call(body: Record<string, unknown>): Promise<TelrAnswer> {
    let res: Response;
    try {
      res = await fetch(this.config.apiUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({
          store: Number(this.config.storeId) || this.config.storeId,
          authkey: this.config.authKey,
          ...body,
        }),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      throw new ProviderError(`Telr is not reachable: ${err instanceof Error ? err.message : String(err)}`);
    }
    const text = await res.text();
    let answer: TelrAnswer;
    try {
      answer = JSON.parse(text) as TelrAnswer;
    } catch {
      throw new ProviderError(`Telr answered ${res.status} with a body that is not JSON`);
    }
    if (answer.error)
      throw new ProviderError(`Telr refused: ${answer.error.message ?? ''} ${answer.error.note ?? ''}`.trim());
    if (!res.ok) throw new ProviderError(`Telr answered ${res.status}`);
    return answer;
  }

  async create(payment: CreatePayment) {
    const answer = await this.call({
      method: 'create',
      framed: 0,
      order: {
        cartid: payment.cartId,
        test: this.config.testMode ? 1 : 0,
        amount: payment.amount,
        currency: payment.currency,
        description: payment.description,
      },
      return: payment.returnUrls,
      ivp_lang: payment.lang,
    });
    const ref = answer.order?.ref;
    const url = answer.order?.url;
    if (!ref || !url || !/^https?:\/\//.test(url))
      throw new ProviderError('Telr did not answer an order reference and page');
    return { ref, url };
  }

  /**
   * A refund through Telr's transaction (remote) API: an XML `refund` of the original transaction
   * reference, for part or all of its amount, with our refund's id as its cart id. Status A is
   * accepted; any other status is a refusal (nothing refunded). No answer, a timeout or a server
   * error is an unknown outcome: the refund may have been made (see findRefund).
   */
  async refund(order: RefundableOrder, amount: string, reference: string): Promise<RefundResult> {
    if (!order.transactionRef) throw new ProviderError('The order has no Telr transaction to refund');
    const body =
      `<?xml version="1.0" encoding="UTF-8"?><remote>` +
      `<store>${xml(this.config.storeId)}</store><key>${xml(this.config.remoteKey)}</key>` +
      `<tran><type>refund</type><class>ecom</class><cartid>${xml(reference)}</cartid>` +
      `<description>Refund of ${xml(order.id)}</description><test>${this.config.testMode ? 1 : 0}</test>` +
      `<currency>${xml(order.currency)}</currency><amount>${xml(amount)}</amount>` +
      `<ref>${xml(order.transactionRef)}</ref></tran></remote>`;
    const text = await this.xmlCall(this.config.remoteUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/xml', Accept: 'application/xml' },
      body,
    });
    const status = element(text, 'status');
    const ref = element(text, 'tranref');
    const raw = { status, code: element(text, 'code'), message: element(text, 'message'), tranref: ref };
    if (status !== 'A' || !ref)
      throw new ProviderError(`Telr refused the refund: ${raw.message ?? status ?? text.slice(0, 80)}`);
    return { ref, raw };
  }

  /**
   * Telr's transactions linked to the payment (its transaction services): the authorised refund
   * carrying our reference as its cart id, if Telr made one.
   */
  async findRefund(order: RefundableOrder, reference: string): Promise<RefundResult | null> {
    if (!order.transactionRef) return null;
    const auth = Buffer.from(`${this.config.storeId}:${this.config.remoteKey}`).toString('base64');
    const text = await this.xmlCall(
      `${this.config.toolsUrl.replace(/\/$/, '')}/transaction/${encodeURIComponent(order.transactionRef)}/linked`,
      { method: 'GET', headers: { Accept: 'application/xml', Authorization: `Basic ${auth}` } },
    );
    for (const [, one] of text.matchAll(/<transaction>([\s\S]*?)<\/transaction>/g)) {
      if (element(one, 'type') !== 'refund' || element(one, 'cartid') !== reference) continue;
      const ref = element(one, 'ref');
      if (element(one, 'status') === 'A' && ref)
        return { ref, raw: { status: 'A', tranref: ref, amount: element(one, 'amount'), found: true } };
    }
    return null;
  }

  /** One XML request: no answer or a server error is an unknown outcome, another error a refusal. */
  private async xmlCall(url: string, init: RequestInit): Promise<string> {
    let res: Response;
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    } catch (err) {
      throw new ProviderError(`Telr is not reachable: ${err instanceof Error ? err.message : String(err)}`, true);
    }
    let text: string;
    try {
      text = await res.text();
    } catch (err) {
      throw new ProviderError(`Telr's answer was cut: ${err instanceof Error ? err.message : String(err)}`, true);
    }
    if (res.status >= 500) throw new ProviderError(`Telr answered ${res.status}`, true);
    if (!res.ok) throw new ProviderError(`Telr answered ${res.status}`);
    return text;
  }

  async check(ref: string): Promise<PaymentCheck> {
    const answer = await this.call({ method: 'check', order: { ref } });
    const code = Number(answer.order?.status?.code);
    if (!Number.isFinite(code)) throw new ProviderError('Telr did not answer a status code');
    return {
      state: stateOfTelrCode(code),
      code,
      transactionRef: answer.order?.transaction?.ref || undefined,
      method: answer.order?.paymethod || answer.order?.card?.type || undefined,
      raw: answer as Record<string, unknown>,
    };
  }
}
