import { formatDate } from '@platform/contract';
import type { Lang } from '../common/i18n';

export interface Rendered {
  subject: string;
  body: string;
  html?: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function mailHtml(lang: Lang, paragraphs: string[], code?: string): string {
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const codeBlock = code
    ? `<p style="font-size:28px;letter-spacing:6px;font-weight:bold;direction:ltr;unicode-bidi:isolate">${escapeHtml(code)}</p>`
    : '';
  return `<!doctype html><html lang="${lang}" dir="${dir}"><body style="font-family:Arial,'Noto Naskh Arabic',sans-serif;direction:${dir}">${paragraphs
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('')}${codeBlock}</body></html>`;
}

/** A number of days in Arabic, counted as Arabic counts: يومًا واحدًا، يومين، 3 أيام، 11 يومًا. */
function arabicDays(n: number): string {
  if (n === 1) return 'يومًا واحدًا';
  if (n === 2) return 'يومين';
  const rest = n % 100;
  return rest >= 3 && rest <= 10 ? `${n} أيام` : `${n} يومًا`;
}

/** The texts of every outgoing message, in both languages; the member's language picks one. */
export const templates = {
  verifyCode(lang: Lang, p: { code: string; minutes: number }): Rendered {
    return lang === 'ar'
      ? {
          subject: 'رمز التحقق',
          body: `رمز التحقق الخاص بك هو ${p.code}. صالح لمدة ${p.minutes} دقائق. لا تشاركه مع أحد.`,
        }
      : {
          subject: 'Verification code',
          body: `Your verification code is ${p.code}. It is valid for ${p.minutes} minutes. Do not share it.`,
        };
  },
  resetCode(lang: Lang, p: { name: string; code: string; minutes: number }): Rendered {
    if (lang === 'ar') {
      const lines = [`مرحبًا ${p.name}،`, `استخدم الرمز التالي لإعادة تعيين كلمة المرور. صالح لمدة ${p.minutes} دقائق.`];
      const tail = 'إذا لم تطلب ذلك فتجاهل هذه الرسالة.';
      return {
        subject: 'إعادة تعيين كلمة المرور',
        body: `${lines.join('\n')}\n\n${p.code}\n\n${tail}`,
        html: mailHtml('ar', lines, p.code).replace('</body>', `<p>${tail}</p></body>`),
      };
    }
    const lines = [`Hello ${p.name},`, `Use this code to reset your password. It is valid for ${p.minutes} minutes.`];
    const tail = 'If you did not ask for this, ignore this message.';
    return {
      subject: 'Reset your password',
      body: `${lines.join('\n')}\n\n${p.code}\n\n${tail}`,
      html: mailHtml('en', lines, p.code).replace('</body>', `<p>${tail}</p></body>`),
    };
  },
  contactReply(lang: Lang, p: { name: string; reply: string; original: string }): Rendered {
    const [hello, wrote] = lang === 'ar' ? [`مرحبًا ${p.name}،`, 'رسالتك:'] : [`Hello ${p.name},`, 'Your message:'];
    const subject = lang === 'ar' ? 'رد على رسالتك' : 'Reply to your message';
    return {
      subject,
      body: `${hello}\n\n${p.reply}\n\n${wrote}\n> ${p.original.split('\n').join('\n> ')}`,
      html: mailHtml(lang, [hello, ...p.reply.split('\n'), wrote, ...p.original.split('\n')]),
    };
  },
  /**
   * An invitation to a team. Only the platform's words and staff's (the competition's name): never the
   * team's name or the coach's, which a coach types (issue 29: no member's words in a message to another).
   */
  teamInvitation(
    lang: Lang,
    p: { name: string; teamNo: string; competition: string; role: 'member' | 'coach' | 'entity'; link: string },
  ): Rendered {
    const lines =
      lang === 'ar'
        ? [
            `مرحبًا ${p.name}،`,
            p.role === 'entity'
              ? `سُجّل الفريق ${p.teamNo} في ${p.competition} باسم جهتكم. يرجى تأكيد أنه يمثلكم أو رفض ذلك.`
              : `وصلتك دعوة للانضمام إلى الفريق ${p.teamNo} في ${p.competition}${p.role === 'coach' ? ' مدربًا' : ''}.`,
            `اطّلع على الفريق وأجب عن الدعوة بعد تسجيل الدخول: ${p.link}`,
          ]
        : [
            `Hello ${p.name},`,
            p.role === 'entity'
              ? `The team ${p.teamNo} in ${p.competition} was registered for your organisation. Please confirm that it represents you, or decline.`
              : `You are invited to join the team ${p.teamNo} in ${p.competition}${p.role === 'coach' ? ' as a coach' : ''}.`,
            `Sign in to see the team and answer: ${p.link}`,
          ];
    return {
      subject: lang === 'ar' ? `دعوة إلى الفريق ${p.teamNo}` : `Invitation to team ${p.teamNo}`,
      body: lines.join('\n'),
      html: mailHtml(lang, lines),
    };
  },
  /**
   * A minor's invitation, to the guardian's phone: a single-use link to answer for them; when the
   * child has accepted already, the guardian is told so and confirms (or declines) the place.
   */
  teamGuardianInvitation(
    lang: Lang,
    p: { student: string; teamNo: string; competition: string; link: string; days: number; childAccepted: boolean },
  ): Rendered {
    const lines =
      lang === 'ar'
        ? [
            'مرحبًا،',
            p.childAccepted
              ? `قبِل ${p.student} دعوة للانضمام إلى الفريق ${p.teamNo} في ${p.competition}، ولا يُحجز مكانه إلا بموافقتك.`
              : `وصلت ${p.student} دعوة للانضمام إلى الفريق ${p.teamNo} في ${p.competition}.`,
            `بصفتك ولي الأمر، وافق أو ارفض من هذا الرابط (صالح ${arabicDays(p.days)}، ولمرة واحدة): ${p.link}`,
          ]
        : [
            'Hello,',
            p.childAccepted
              ? `${p.student} accepted an invitation to join the team ${p.teamNo} in ${p.competition}; the place is kept only with your agreement.`
              : `${p.student} is invited to join the team ${p.teamNo} in ${p.competition}.`,
            `As their guardian, accept or decline with this link (valid for ${p.days} ${p.days === 1 ? 'day' : 'days'}, once): ${p.link}`,
          ];
    return {
      subject:
        lang === 'ar' ? `دعوة ${p.student} إلى الفريق ${p.teamNo}` : `${p.student}: invitation to team ${p.teamNo}`,
      body: lines.join('\n'),
      html: mailHtml(lang, lines),
    };
  },
  /** The guardian is told that the child declined an invitation (nothing for them to do). */
  teamChildDeclined(lang: Lang, p: { student: string; teamNo: string; competition: string }): Rendered {
    const lines =
      lang === 'ar'
        ? ['مرحبًا،', `رفض ${p.student} دعوة الانضمام إلى الفريق ${p.teamNo} في ${p.competition}. لا يلزمك فعل شيء.`]
        : [
            'Hello,',
            `${p.student} declined the invitation to join the team ${p.teamNo} in ${p.competition}. Nothing is needed from you.`,
          ];
    return {
      subject: lang === 'ar' ? `الفريق ${p.teamNo}` : `Team ${p.teamNo}`,
      body: lines.join('\n'),
      html: mailHtml(lang, lines),
    };
  },
  /** A sign-up invitation to someone without an account: no coach's name or words. */
  teamSignupInvite(lang: Lang, p: { link: string }): Rendered {
    const lines =
      lang === 'ar'
        ? ['يرغب مدرب مسجّل في المنصة في ضمّك إلى فريقه.', `سجّل حساب طالب أولًا: ${p.link}`]
        : [
            'A coach registered on the platform would like you to join their team.',
            `Sign up as a student first: ${p.link}`,
          ];
    return {
      subject: lang === 'ar' ? 'دعوة للتسجيل' : 'Invitation to sign up',
      body: lines.join('\n'),
      html: mailHtml(lang, lines),
    };
  },
  /**
   * Staff's decision on a member's request to correct their date of birth or grade. Never the
   * member's own words (their reason), nor their name: a minor's message may go to the guardian.
   */
  profileCorrection(lang: Lang, p: { approved: boolean; dob: string | null; grade: string | null }): Rendered {
    const ar = lang === 'ar';
    const values = [
      ...(p.dob
        ? [ar ? `تاريخ الميلاد: ${formatDate(p.dob, 'ar')}` : `Date of birth: ${formatDate(p.dob, 'en')}`]
        : []),
      ...(p.grade ? [ar ? `الصف الدراسي: ${p.grade}` : `Grade: ${p.grade}`] : []),
    ];
    const lines = ar
      ? [
          'مرحبًا،',
          p.approved
            ? 'وافق فريق المنصة على طلب تصحيح بيانات حسابك، وأصبحت كما يلي:'
            : 'لم يوافق فريق المنصة على طلب تصحيح بيانات حسابك، فبقيت كما كانت. إن كانت بياناتك غير صحيحة فتواصل معنا من صفحة «اتصل بنا».',
          ...(p.approved ? values : []),
        ]
      : [
          'Hello,',
          p.approved
            ? 'Staff approved the correction you asked for. Your account now reads:'
            : 'Staff did not approve the correction you asked for, so your account stays as it was. If your details are wrong, please write to us through the contact page.',
          ...(p.approved ? values : []),
        ];
    return {
      subject: ar
        ? p.approved
          ? 'تم تصحيح بيانات حسابك'
          : 'لم يُقبل طلب التصحيح'
        : p.approved
          ? 'Your account was corrected'
          : 'Your correction request was declined',
      body: lines.join('\n'),
      html: mailHtml(lang, lines),
    };
  },
  /** Staff's decision on a team: approved, rejected or sent back for changes, with staff's reason. */
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
    const ar = {
      approved: `تم اعتماد الفريق ${p.teamNo} في ${p.competition}. بالتوفيق!`,
      rejected: `لم يُعتمد الفريق ${p.teamNo} في ${p.competition}.`,
      changes_requested: `طُلبت تعديلات على الفريق ${p.teamNo} في ${p.competition}. يعدّله المدرب ثم يعيد إرساله.`,
    };
    const en = {
      approved: `The team ${p.teamNo} in ${p.competition} was approved. Good luck!`,
      rejected: `The team ${p.teamNo} in ${p.competition} was not approved.`,
      changes_requested: `Changes were requested to the team ${p.teamNo} in ${p.competition}. The coach corrects it and sends it again.`,
    };
    const lines =
      lang === 'ar'
        ? [`مرحبًا ${p.name}،`, ar[p.decision], ...(p.reason ? [`الملاحظة: ${p.reason}`] : [])]
        : [`Hello ${p.name},`, en[p.decision], ...(p.reason ? [`Note: ${p.reason}`] : [])];
    const word =
      lang === 'ar'
        ? { approved: 'اعتماد', rejected: 'رفض', changes_requested: 'تعديلات على' }[p.decision]
        : { approved: 'approved', rejected: 'rejected', changes_requested: 'needs changes' }[p.decision];
    return {
      subject: lang === 'ar' ? `${word} الفريق ${p.teamNo}` : `Team ${p.teamNo} ${word}`,
      body: lines.join('\n'),
      html: mailHtml(lang, lines),
    };
  },
  /** An approved team was changed by its coach: it waits for staff's approval again. */
  teamBackToApproval(lang: Lang, p: { name: string; teamNo: string; competition: string }): Rendered {
    const lines =
      lang === 'ar'
        ? [
            `مرحبًا ${p.name}،`,
            `عدّل المدرب الفريق ${p.teamNo} في ${p.competition} بعد اعتماده، فعاد الفريق إلى انتظار الاعتماد.`,
          ]
        : [
            `Hello ${p.name},`,
            `The coach changed the team ${p.teamNo} in ${p.competition} after its approval: it is waiting for approval again.`,
          ];
    return {
      subject: lang === 'ar' ? `الفريق ${p.teamNo} بانتظار الاعتماد` : `Team ${p.teamNo} waiting for approval`,
      body: lines.join('\n'),
      html: mailHtml(lang, lines),
    };
  },
  /** A team on the registration's waiting list got a place (another team withdrew or was not approved). */
  teamPlaceOpened(lang: Lang, p: { name: string; teamNo: string; competition: string }): Rendered {
    const lines =
      lang === 'ar'
        ? [
            `مرحبًا ${p.name}،`,
            `أصبح للفريق ${p.teamNo} مكان في ${p.competition} بعد أن كان على قائمة الانتظار. يستطيع المدرب الآن إكمال تسجيله.`,
          ]
        : [
            `Hello ${p.name},`,
            `The team ${p.teamNo} now has a place in ${p.competition}; it was on the waiting list. The coach can now complete its registration.`,
          ];
    return {
      subject: lang === 'ar' ? `مكان للفريق ${p.teamNo}` : `A place for team ${p.teamNo}`,
      body: lines.join('\n'),
      html: mailHtml(lang, lines),
    };
  },
};
