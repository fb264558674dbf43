import nodemailer, { type Transporter } from 'nodemailer';
import type { AppConfig } from '../core/config';
import type { outbox } from '../db/schema';

type Row = typeof outbox.$inferSelect;

/** Delivers one message or throws; `null` means the channel has no provider here (development). */
export type Transport = ((row: Row) => Promise<void>) | null;

export function emailTransport(config: AppConfig): Transport {
  if (!config.mail.smtpUrl) return null;
  const transporter: Transporter = nodemailer.createTransport(config.mail.smtpUrl, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as never);
  return async (row) => {
    await transporter.sendMail({
      from: config.mail.from,
      to: row.to,
      subject: row.subject,
      text: row.body,
      html: row.html ?? undefined,
    });
  };
}

/** WhatsApp Cloud API: POST {apiUrl}/{phoneNumberId}/messages with a bearer token. */
export function whatsappTransport(config: AppConfig): Transport {
  const wa = config.whatsapp;
  if (!wa) return null;
  return async (row) => {
    const res = await fetch(`${wa.apiUrl.replace(/\/$/, '')}/${encodeURIComponent(wa.phoneNumberId)}/messages`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${wa.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: row.to.replace(/^\+/, ''),
        type: 'text',
        text: { preview_url: false, body: row.body },
      }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) throw new Error(`WhatsApp provider answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  };
}
