import type { Lang } from '../common/i18n';
import { MESSAGES, isMessageKind } from './templates';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const FOOTER: Record<Lang, (brand: string) => string> = {
  ar: (brand) => `وصلتك هذه الرسالة لأن لك حسابًا في ${brand}.`,
  en: (brand) => `You received this message because you have an account at ${brand}.`,
};

/** The footer's link of an announcement or reminder (a `marketing` e-mail). */
export const UNSUBSCRIBE_TEXT: Record<Lang, string> = {
  ar: 'إيقاف الإعلانات والتذكيرات',
  en: 'Unsubscribe from announcements and reminders',
};

export interface MailLayout {
  /** The federation's name, shown at the top (the display name of MAIL_FROM). */
  brand: string;
  /** An absolute URL of the federation's logo (MAIL_LOGO_URL), or none. */
  logoUrl?: string;
}

/**
 * The HTML part of an e-mail, built from its text when it is sent: the federation's name (and logo),
 * the paragraphs, a one-time code shown large, and a footer; right-to-left for Arabic. Everything
 * is escaped: a value is never markup.
 */
export function mailHtml(
  m: { kind: string; lang: Lang; params: string[]; subject: string; body: string },
  layout: MailLayout,
  extra: { unsubscribeUrl?: string; unsubscribeText?: string } = {},
): string {
  const lang: Lang = m.lang === 'ar' ? 'ar' : 'en';
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const align = lang === 'ar' ? 'right' : 'left';
  const def = isMessageKind(m.kind) ? MESSAGES[m.kind] : undefined;
  const code = def?.code ? m.params[def.params.indexOf(def.code)] : undefined;
  const codeBlock = code
    ? `<p style="font-size:28px;letter-spacing:6px;font-weight:bold;direction:ltr;unicode-bidi:isolate;text-align:center;margin:8px 0 18px">${escapeHtml(code)}</p>`
    : '';
  const blocks = m.body.split(/\n{2,}/);
  // A code on a line of its own is drawn large in its place; otherwise after the text.
  const inPlace = code !== undefined && blocks.some((b) => b.trim() === code);
  const paragraphs =
    blocks
      .map((p) =>
        inPlace && p.trim() === code
          ? codeBlock
          : `<p style="margin:0 0 14px">${p.split('\n').map(escapeHtml).join('<br>')}</p>`,
      )
      .join('') + (inPlace ? '' : codeBlock);
  const logo = layout.logoUrl
    ? `<img src="${escapeHtml(layout.logoUrl)}" alt="" height="40" style="height:40px;vertical-align:middle;margin-inline-end:10px">`
    : '';
  const unsubscribe =
    extra.unsubscribeUrl && extra.unsubscribeText
      ? `<br><a href="${escapeHtml(extra.unsubscribeUrl)}" style="color:#555">${escapeHtml(extra.unsubscribeText)}</a>`
      : '';
  return `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(m.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,'Noto Naskh Arabic','Noto Sans Arabic',sans-serif;direction:${dir};text-align:${align}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;direction:${dir};text-align:${align}">
<tr><td style="padding:18px 24px;border-bottom:3px solid #0f766e;font-size:18px;font-weight:bold;color:#0f766e">${logo}${escapeHtml(layout.brand)}</td></tr>
<tr><td style="padding:22px 24px;font-size:16px;line-height:1.6;color:#111827">${paragraphs}</td></tr>
<tr><td style="padding:14px 24px;font-size:12px;color:#6b7280;border-top:1px solid #e5e7eb">${escapeHtml(FOOTER[lang](layout.brand))}${unsubscribe}</td></tr>
</table></td></tr></table></body></html>`;
}
