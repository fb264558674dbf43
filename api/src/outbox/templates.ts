import { formatDate, formatMoney, pluralCategory } from '@platform/contract';
import type { Lang } from '../common/i18n';

/**
 * Every message the platform sends, written once per language. A message is a *kind*: its subject
 * and body in Arabic and English with named placeholders (`{team_no}`), and the order of those
 * placeholders, which is the order of a WhatsApp template's `{{1}}`, `{{2}}` … The same text is the
 * e-mail, the WhatsApp template the federation submits to Meta (docs/whatsapp-templates.md is written
 * from this file: `npm run docs:whatsapp -w api`) and what staff read in the outbox.
 *
 * Categories are Meta's: `authentication` (one-time codes: Meta's fixed text and a copy-code button),
 * `utility` (a notice about something the person did or takes part in: always sent), `marketing`
 * (reminders and staff's announcements: not sent to someone who unsubscribed).
 */
export type MessageCategory = 'authentication' | 'utility' | 'marketing';

export interface MessageDef {
  category: MessageCategory;
  /** Sent by WhatsApp as this template (its default name); null: e-mail only (it carries free text). */
  whatsapp: boolean;
  /** The placeholders, in the template's order ({{1}} is the first). */
  params: readonly string[];
  subject: Record<Lang, string>;
  body: Record<Lang, string>;
  /** The placeholder shown large in an e-mail (a one-time code). */
  code?: string;
}

/** What a message becomes once its values are known; stored in the outbox. */
export interface Rendered {
  kind: MessageKind;
  lang: Lang;
  category: MessageCategory;
  /** The values of the kind's placeholders, in order (the WhatsApp template's parameters). */
  params: string[];
  subject: string;
  body: string;
}

const def = (d: MessageDef) => d;

export const MESSAGES = {
  verification_code: def({
    category: 'authentication',
    whatsapp: true,
    params: ['code', 'minutes'],
    code: 'code',
    subject: { ar: 'رمز التحقق', en: 'Verification code' },
    body: {
      ar: 'رمز التحقق الخاص بك هو {code}. صالح لمدة {minutes}. لا تشاركه مع أحد.',
      en: 'Your verification code is {code}. It is valid for {minutes}. Do not share it.',
    },
  }),
  password_reset_code: def({
    category: 'authentication',
    whatsapp: false,
    params: ['code', 'minutes', 'name'],
    code: 'code',
    subject: { ar: 'إعادة تعيين كلمة المرور', en: 'Reset your password' },
    body: {
      ar: 'مرحبًا {name}،\nاستخدم الرمز التالي لإعادة تعيين كلمة المرور. صالح لمدة {minutes}.\n\n{code}\n\nإذا لم تطلب ذلك فتجاهل هذه الرسالة.',
      en: 'Hello {name},\nUse this code to reset your password. It is valid for {minutes}.\n\n{code}\n\nIf you did not ask for this, ignore this message.',
    },
  }),
  /** Staff's reply to a contact message: e-mail only, it carries staff's words and the sender's own. */
  contact_reply: def({
    category: 'utility',
    whatsapp: false,
    params: ['name', 'reply', 'original'],
    subject: { ar: 'رد على رسالتك', en: 'Reply to your message' },
    body: {
      ar: 'مرحبًا {name}،\n\n{reply}\n\nرسالتك:\n{original}',
      en: 'Hello {name},\n\n{reply}\n\nYour message:\n{original}',
    },
  }),
  team_invitation: def({
    category: 'utility',
    whatsapp: true,
    params: ['name', 'team_no', 'competition', 'link'],
    subject: { ar: 'دعوة إلى الفريق {team_no}', en: 'Invitation to team {team_no}' },
    body: {
      ar: 'مرحبًا {name}،\nوصلتك دعوة للانضمام إلى الفريق {team_no} في {competition}.\nسجّل الدخول من {link} لتطّلع على الفريق وتجيب عن الدعوة.',
      en: 'Hello {name},\nYou are invited to join the team {team_no} in {competition}.\nSign in at {link} to see the team and answer.',
    },
  }),
  team_invitation_coach: def({
    category: 'utility',
    whatsapp: true,
    params: ['name', 'team_no', 'competition', 'link'],
    subject: { ar: 'دعوة إلى الفريق {team_no}', en: 'Invitation to team {team_no}' },
    body: {
      ar: 'مرحبًا {name}،\nوصلتك دعوة للانضمام إلى الفريق {team_no} في {competition} مدربًا.\nسجّل الدخول من {link} لتطّلع على الفريق وتجيب عن الدعوة.',
      en: 'Hello {name},\nYou are invited to join the team {team_no} in {competition} as a coach.\nSign in at {link} to see the team and answer.',
    },
  }),
  team_invitation_entity: def({
    category: 'utility',
    whatsapp: true,
    params: ['name', 'team_no', 'competition', 'link'],
    subject: { ar: 'دعوة إلى الفريق {team_no}', en: 'Invitation to team {team_no}' },
    body: {
      ar: 'مرحبًا {name}،\nسُجّل الفريق {team_no} في {competition} باسم جهتكم. يرجى تأكيد أنه يمثلكم أو رفض ذلك.\nسجّل الدخول من {link} لتطّلع على الفريق وتجيب.',
      en: 'Hello {name},\nThe team {team_no} in {competition} was registered for your organisation. Please confirm that it represents you, or decline.\nSign in at {link} to see the team and answer.',
    },
  }),
  /** A minor's invitation, to the guardian's phone: a single-use link to answer for them. */
  team_guardian_invitation: def({
    category: 'utility',
    whatsapp: true,
    params: ['student', 'team_no', 'competition', 'days', 'link'],
    subject: { ar: 'دعوة {student} إلى الفريق {team_no}', en: '{student}: invitation to team {team_no}' },
    body: {
      ar: 'مرحبًا،\nوصلت {student} دعوة للانضمام إلى الفريق {team_no} في {competition}.\nبصفتك ولي الأمر، وافق أو ارفض من هذا الرابط: {link} (صالح {days}، ولمرة واحدة).',
      en: 'Hello,\n{student} is invited to join the team {team_no} in {competition}.\nAs their guardian, accept or decline with this link: {link} (valid for {days}, once).',
    },
  }),
  /** The child accepted already: the guardian confirms (or declines) the place. */
  team_guardian_confirmation: def({
    category: 'utility',
    whatsapp: true,
    params: ['student', 'team_no', 'competition', 'days', 'link'],
    subject: { ar: 'دعوة {student} إلى الفريق {team_no}', en: '{student}: invitation to team {team_no}' },
    body: {
      ar: 'مرحبًا،\nقبِل {student} دعوة للانضمام إلى الفريق {team_no} في {competition}، ولا يُحجز مكانه إلا بموافقتك.\nبصفتك ولي الأمر، وافق أو ارفض من هذا الرابط: {link} (صالح {days}، ولمرة واحدة).',
      en: 'Hello,\n{student} accepted an invitation to join the team {team_no} in {competition}; the place is kept only with your agreement.\nAs their guardian, accept or decline with this link: {link} (valid for {days}, once).',
    },
  }),
  team_child_declined: def({
    category: 'utility',
    whatsapp: true,
    params: ['student', 'team_no', 'competition'],
    subject: { ar: 'الفريق {team_no}', en: 'Team {team_no}' },
    body: {
      ar: 'مرحبًا،\nرفض {student} دعوة الانضمام إلى الفريق {team_no} في {competition}. لا يلزمك فعل شيء.',
      en: 'Hello,\n{student} declined the invitation to join the team {team_no} in {competition}. Nothing is needed from you.',
    },
  }),
  /** A sign-up invitation to someone without an account: no coach's name or words. */
  team_signup_invitation: def({
    category: 'utility',
    whatsapp: true,
    params: ['link'],
    subject: { ar: 'دعوة للتسجيل', en: 'Invitation to sign up' },
    body: {
      ar: 'يرغب مدرب مسجّل في المنصة في ضمّك إلى فريقه.\nسجّل أولًا حساب طالب من {link} ليضمّك إلى الفريق.',
      en: 'A coach registered on the platform would like you to join their team.\nSign up first as a student at {link} so that they can add you.',
    },
  }),
  /** Never the member's own words (their reason), nor their name: a minor's message may go to the guardian. */
  profile_corrected: def({
    category: 'utility',
    whatsapp: true,
    params: ['values'],
    subject: { ar: 'تم تصحيح بيانات حسابك', en: 'Your account was corrected' },
    body: {
      ar: 'مرحبًا،\nوافق فريق المنصة على طلب تصحيح بيانات حسابك، وأصبحت كما يلي: {values}.',
      en: 'Hello,\nStaff approved the correction you asked for. Your account now reads: {values}.',
    },
  }),
  profile_correction_declined: def({
    category: 'utility',
    whatsapp: true,
    params: [],
    subject: { ar: 'لم يُقبل طلب التصحيح', en: 'Your correction request was declined' },
    body: {
      ar: 'مرحبًا،\nلم يوافق فريق المنصة على طلب تصحيح بيانات حسابك، فبقيت كما كانت. إن كانت بياناتك غير صحيحة فتواصل معنا من صفحة «اتصل بنا».',
      en: 'Hello,\nStaff did not approve the correction you asked for, so your account stays as it was. If your details are wrong, please write to us through the contact page.',
    },
  }),
  team_approved: def({
    category: 'utility',
    whatsapp: true,
    params: ['name', 'team_no', 'competition'],
    subject: { ar: 'اعتماد الفريق {team_no}', en: 'Team {team_no} approved' },
    body: {
      ar: 'مرحبًا {name}،\nتم اعتماد الفريق {team_no} في {competition}. بالتوفيق!',
      en: 'Hello {name},\nThe team {team_no} in {competition} was approved. Good luck!',
    },
  }),
  /** Staff's reason is staff's words, never a member's. */
  team_rejected: def({
    category: 'utility',
    whatsapp: true,
    params: ['name', 'team_no', 'competition', 'reason'],
    subject: { ar: 'رفض الفريق {team_no}', en: 'Team {team_no} rejected' },
    body: {
      ar: 'مرحبًا {name}،\nلم يُعتمد الفريق {team_no} في {competition}.\nالسبب: {reason}.',
      en: 'Hello {name},\nThe team {team_no} in {competition} was not approved.\nReason: {reason}.',
    },
  }),
  team_changes_requested: def({
    category: 'utility',
    whatsapp: true,
    params: ['name', 'team_no', 'competition', 'reason'],
    subject: { ar: 'تعديلات على الفريق {team_no}', en: 'Team {team_no} needs changes' },
    body: {
      ar: 'مرحبًا {name}،\nطُلبت تعديلات على الفريق {team_no} في {competition}. يعدّله المدرب ثم يعيد إرساله.\nالملاحظة: {reason}.',
      en: 'Hello {name},\nChanges were requested to the team {team_no} in {competition}. The coach corrects it and sends it again.\nNote: {reason}.',
    },
  }),
  team_back_to_approval: def({
    category: 'utility',
    whatsapp: true,
    params: ['name', 'team_no', 'competition'],
    subject: { ar: 'الفريق {team_no} بانتظار الاعتماد', en: 'Team {team_no} waiting for approval' },
    body: {
      ar: 'مرحبًا {name}،\nعدّل المدرب الفريق {team_no} في {competition} بعد اعتماده، فعاد الفريق إلى انتظار الاعتماد.',
      en: 'Hello {name},\nThe coach changed the team {team_no} in {competition} after its approval: it is waiting for approval again.',
    },
  }),
  team_place_opened: def({
    category: 'utility',
    whatsapp: true,
    params: ['name', 'team_no', 'competition'],
    subject: { ar: 'مكان للفريق {team_no}', en: 'A place for team {team_no}' },
    body: {
      ar: 'مرحبًا {name}،\nأصبح للفريق {team_no} مكان في {competition} بعد أن كان على قائمة الانتظار. يستطيع المدرب الآن إكمال تسجيله.',
      en: 'Hello {name},\nThe team {team_no} now has a place in {competition}; it was on the waiting list. The coach can now complete its registration.',
    },
  }),
  /** The team is withdrawn: its people are free again (no word of the coach's, not the team's name). */
  team_withdrawn: def({
    category: 'utility',
    whatsapp: true,
    params: ['name', 'team_no', 'competition'],
    subject: { ar: 'سحب الفريق {team_no}', en: 'Team {team_no} withdrawn' },
    body: {
      ar: 'مرحبًا {name}،\nسُحب الفريق {team_no} من {competition}، ويمكن لأعضائه الانضمام إلى فريق آخر.',
      en: 'Hello {name},\nThe team {team_no} was withdrawn from {competition}. Its members are free to join another team.',
    },
  }),
  /** A team's fee came back to whoever paid it (the amount in the reader's language: 200.00 ر.س, SAR 200.00). */
  team_fee_refunded: def({
    category: 'utility',
    whatsapp: true,
    params: ['name', 'amount', 'team_no', 'competition', 'credit_note'],
    subject: { ar: 'استرداد رسوم الفريق {team_no}', en: 'Fee of team {team_no} refunded' },
    body: {
      ar: 'مرحبًا {name}،\nرُدّ إليك مبلغ {amount} من رسوم الفريق {team_no} في {competition}، وصدر بذلك الإشعار الدائن رقم {credit_note}. يصل المبلغ إلى وسيلة الدفع التي استخدمتها خلال المدة التي يحتاجها البنك.',
      en: 'Hello {name},\n{amount} of the fee of the team {team_no} in {competition} was refunded to you (credit note {credit_note}). It goes back to the card or account you paid with as fast as your bank processes it.',
    },
  }),
  /** Any other payment (a plan) refunded in full or in part, to whoever paid it. */
  payment_refunded: def({
    category: 'utility',
    whatsapp: true,
    params: ['name', 'amount', 'invoice', 'credit_note'],
    subject: { ar: 'استرداد مبلغ', en: 'Payment refunded' },
    body: {
      ar: 'مرحبًا {name}،\nرُدّ إليك مبلغ {amount} مما دفعته بالفاتورة {invoice}، وصدر بذلك الإشعار الدائن رقم {credit_note}. يصل المبلغ إلى وسيلة الدفع التي استخدمتها خلال المدة التي يحتاجها البنك.',
      en: 'Hello {name},\n{amount} of your payment (invoice {invoice}) was refunded to you (credit note {credit_note}). It goes back to the card or account you paid with as fast as your bank processes it.',
    },
  }),
  /** A team's result was recorded (the results import or staff): its rank and score, staff's figures. */
  team_result: def({
    category: 'utility',
    whatsapp: true,
    params: ['name', 'team_no', 'competition', 'rank', 'score'],
    subject: { ar: 'نتيجة الفريق {team_no}', en: 'Result of team {team_no}' },
    body: {
      ar: 'مرحبًا {name}،\nصدرت نتيجة الفريق {team_no} في {competition}: المركز {rank} والدرجة {score}. تجدها في صفحة حسابك.',
      en: 'Hello {name},\nThe result of the team {team_no} in {competition} is out: rank {rank}, score {score}. You can see it on your account page.',
    },
  }),
  /** A certificate was issued to the member (its name is staff's words). */
  certificate_ready: def({
    category: 'utility',
    whatsapp: true,
    params: ['name', 'certificate', 'link'],
    subject: { ar: 'شهادتك جاهزة', en: 'Your certificate is ready' },
    body: {
      ar: 'مرحبًا {name}،\nشهادتك «{certificate}» جاهزة. حمّلها من {link} بعد تسجيل الدخول.',
      en: 'Hello {name},\nYour certificate "{certificate}" is ready. Download it at {link} after signing in.',
    },
  }),
  /**
   * A member's plan ends soon (30, 7 or 1 days ahead: api/src/reminders/schedule.ts). Arabic puts the
   * count where it is accusative (ساريًا يومًا واحدًا، 7 أيام، 30 يومًا).
   */
  plan_ending: def({
    category: 'marketing',
    whatsapp: true,
    params: ['name', 'days', 'date', 'link'],
    subject: { ar: 'اشتراكك ينتهي قريبًا', en: 'Your plan ends soon' },
    body: {
      ar: 'مرحبًا {name}،\nيبقى اشتراكك في المنصة ساريًا {days} فقط، حتى {date}. جدّده من {link} ليبقى لك الوصول الكامل.',
      en: 'Hello {name},\nYour membership plan ends in {days}, on {date}. Renew it at {link} to keep full access.',
    },
  }),
  plan_ended: def({
    category: 'marketing',
    whatsapp: true,
    params: ['name', 'date', 'link'],
    subject: { ar: 'انتهى اشتراكك', en: 'Your plan has ended' },
    body: {
      ar: 'مرحبًا {name}،\nانتهى اشتراكك في المنصة يوم {date}. جدّده من {link} لتستعيد الوصول الكامل.',
      en: 'Hello {name},\nYour membership plan ended on {date}. Renew it at {link} to get full access back.',
    },
  }),
  /** A registration closes soon and the coach's team is not sent for approval yet. */
  registration_closing: def({
    category: 'marketing',
    whatsapp: true,
    params: ['name', 'competition', 'closes', 'team_no', 'link'],
    subject: { ar: 'التسجيل في {competition} يُغلق قريبًا', en: 'Registration for {competition} closes soon' },
    body: {
      ar: 'مرحبًا {name}،\nيُغلق التسجيل في {competition} يوم {closes}، ولم يُرسَل الفريق {team_no} للاعتماد بعد. أكمله وأرسله من {link} قبل ذلك.',
      en: 'Hello {name},\nRegistration for {competition} closes on {closes}, and the team {team_no} has not been sent for approval yet. Complete it and send it at {link} before then.',
    },
  }),
  /** The copy of their data a member asked for is ready (issue 31): where to download it, and until when. */
  data_copy_ready: def({
    category: 'utility',
    whatsapp: true,
    params: ['name', 'link', 'date'],
    subject: { ar: 'نسخة بياناتك جاهزة', en: 'Your data copy is ready' },
    body: {
      ar: 'مرحبًا {name}،\nنسخة بياناتك التي طلبتها جاهزة. حمّلها من {link} بعد تسجيل الدخول حتى {date}، ثم تُحذف.',
      en: 'Hello {name},\nThe copy of your data you asked for is ready. Download it at {link} after signing in, until {date}; then it is removed.',
    },
  }),
  /**
   * An account's deletion is scheduled (by its owner, or by staff on a guardian's behalf): the day, and
   * how to keep the account. A minor without a phone is told through the guardian's.
   */
  account_deletion_scheduled: def({
    category: 'utility',
    whatsapp: true,
    params: ['name', 'date', 'link'],
    subject: { ar: 'سيُحذف حسابك', en: 'Your account will be deleted' },
    body: {
      ar: 'مرحبًا {name}،\nسيُحذف حسابك في المنصة وبياناته يوم {date} بناءً على طلب. إن أردت الاحتفاظ به فسجّل الدخول من {link} وألغِ الحذف قبل ذلك اليوم.',
      en: 'Hello {name},\nYour account on the platform and its data will be deleted on {date}, as requested. To keep it, sign in at {link} and cancel the deletion before that day.',
    },
  }),
  /** Staff's test from the back-office (settings): whether e-mail and WhatsApp reach a person. */
  test_message: def({
    category: 'utility',
    whatsapp: true,
    params: ['time'],
    subject: { ar: 'رسالة تجريبية', en: 'Test message' },
    body: {
      ar: 'هذه رسالة تجريبية أُرسلت في {time} للتأكد من وصول رسائل المنصة. لا يلزمك فعل شيء.',
      en: "This is a test message sent on {time} to check that the platform's messages arrive. Nothing is needed from you.",
    },
  }),
  /**
   * Staff's announcement (a broadcast) by WhatsApp: their subject and text, each on one line (Meta's
   * rule for a template parameter); the e-mail carries the text whole (announcement_email).
   */
  announcement: def({
    category: 'marketing',
    whatsapp: true,
    params: ['title', 'text'],
    subject: { ar: '{title}', en: '{title}' },
    body: {
      ar: 'مرحبًا،\nإعلان من المنصة: {title}\n\nالتفاصيل: {text}\n\nيمكنك إيقاف الإعلانات والتذكيرات من إعدادات حسابك.',
      en: 'Hello,\nAn announcement from the platform: {title}\n\nDetails: {text}\n\nYou can turn announcements and reminders off in your account settings.',
    },
  }),
  /** Staff's announcement by e-mail: their subject and their text as they wrote it (the footer offers to unsubscribe). */
  announcement_email: def({
    category: 'marketing',
    whatsapp: false,
    params: ['title', 'text'],
    subject: { ar: '{title}', en: '{title}' },
    body: { ar: '{text}', en: '{text}' },
  }),
} satisfies Record<string, MessageDef>;

export type MessageKind = keyof typeof MESSAGES;

export const isMessageKind = (kind: string): kind is MessageKind => Object.hasOwn(MESSAGES, kind);

/** `{key}` replaced by its value. */
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{([a-z_]+)\}/g, (whole, key: string) => (key in values ? values[key] : whole));

/**
 * A template parameter as WhatsApp accepts one: no new lines, tabs or runs of spaces (Meta refuses
 * them), at most 1,000 characters.
 */
export const templateParam = (value: string) => value.replace(/\s+/g, ' ').trim().slice(0, 1000);

/** A message of a kind in a language, with its values (every placeholder of the kind must be given). */
export function render<K extends MessageKind>(kind: K, lang: Lang, values: Record<string, string>): Rendered {
  const d: MessageDef = MESSAGES[kind];
  const missing = d.params.filter((p) => values[p] === undefined);
  if (missing.length) throw new Error(`message ${kind}: no value for ${missing.join(', ')}`);
  return {
    kind,
    lang,
    category: d.category,
    params: d.params.map((p) => templateParam(values[p])),
    subject: fill(d.subject[lang], values),
    body: fill(d.body[lang], values),
  };
}

/** A WhatsApp template message as its reader sees it: the kind's body with its parameters (each on one line). */
export function whatsappText(m: Pick<Rendered, 'kind' | 'lang' | 'params'>): string {
  const d: MessageDef = MESSAGES[m.kind];
  return fill(d.body[m.lang], Object.fromEntries(d.params.map((p, i) => [p, m.params[i] ?? ''])));
}

/** A number of days or minutes as each language counts them (Arabic: dual, 3–10 plural, 11+ singular). */
export function countedDays(lang: Lang, n: number): string {
  if (lang === 'en') return `${n} ${n === 1 ? 'day' : 'days'}`;
  return arabicCount(n, { one: 'يومًا واحدًا', two: 'يومين', few: 'أيام', many: 'يومًا', other: 'يوم' });
}

export function countedMinutes(lang: Lang, n: number): string {
  if (lang === 'en') return `${n} ${n === 1 ? 'minute' : 'minutes'}`;
  return arabicCount(n, { one: 'دقيقة واحدة', two: 'دقيقتين', few: 'دقائق', many: 'دقيقةً', other: 'دقيقة' });
}

/** Intl's six Arabic forms: 3–10 take a plural, 11–99 a singular accusative, 100, 1,000 … a singular genitive. */
function arabicCount(n: number, w: { one: string; two: string; few: string; many: string; other: string }): string {
  switch (pluralCategory('ar', n)) {
    case 'one':
      return w.one;
    case 'two':
      return w.two;
    case 'few':
      return `${n} ${w.few}`;
    case 'many':
      return `${n} ${w.many}`;
    default:
      return `${n} ${w.other}`;
  }
}

/** The typed constructors callers use: each picks the kind and computes the values in the language. */
export const templates = {
  verifyCode(lang: Lang, p: { code: string; minutes: number }): Rendered {
    return render('verification_code', lang, { code: p.code, minutes: countedMinutes(lang, p.minutes) });
  },
  resetCode(lang: Lang, p: { name: string; code: string; minutes: number }): Rendered {
    return render('password_reset_code', lang, {
      name: p.name,
      code: p.code,
      minutes: countedMinutes(lang, p.minutes),
    });
  },
  contactReply(lang: Lang, p: { name: string; reply: string; original: string }): Rendered {
    return render('contact_reply', lang, {
      name: p.name,
      reply: p.reply,
      original: p.original
        .split('\n')
        .map((l) => `> ${l}`)
        .join('\n'),
    });
  },
  /**
   * An invitation to a team. Only the platform's words and staff's (the competition's name): never the
   * team's name or the coach's, which a coach types (issue 29: no member's words in a message to another).
   */
  teamInvitation(
    lang: Lang,
    p: { name: string; teamNo: string; competition: string; role: 'member' | 'coach' | 'entity'; link: string },
  ): Rendered {
    const kind = (
      { member: 'team_invitation', coach: 'team_invitation_coach', entity: 'team_invitation_entity' } as const
    )[p.role];
    return render(kind, lang, { name: p.name, team_no: p.teamNo, competition: p.competition, link: p.link });
  },
  teamGuardianInvitation(
    lang: Lang,
    p: { student: string; teamNo: string; competition: string; link: string; days: number; childAccepted: boolean },
  ): Rendered {
    return render(p.childAccepted ? 'team_guardian_confirmation' : 'team_guardian_invitation', lang, {
      student: p.student,
      team_no: p.teamNo,
      competition: p.competition,
      days: countedDays(lang, p.days),
      link: p.link,
    });
  },
  teamChildDeclined(lang: Lang, p: { student: string; teamNo: string; competition: string }): Rendered {
    return render('team_child_declined', lang, { student: p.student, team_no: p.teamNo, competition: p.competition });
  },
  teamSignupInvite(lang: Lang, p: { link: string }): Rendered {
    return render('team_signup_invitation', lang, { link: p.link });
  },
  profileCorrection(lang: Lang, p: { approved: boolean; dob: string | null; grade: string | null }): Rendered {
    if (!p.approved) return render('profile_correction_declined', lang, {});
    const ar = lang === 'ar';
    const values = [
      ...(p.dob
        ? [ar ? `تاريخ الميلاد: ${formatDate(p.dob, 'ar')}` : `date of birth: ${formatDate(p.dob, 'en')}`]
        : []),
      ...(p.grade ? [ar ? `الصف الدراسي: ${p.grade}` : `grade: ${p.grade}`] : []),
    ];
    return render('profile_corrected', lang, { values: values.join(ar ? '، ' : ', ') });
  },
  teamDecision(
    lang: Lang,
    p: {
      name: string;
      teamNo: string;
      competition: string;
      decision: 'approved' | 'rejected' | 'changes_requested';
      reason: string | null;
    },
  ): Rendered {
    const values = { name: p.name, team_no: p.teamNo, competition: p.competition };
    if (p.decision === 'approved') return render('team_approved', lang, values);
    const kind = p.decision === 'rejected' ? 'team_rejected' : 'team_changes_requested';
    // The template ends the reason with a full stop.
    return render(kind, lang, { ...values, reason: (p.reason ?? '').trim().replace(/[.。]+$/, '') });
  },
  teamBackToApproval(lang: Lang, p: { name: string; teamNo: string; competition: string }): Rendered {
    return render('team_back_to_approval', lang, { name: p.name, team_no: p.teamNo, competition: p.competition });
  },
  teamPlaceOpened(lang: Lang, p: { name: string; teamNo: string; competition: string }): Rendered {
    return render('team_place_opened', lang, { name: p.name, team_no: p.teamNo, competition: p.competition });
  },
  teamWithdrawn(lang: Lang, p: { name: string; teamNo: string; competition: string }): Rendered {
    return render('team_withdrawn', lang, { name: p.name, team_no: p.teamNo, competition: p.competition });
  },
  /** A refund: a team's fee (its number and competition) or another payment (its invoice). */
  refunded(
    lang: Lang,
    p: {
      name: string;
      amount: string;
      currency: string;
      creditNote: string;
      invoice: string | null;
      team: { teamNo: string; competition: string } | null;
    },
  ): Rendered {
    const values = { name: p.name, amount: moneyText(lang, p.amount, p.currency), credit_note: p.creditNote };
    if (p.team)
      return render('team_fee_refunded', lang, { ...values, team_no: p.team.teamNo, competition: p.team.competition });
    return render('payment_refunded', lang, { ...values, invoice: p.invoice || '—' });
  },
  teamResult(
    lang: Lang,
    p: { name: string; teamNo: string; competition: string; rank: number; score: string },
  ): Rendered {
    return render('team_result', lang, {
      name: p.name,
      team_no: p.teamNo,
      competition: p.competition,
      rank: String(p.rank),
      // 180.50 is written 180.5, 99.00 is 99.
      score: String(Number(p.score)),
    });
  },
  certificateReady(lang: Lang, p: { name: string; certificate: string; link: string }): Rendered {
    return render('certificate_ready', lang, { name: p.name, certificate: p.certificate, link: p.link });
  },
  /** `days`: from today to the plan's last day `endDate` (YYYY-MM-DD) on the platform's clock. */
  planEnding(lang: Lang, p: { name: string; days: number; endDate: string; link: string }): Rendered {
    return render('plan_ending', lang, {
      name: p.name,
      days: countedDays(lang, p.days),
      date: formatDate(p.endDate, lang),
      link: p.link,
    });
  },
  dataCopyReady(lang: Lang, p: { name: string; link: string; until: Date }): Rendered {
    return render('data_copy_ready', lang, { name: p.name, link: p.link, date: formatDate(p.until, lang, 'long') });
  },
  accountDeletionScheduled(lang: Lang, p: { name: string; on: Date; link: string }): Rendered {
    return render('account_deletion_scheduled', lang, {
      name: p.name,
      date: formatDate(p.on, lang, 'long'),
      link: p.link,
    });
  },
  planEnded(lang: Lang, p: { name: string; endDate: string; link: string }): Rendered {
    return render('plan_ended', lang, { name: p.name, date: formatDate(p.endDate, lang), link: p.link });
  },
  registrationClosing(
    lang: Lang,
    p: { name: string; competition: string; closesAt: Date; teamNo: string; link: string },
  ): Rendered {
    const day = formatDate(p.closesAt, lang, 'long');
    const time = formatDate(p.closesAt, lang, 'clock');
    return render('registration_closing', lang, {
      name: p.name,
      competition: p.competition,
      closes: lang === 'ar' ? `${day} الساعة ${time} بتوقيت الرياض` : `${day} at ${time} (Riyadh time)`,
      team_no: p.teamNo,
      link: p.link,
    });
  },
  /** The moment on the platform's clock, in the language's words. */
  testMessage(lang: Lang, p: { at: Date }): Rendered {
    return render('test_message', lang, { time: formatDate(p.at, lang, 'time') });
  },
  /** Staff's broadcast in one language, by one channel (their words, never a member's). */
  announcement(lang: Lang, channel: 'whatsapp' | 'email', p: { subject: string; body: string }): Rendered {
    return render(channel === 'whatsapp' ? 'announcement' : 'announcement_email', lang, {
      title: p.subject,
      text: p.body,
    });
  },
};

/** An amount in a message: `200.00 ر.س` in Arabic, `SAR 200.00` in English (the contract's formatMoney, as every page writes it). */
export function moneyText(lang: Lang, amount: string | number, currency: string): string {
  return formatMoney(amount, currency, lang).replace(/\u00a0/g, ' ');
}
