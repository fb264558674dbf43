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
  teamInvitation(
    lang: Lang,
    p: { name: string; team: string; teamNo: string; coach: string; role: 'member' | 'coach' | 'entity'; link: string },
  ): Rendered {
    const lines =
      lang === 'ar'
        ? [
            `مرحبًا ${p.name}،`,
            p.role === 'entity'
              ? `سجّل المدرب ${p.coach} الفريق «${p.team}» (${p.teamNo}) باسم جهتكم. يرجى تأكيد أنه يمثلكم.`
              : `دعاك المدرب ${p.coach} للانضمام إلى الفريق «${p.team}» (${p.teamNo})${p.role === 'coach' ? ' مدربًا' : ''}.`,
            `اقبل الدعوة أو ارفضها من صفحتك الرئيسية: ${p.link}`,
          ]
        : [
            `Hello ${p.name},`,
            p.role === 'entity'
              ? `Coach ${p.coach} registered the team "${p.team}" (${p.teamNo}) for your entity. Please confirm that it represents you.`
              : `Coach ${p.coach} invited you to join the team "${p.team}" (${p.teamNo})${p.role === 'coach' ? ' as a coach' : ''}.`,
            `Accept or decline on your home page: ${p.link}`,
          ];
    return {
      subject: lang === 'ar' ? `دعوة إلى الفريق ${p.teamNo}` : `Invitation to team ${p.teamNo}`,
      body: lines.join('\n'),
      html: mailHtml(lang, lines),
    };
  },
  /** A minor's invitation, to the guardian's phone: a single-use link to accept or decline for them. */
  teamGuardianInvitation(
    lang: Lang,
    p: {
      student: string;
      team: string;
      teamNo: string;
      coach: string;
      competition: string;
      link: string;
      days: number;
    },
  ): Rendered {
    const lines =
      lang === 'ar'
        ? [
            'مرحبًا،',
            `دعا المدرب ${p.coach} ${p.student} للانضمام إلى الفريق «${p.team}» (${p.teamNo}) في ${p.competition}.`,
            `بصفتك ولي الأمر، اقبل الدعوة أو ارفضها من هذا الرابط (صالح ${p.days} أيام ولمرة واحدة): ${p.link}`,
          ]
        : [
            'Hello,',
            `Coach ${p.coach} invited ${p.student} to join the team "${p.team}" (${p.teamNo}) in ${p.competition}.`,
            `As their guardian, accept or decline with this link (valid for ${p.days} days, once): ${p.link}`,
          ];
    return {
      subject:
        lang === 'ar' ? `دعوة ${p.student} إلى الفريق ${p.teamNo}` : `${p.student}: invitation to team ${p.teamNo}`,
      body: lines.join('\n'),
      html: mailHtml(lang, lines),
    };
  },
  teamSignupInvite(lang: Lang, p: { coach: string; link: string }): Rendered {
    const lines =
      lang === 'ar'
        ? [`يدعوك المدرب ${p.coach} للانضمام إلى فريقه.`, `سجّل حساب طالب أولًا: ${p.link}`]
        : [`Coach ${p.coach} would like you to join their team.`, `Sign up as a student first: ${p.link}`];
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
  teamDecision(
    lang: Lang,
    p: { name: string; team: string; teamNo: string; approved: boolean; reason: string | null },
  ): Rendered {
    const lines =
      lang === 'ar'
        ? [
            `مرحبًا ${p.name}،`,
            p.approved
              ? `تم اعتماد الفريق «${p.team}» (${p.teamNo}). بالتوفيق!`
              : `لم يُعتمد الفريق «${p.team}» (${p.teamNo}).`,
            ...(p.reason ? [`السبب: ${p.reason}`] : []),
          ]
        : [
            `Hello ${p.name},`,
            p.approved
              ? `The team "${p.team}" (${p.teamNo}) was approved. Good luck!`
              : `The team "${p.team}" (${p.teamNo}) was not approved.`,
            ...(p.reason ? [`Reason: ${p.reason}`] : []),
          ];
    const word = lang === 'ar' ? (p.approved ? 'اعتماد' : 'رفض') : p.approved ? 'approved' : 'rejected';
    return {
      subject: lang === 'ar' ? `${word} الفريق ${p.teamNo}` : `Team ${p.teamNo} ${word}`,
      body: lines.join('\n'),
      html: mailHtml(lang, lines),
    };
  },
};
