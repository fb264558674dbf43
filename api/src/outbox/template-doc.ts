import { MESSAGES, type MessageDef } from './templates';

/** A kind's text as a WhatsApp template body: `{team_no}` becomes `{{2}}` when team_no is the second parameter. */
export function templateBody(d: MessageDef, lang: 'ar' | 'en'): string {
  return d.body[lang].replace(/\{([a-z_]+)\}/g, (_, key: string) => `{{${d.params.indexOf(key) + 1}}}`);
}

const LANG_NAMES = { ar: 'Arabic (`ar`)', en: 'English (`en`)' } as const;

/**
 * docs/whatsapp-templates.md: the templates the federation submits to Meta for approval, written
 * from the catalogue (a test keeps the file equal to this; UPDATE_DOCS=1 rewrites it).
 */
export function whatsappTemplatesDoc(): string {
  const out: string[] = [
    '# WhatsApp message templates',
    '',
    '<!-- Written from api/src/outbox/templates.ts by api/test/message-templates.spec.ts (UPDATE_DOCS=1); do not edit by hand. -->',
    '',
    'Meta delivers a message the business starts (a code, an invitation, a notice, a reminder) only as an',
    'approved **template**. Before setting `WHATSAPP_TOKEN`, the federation submits each template below in',
    'WhatsApp Manager (or through the Business Management API), in both languages, with the name and',
    'category shown. A template approved under another name is mapped with',
    '`WHATSAPP_TEMPLATE_NAMES=kind=approved_name,…`; the template languages used for Arabic and English',
    'members are set with `WHATSAPP_TEMPLATE_LANGUAGES=ar=ar,en=en_US` (default `ar=ar,en=en`).',
    '',
    'The platform never sends free-form text: outside the 24-hour window a member opens by writing first,',
    'Meta refuses it (error 131047). A refused template (unknown name, wrong parameters) fails that message',
    'at once and staff see the reason in the outbox; it is not retried.',
    '',
    "Parameters are filled in the recipient's language (names of competitions, counted days).",
    '',
  ];
  for (const [kind, d] of Object.entries(MESSAGES) as [string, MessageDef][]) {
    if (!d.whatsapp) continue;
    out.push(`## \`${kind}\``, '', `Category: **${d.category.toUpperCase()}**.`, '');
    if (d.category === 'authentication') {
      out.push(
        'An authentication template with a **copy code** button (`otp_type: COPY_CODE`), the security',
        "recommendation on and the code expiry footer set to the code's lifetime (10 minutes). Meta writes",
        "its text in each language; the platform sends the code as the body parameter and as the button's",
        'parameter. Create it in both `ar` and `en`.',
        '',
      );
      continue;
    }
    out.push(`Parameters: ${d.params.length ? d.params.map((p, i) => `{{${i + 1}}} ${p}`).join(', ') : 'none'}.`, '');
    for (const lang of ['ar', 'en'] as const) {
      out.push(`${LANG_NAMES[lang]}:`, '', '```text', templateBody(d, lang), '```', '');
    }
  }
  return out.join('\n');
}
