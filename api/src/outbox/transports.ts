import type { Transporter } from 'nodemailer';
import type { AppConfig } from '../core/config';
import type { outbox } from '../db/schema';
import { mailHtml, UNSUBSCRIBE_TEXT } from './email-layout';
import { unsubscribeUrls } from './unsubscribe-token';
import { MESSAGES, isMessageKind } from './templates';

type Row = typeof outbox.$inferSelect;

/** A provider's answer that retrying will not change (an unknown template, a number not on WhatsApp…). */
export class RefusedForGood extends Error {}

/**
 * Delivers one message or throws; `null` means the channel has no provider here (development).
 * `close` lets go of what it holds open (the SMTP connections) when the API stops.
 */
export type Transport = (((row: Row) => Promise<{ providerId?: string }>) & { close?: () => void }) | null;

export function emailTransport(config: AppConfig): Transport {
  if (!config.mail.smtpUrl) return null;
  // Loaded only where mail is configured, not at start (docs/testing.md, "Test time").
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const nodemailer = require('nodemailer') as typeof import('nodemailer');
  // The connection's options beside the URL, in one object: given as createTransport's second
  // argument they were defaults for each message, and the timeouts never applied (nodemailer's own,
  // 2 minutes to connect and 10 of silence, did). Pooled: the outbox sends over connections kept
  // open (up to 100 messages each, then a new one), not a connection, a greeting and a farewell per
  // message. A broadcast is hundreds of messages, and servers delay their greeting to catch clients
  // that talk too soon (smtp-server 100 ms, others seconds): each mail cost at least that delay.
  const transporter: Transporter = nodemailer.createTransport({
    url: config.mail.smtpUrl,
    pool: true,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  const layout = { brand: config.mail.brand, logoUrl: config.mail.logoUrl };
  const send = async (row: Row) => {
    // An announcement or reminder offers to unsubscribe: a link in the footer to the member site's
    // page, and List-Unsubscribe with RFC 8058's one-click POST for the mail client's own button.
    // Codes and notices (authentication, utility) always go out and carry neither.
    const lang = row.lang === 'ar' ? 'ar' : 'en';
    const links = row.category === 'marketing' && row.userId ? unsubscribeUrls(config, row.userId, lang) : null;
    const info = await transporter.sendMail({
      from: config.mail.from,
      to: row.to,
      subject: row.subject,
      text: links ? `${row.body}\n\n--\n${UNSUBSCRIBE_TEXT[lang]}: ${links.page}` : row.body,
      html:
        row.html ??
        mailHtml(row, layout, links ? { unsubscribeUrl: links.page, unsubscribeText: UNSUBSCRIBE_TEXT[lang] } : {}),
      ...(links
        ? { list: { unsubscribe: links.oneClick }, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
        : {}),
    });
    return { providerId: info.messageId };
  };
  return Object.assign(send, { close: () => transporter.close() });
}

/**
 * Errors of the WhatsApp Cloud API worth retrying: throttling, and Meta's own temporary failures.
 * Anything else it refuses (131047 outside the 24-hour window, 132001 unknown template, 132000 wrong
 * parameters, 131026 not on WhatsApp…) is refused for good.
 * https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes
 */
const TRANSIENT_WHATSAPP_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131048, 131056, 133004]);

/**
 * WhatsApp Cloud API: POST {apiUrl}/{phoneNumberId}/messages with a bearer token. Every message is a
 * business-initiated template message (Meta refuses free-form text outside the 24-hour window a
 * member opens by writing first, and the platform never waits for one): the kind's template, by the
 * configured name, in the configured template language, with the kind's values as body parameters.
 * A one-time code goes through an authentication template: the code in the body and in its copy-code
 * button.
 */
export function whatsappTransport(config: AppConfig): Transport {
  const wa = config.whatsapp;
  if (!wa) return null;
  return async (row) => {
    if (!isMessageKind(row.kind) || !MESSAGES[row.kind].whatsapp)
      throw new RefusedForGood(`no WhatsApp template for a message of kind "${row.kind}"`);
    const def = MESSAGES[row.kind];
    const params = row.params.map((text) => ({ type: 'text', text }));
    const components =
      def.category === 'authentication'
        ? [
            { type: 'body', parameters: [params[def.params.indexOf(def.code!)]] },
            { type: 'button', sub_type: 'url', index: '0', parameters: [params[def.params.indexOf(def.code!)]] },
          ]
        : params.length
          ? [{ type: 'body', parameters: params }]
          : [];
    let res: Response;
    try {
      res = await fetch(`${wa.apiUrl.replace(/\/$/, '')}/${encodeURIComponent(wa.phoneNumberId)}/messages`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${wa.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: row.to.replace(/^\+/, ''),
          type: 'template',
          template: {
            name: wa.templateNames[row.kind] ?? row.kind,
            language: { code: wa.templateLanguages[row.lang === 'ar' ? 'ar' : 'en'] },
            components,
          },
        }),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      throw new Error(`WhatsApp provider unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
    const text = await res.text();
    let answer: {
      messages?: { id?: string }[];
      error?: { code?: number; message?: string; error_data?: { details?: string } };
    } = {};
    try {
      answer = JSON.parse(text);
    } catch {
      // not JSON: a proxy's page; described by the status below
    }
    if (res.ok && answer.messages?.[0]?.id) return { providerId: answer.messages[0].id };
    const code = answer.error?.code;
    // Meta's code first, as staff read it in the outbox (the webhooks' failures read the same way).
    const said = (answer.error?.error_data?.details || answer.error?.message || text).slice(0, 300);
    const what = code
      ? `WhatsApp error ${code}: ${said} (HTTP ${res.status})`
      : `WhatsApp provider answered ${res.status}: ${said}`;
    const transient =
      res.status >= 500 ||
      res.status === 429 ||
      res.status === 401 ||
      (code !== undefined && TRANSIENT_WHATSAPP_CODES.has(code)) ||
      code === 190;
    if (res.ok || transient) throw new Error(what);
    throw new RefusedForGood(what);
  };
}
