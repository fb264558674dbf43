import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of Meta's WhatsApp Cloud API that speaks its protocol, refusals included, for the API
 * tests and the journeys (which start it in their global set-up and steer it over HTTP, /_fake/…).
 * Node's own modules only, so anything can load it.
 *
 * - `POST /{version}/{phone-number-id}/messages` with `Authorization: Bearer <token>`; a wrong token is
 *   a 401 with Graph API's OAuthException (code 190), an unknown phone number id a 400 (code 100).
 * - Template messages only for the approved templates it knows (name + language): an unknown one is
 *   132001, a wrong body parameter count 132000, a parameter with a new line, a tab or more than four
 *   spaces in a row 132018, an authentication template without its copy-code button parameter 131008,
 *   a filled-in text over 1,024 characters 132005.
 * - Free-form `type: text` is taken (HTTP 200, a wamid) but, unless the person wrote to the business in
 *   the last 24 hours (`inbound()`), fails with 131047 in a `failed` status webhook, as the Cloud API
 *   does with a message outside the customer service window.
 * - `throttle(n)`: the next n sends answer 429 with 130429; `fail(status, n)`: a 5xx with 131000.
 * - Status webhooks (`sent`, `delivered`, `read`, `failed` with its errors array) in Meta's payload
 *   (`object: whatsapp_business_account`, entry[].changes[].value.statuses[]), POSTed to `webhookUrl`
 *   signed with `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the raw body with the app secret>`.
 *   Each accepted message queues what Meta would report (sent then delivered; failed for a number
 *   marked `undeliverable` (131026) or text outside the window); `flush()` sends the queue in order
 *   and `status()` sends one status now, so a test decides when they arrive; `statusesBeforeAnswer(n)`
 *   makes the next n sends post their statuses before answering (the wamid is not saved yet).
 *
 * Error codes and texts: https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes
 */

export interface FakeTemplate {
  name: string;
  /** Meta's language code (`ar`, `en`, `en_US`). */
  language: string;
  /** `{{n}}` placeholders of the body. */
  bodyParams: number;
  /** An authentication template: one body parameter (the code) and a copy-code (url) button parameter. */
  authentication?: boolean;
  /** The body with `{{n}}` placeholders, to show what the phone displays. */
  text?: string;
}

export type DeliveryStatus = 'sent' | 'delivered' | 'read' | 'failed';

export interface StatusError {
  code: number;
  title: string;
  message: string;
  error_data: { details: string };
  href: string;
}

export interface AcceptedMessage {
  id: string;
  /** As sent: digits without `+`. */
  to: string;
  type: string;
  template?: { name: string; language: string };
  /** The body's parameters, in order (the code for an authentication template). */
  params: string[];
  /** What the phone shows: the template's text filled in, or the text message. */
  text: string;
  at: string;
}

export interface FakeRequest {
  path: string;
  auth?: string;
  body: Record<string, any>;
  /** The HTTP status answered. */
  status: number;
  /** Meta's error code when refused. */
  code?: number;
}

export interface FakeWhatsappOptions {
  token: string;
  phoneNumberId: string;
  appSecret?: string;
  /** Where status webhooks go (the API's /api/whatsapp/webhook). */
  webhookUrl?: string;
  templates?: FakeTemplate[];
  businessAccountId?: string;
  displayPhoneNumber?: string;
}

const ERROR_HREF = 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/';
const DAY_MS = 24 * 60 * 60 * 1000;

/** Meta's fixed text of an authentication template in a language (the code is {{1}}). */
const AUTHENTICATION_TEXT: Record<string, string> = {
  en: '{{1}} is your verification code. For your security, do not share this code.',
  ar: '{{1}} هو رمز التحقق الخاص بك. للحفاظ على أمانك، لا تشارك هذا الرمز.',
};

/** `sha256=<hex>`: the X-Hub-Signature-256 header Meta sends with a webhook's raw body. */
export function signature(appSecret: string, rawBody: string | Buffer): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** A statuses webhook payload as Meta sends it. */
export function statusPayload(
  statuses: {
    id: string;
    status: DeliveryStatus;
    recipient: string;
    timestamp?: number;
    errors?: StatusError[];
    category?: string;
  }[],
  meta: { businessAccountId?: string; phoneNumberId?: string; displayPhoneNumber?: string } = {},
) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: meta.businessAccountId ?? '102290129340398',
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: meta.displayPhoneNumber ?? '15550783881',
                phone_number_id: meta.phoneNumberId ?? '106540352242922',
              },
              statuses: statuses.map((s) => ({
                id: s.id,
                status: s.status,
                timestamp: String(s.timestamp ?? Math.floor(Date.now() / 1000)),
                recipient_id: s.recipient,
                ...(s.status === 'failed'
                  ? { errors: s.errors ?? [] }
                  : s.status === 'read'
                    ? {}
                    : {
                        conversation: {
                          id: randomBytes(16).toString('hex'),
                          origin: { type: s.category ?? 'utility' },
                        },
                        pricing: { billable: true, pricing_model: 'PMP', category: s.category ?? 'utility' },
                      }),
              })),
            },
            field: 'messages',
          },
        ],
      },
    ],
  };
}

/** An error of a `failed` status, as the webhook carries it. */
export function statusError(code: number, title: string, details: string): StatusError {
  return { code, title, message: title, error_data: { details }, href: ERROR_HREF };
}

/**
 * The approved templates the catalogue asks for (api/src/outbox/templates.ts), in each language: pass
 * the catalogue and its `templateBody` (the kind's text with `{{n}}`), so this file imports nothing.
 */
export function catalogueTemplates(
  messages: Record<string, { category: string; whatsapp: boolean; params: readonly string[] }>,
  templateBody: (def: any, lang: 'ar' | 'en') => string,
  languages: ('ar' | 'en')[] = ['ar', 'en'],
): FakeTemplate[] {
  return Object.entries(messages)
    .filter(([, d]) => d.whatsapp)
    .flatMap(([name, d]) =>
      languages.map((language) =>
        d.category === 'authentication'
          ? { name, language, bodyParams: 1, authentication: true, text: AUTHENTICATION_TEXT[language] }
          : { name, language, bodyParams: d.params.length, text: templateBody(d, language) },
      ),
    );
}

class Refusal {
  constructor(
    readonly status: number,
    readonly code: number,
    readonly message: string,
    readonly details: string,
    readonly type = 'OAuthException',
  ) {}

  body() {
    return {
      error: {
        message: this.message,
        type: this.type,
        code: this.code,
        ...(this.details ? { error_data: { messaging_product: 'whatsapp', details: this.details } } : {}),
        fbtrace_id: randomBytes(9).toString('base64url'),
      },
    };
  }
}

const refuse = (code: number, title: string, details: string, status = 400) =>
  new Refusal(status, code, `(#${code}) ${title}`, details);

/** Meta refuses these in a template parameter (error 132018's details). */
const BAD_PARAM = /[\n\t]| {5,}/;

export type FakeWhatsapp = Awaited<ReturnType<typeof startFakeWhatsapp>>;

export async function startFakeWhatsapp(given: FakeWhatsappOptions) {
  const options = { ...given };
  const templates = new Map<string, FakeTemplate>();
  const key = (name: string, language: string) => `${name}\u0000${language}`;
  for (const t of options.templates ?? []) templates.set(key(t.name, t.language), t);
  /** Every request to the messages endpoint, accepted or refused. */
  const requests: FakeRequest[] = [];
  const accepted: AcceptedMessage[] = [];
  /** Each status webhook sent and what the receiver answered. */
  const webhooks: { payload: ReturnType<typeof statusPayload>; status: number }[] = [];
  /** Statuses Meta would report for the accepted messages, not sent yet (flush()). */
  const queued: Parameters<typeof statusPayload>[0] = [];
  const lastInbound = new Map<string, number>();
  const undeliverable = new Set<string>();
  let throttled = 0;
  let failing: { status: number; times: number } = { status: 500, times: 0 };
  let statusesFirst = 0;
  const digits = (phone: string) => phone.replace(/\D/g, '');
  const meta = {
    businessAccountId: options.businessAccountId,
    phoneNumberId: options.phoneNumberId,
    displayPhoneNumber: options.displayPhoneNumber,
  };

  async function postWebhook(statuses: Parameters<typeof statusPayload>[0]): Promise<number> {
    if (!options.webhookUrl || !options.appSecret)
      throw new Error('the fake WhatsApp has no webhook URL or app secret');
    const payload = statusPayload(statuses, meta);
    const raw = JSON.stringify(payload);
    const res = await fetch(options.webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signature(options.appSecret, raw) },
      body: raw,
    });
    await res.arrayBuffer();
    webhooks.push({ payload, status: res.status });
    return res.status;
  }

  const recipientOf = (id: string) => accepted.find((m) => m.id === id)?.to ?? '';

  const fake = {
    requests,
    accepted,
    webhooks,
    url: '',
    /** The fake's own address (the control routes are under /_fake/). */
    origin: '',
    /** Where the status webhooks go from now on (the API under test, once it listens). */
    webhookTo(url: string) {
      options.webhookUrl = url;
    },
    addTemplate(t: FakeTemplate) {
      templates.set(key(t.name, t.language), t);
    },
    /** No longer approved (every language unless one is named). */
    removeTemplate(name: string, language?: string) {
      for (const t of [...templates.values()])
        if (t.name === name && (!language || t.language === language)) templates.delete(key(t.name, t.language));
    },
    /** The person wrote to the business: free-form text to them is allowed for 24 hours. */
    inbound(from: string, at = new Date()) {
      lastInbound.set(digits(from), at.getTime());
    },
    /** Messages to this number are taken, then fail with 131026 (not on WhatsApp, or an old version). */
    undeliverable(phone: string) {
      undeliverable.add(digits(phone));
    },
    throttle(times = 1) {
      throttled = times;
    },
    fail(status = 500, times = 1) {
      failing = { status, times };
    },
    /** The next n sends post their queued statuses (flush) before they answer, as Meta sometimes does. */
    statusesBeforeAnswer(times = 1) {
      statusesFirst = times;
    },
    /** Sends one status of a message now; answers the receiver's HTTP status. */
    status(id: string, status: DeliveryStatus, error?: StatusError): Promise<number> {
      return postWebhook([{ id, status, recipient: recipientOf(id), errors: error ? [error] : undefined }]);
    },
    /** Sends the queued statuses, one webhook each, in order; answers the receiver's statuses. */
    async flush(): Promise<number[]> {
      const answers: number[] = [];
      while (queued.length) answers.push(await postWebhook([queued.shift()!]));
      return answers;
    },
    /** Accepted messages to a phone (any form: +966…, 966…), oldest first. */
    to(phone: string) {
      return accepted.filter((m) => m.to === digits(phone));
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };

  function send(path: string, auth: string | undefined, body: Record<string, any>): Record<string, unknown> {
    const m = /^\/v\d+\.\d+\/([^/]+)\/messages$/.exec(path);
    if (!m) throw new Refusal(400, 2500, 'Unknown path components: ' + path, '');
    if (auth !== `Bearer ${options.token}`)
      throw new Refusal(401, 190, 'Invalid OAuth access token - Cannot parse access token', '');
    if (decodeURIComponent(m[1]) !== options.phoneNumberId)
      throw new Refusal(
        400,
        100,
        `Unsupported post request. Object with ID '${m[1]}' does not exist, cannot be loaded due to missing permissions, or does not support this operation`,
        '',
        'GraphMethodException',
      );
    if (throttled > 0) {
      throttled--;
      throw refuse(130429, 'Rate limit hit', 'Cloud API message throughput has been reached.', 429);
    }
    if (failing.times > 0) {
      failing.times--;
      throw refuse(131000, 'Something went wrong', 'Something went wrong', failing.status);
    }
    if (body.messaging_product !== 'whatsapp')
      throw refuse(100, 'Invalid parameter', 'The parameter messaging_product is required.');
    if (typeof body.to !== 'string' || !digits(body.to))
      throw refuse(100, 'Invalid parameter', 'The parameter to is required.');
    const to = digits(body.to);
    const id = `wamid.${Buffer.from(`${to}:${randomBytes(12).toString('hex')}`).toString('base64url')}`;
    const at = new Date().toISOString();
    if (body.type === 'text') {
      const text = body.text?.body;
      if (typeof text !== 'string' || !text)
        throw refuse(100, 'Invalid parameter', 'The parameter text[body] is required.');
      accepted.push({ id, to, type: 'text', params: [], text, at });
      const since = lastInbound.get(to);
      if (since === undefined || Date.now() - since > DAY_MS) {
        queued.push({
          id,
          status: 'failed',
          recipient: to,
          errors: [
            statusError(
              131047,
              'Re-engagement message',
              'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
            ),
          ],
        });
      } else queueDelivery(id, to, 'service');
      return answer(body.to, to, id);
    }
    if (body.type !== 'template') throw refuse(100, 'Invalid parameter', `Unsupported message type: ${body.type}`);
    const name = body.template?.name;
    const language = body.template?.language?.code;
    if (typeof name !== 'string' || typeof language !== 'string')
      throw refuse(
        100,
        'Invalid parameter',
        'The parameters template[name] and template[language][code] are required.',
      );
    const template = templates.get(key(name, language));
    if (!template)
      throw refuse(
        132001,
        'Template name does not exist in the translation',
        `template name (${name}) does not exist in ${language}`,
      );
    const components: any[] = Array.isArray(body.template.components) ? body.template.components : [];
    const bodyParams: any[] = components.find((c) => c?.type === 'body')?.parameters ?? [];
    if (bodyParams.length !== template.bodyParams)
      throw refuse(
        132000,
        'Number of parameters does not match the expected number of params',
        `body: number of localizable_params (${bodyParams.length}) does not match the expected number of params (${template.bodyParams})`,
      );
    const params = bodyParams.map((p) => (p?.type === 'text' && typeof p.text === 'string' ? p.text : ''));
    if (params.some((p) => !p))
      throw refuse(131008, 'Required parameter is missing', 'Parameter of type text is missing text value');
    if (params.some((p) => BAD_PARAM.test(p)))
      throw refuse(
        132018,
        'There was an issue with the parameters in your template.',
        'Param text cannot have new-line/tab characters or more than 4 consecutive spaces',
      );
    if (template.authentication) {
      const button = components.find((c) => c?.type === 'button' && c.sub_type === 'url' && String(c.index) === '0');
      const code = button?.parameters?.[0];
      if (!code || code.type !== 'text' || typeof code.text !== 'string' || !code.text)
        throw refuse(
          131008,
          'Required parameter is missing',
          'buttons: Button at index 0 of type Url requires a parameter',
        );
    }
    const text = (template.text ?? '').replace(/\{\{(\d+)\}\}/g, (_, n: string) => params[Number(n) - 1] ?? '');
    if (text.length > 1024)
      throw refuse(132005, 'Template Hydrated Text Too Long', 'Translated text too long after hydration');
    accepted.push({ id, to, type: 'template', template: { name, language }, params, text, at });
    if (undeliverable.has(to))
      queued.push({
        id,
        status: 'failed',
        recipient: to,
        errors: [
          statusError(
            131026,
            'Message undeliverable',
            'Message Undeliverable: the recipient is not on WhatsApp or cannot receive this message.',
          ),
        ],
      });
    else queueDelivery(id, to, template.authentication ? 'authentication' : 'utility');
    return answer(body.to, to, id);
  }

  function queueDelivery(id: string, recipient: string, category: string) {
    queued.push({ id, status: 'sent', recipient, category }, { id, status: 'delivered', recipient, category });
  }

  const answer = (input: string, waId: string, id: string) => ({
    messaging_product: 'whatsapp',
    contacts: [{ input, wa_id: waId }],
    messages: [{ id }],
  });

  /** The journeys' remote control (they run in other processes than the one that started the fake). */
  async function control(req: IncomingMessage, url: URL, body: Record<string, any>): Promise<unknown> {
    const route = `${req.method} ${url.pathname}`;
    switch (route) {
      case 'GET /_fake/messages': {
        const to = url.searchParams.get('to');
        return { messages: to ? fake.to(to) : accepted };
      }
      case 'POST /_fake/inbound':
        fake.inbound(String(body.from));
        return { ok: true };
      case 'POST /_fake/templates/remove':
        fake.removeTemplate(String(body.name), body.language ? String(body.language) : undefined);
        return { ok: true };
      case 'POST /_fake/templates/add':
        fake.addTemplate(body as FakeTemplate);
        return { ok: true };
      case 'POST /_fake/undeliverable':
        fake.undeliverable(String(body.to));
        return { ok: true };
      case 'POST /_fake/throttle':
        fake.throttle(Number(body.times ?? 1));
        return { ok: true };
      case 'POST /_fake/fail':
        fake.fail(Number(body.status ?? 500), Number(body.times ?? 1));
        return { ok: true };
      case 'POST /_fake/status':
        return { status: await fake.status(String(body.id), body.status as DeliveryStatus) };
      case 'POST /_fake/flush':
        return { statuses: await fake.flush() };
      default:
        return undefined;
    }
  }

  const reply = (res: ServerResponse, status: number, value: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(value));
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      let body: Record<string, any> = {};
      try {
        const raw = Buffer.concat(chunks).toString('utf8');
        body = raw ? JSON.parse(raw) : {};
      } catch {
        return reply(res, 400, refuse(100, 'Invalid parameter', 'The request body is not JSON.').body());
      }
      if (url.pathname.startsWith('/_fake/')) {
        control(req, url, body).then(
          (value) => (value === undefined ? reply(res, 404, { error: 'no such control' }) : reply(res, 200, value)),
          (err: Error) => reply(res, 500, { error: err.message }),
        );
        return;
      }
      const auth = req.headers.authorization;
      if (req.method !== 'POST') return reply(res, 400, refuse(100, 'Invalid parameter', 'Unsupported method').body());
      try {
        const value = send(url.pathname, auth, body);
        requests.push({ path: url.pathname, auth, body, status: 200 });
        if (statusesFirst > 0) {
          // Meta's race: the status webhooks of this message reach the receiver before the send's answer.
          statusesFirst--;
          fake.flush().then(
            () => reply(res, 200, value),
            (err: Error) => reply(res, 500, { error: err.message }),
          );
          return;
        }
        reply(res, 200, value);
      } catch (err) {
        if (!(err instanceof Refusal)) throw err;
        requests.push({ path: url.pathname, auth, body, status: err.status, code: err.code });
        reply(res, err.status, err.body());
      }
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  const port = (server.address() as AddressInfo).port;
  fake.origin = `http://127.0.0.1:${port}`;
  fake.url = `${fake.origin}/v21.0`;
  return fake;
}
