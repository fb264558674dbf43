/** Every message the API sends to a person, in English and Arabic. The member's language picks one. */
export const en = {
  'auth.fields_empty': 'Please fill in all fields, National ID or Password is Empty!',
  'auth.admin_fields_empty': 'Please fill in all fields, Email Address or Password is Empty!',
  'auth.invalid_credentials': 'The ID or password is incorrect.',
  'auth.unknown_type': 'Unknown account type.',
  'auth.account_disabled': 'This account is disabled. Please contact the administrator.',
  'auth.signup_closed': 'Sign-up is not open yet.',
  'auth.unauthorized': 'Please sign in to continue.',
  'auth.session_ended': 'Your session has ended. Please sign in again.',
  'auth.forbidden': 'You are not allowed to do this.',
  'auth.signed_in': 'Sign in Suucessfully!',
  'auth.signed_out': 'Sign out Suucessfully!',
  'request.malformed_json': 'The request body is not valid JSON.',
  'request.too_large': 'The request is too large.',
  'request.invalid_field': 'The field "{field}" is missing or invalid.',
  'request.bad_query': 'The list parameter "{param}" is invalid.',
  'request.not_found': 'Not found.',
  'request.too_many': 'Too many attempts. Please wait a minute and try again.',
  'request.bad': 'The request is invalid.',
  'server.unavailable': 'The service is temporarily unavailable. Please try again shortly.',
  'server.error': 'Somthing went Wrong! Try Again Later or Contact Administrator',
} as const;

export type MessageKey = keyof typeof en;

export const ar: Record<MessageKey, string> = {
  'auth.fields_empty': 'يرجى تعبئة جميع الحقول، رقم الهوية أو كلمة المرور فارغة!',
  'auth.admin_fields_empty': 'يرجى تعبئة جميع الحقول، البريد الإلكتروني أو كلمة المرور فارغة!',
  'auth.invalid_credentials': 'رقم الهوية أو كلمة المرور غير صحيحة.',
  'auth.unknown_type': 'نوع الحساب غير معروف.',
  'auth.account_disabled': 'هذا الحساب معطّل. يرجى التواصل مع الإدارة.',
  'auth.signup_closed': 'التسجيل غير متاح بعد.',
  'auth.unauthorized': 'يرجى تسجيل الدخول للمتابعة.',
  'auth.session_ended': 'انتهت جلستك. يرجى تسجيل الدخول مرة أخرى.',
  'auth.forbidden': 'ليست لديك صلاحية للقيام بذلك.',
  'auth.signed_in': 'تم تسجيل الدخول بنجاح!',
  'auth.signed_out': 'تم تسجيل الخروج بنجاح!',
  'request.malformed_json': 'محتوى الطلب ليس بصيغة JSON صحيحة.',
  'request.too_large': 'حجم الطلب كبير جدًا.',
  'request.invalid_field': 'الحقل "{field}" مفقود أو غير صالح.',
  'request.bad_query': 'معامل القائمة "{param}" غير صالح.',
  'request.not_found': 'غير موجود.',
  'request.too_many': 'محاولات كثيرة جدًا. يرجى الانتظار دقيقة ثم المحاولة مرة أخرى.',
  'request.bad': 'الطلب غير صالح.',
  'server.unavailable': 'الخدمة غير متاحة مؤقتًا. يرجى المحاولة بعد قليل.',
  'server.error': 'حدث خطأ ما! حاول مرة أخرى لاحقًا أو تواصل مع الإدارة',
};

export type Lang = 'en' | 'ar';

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(en, key);
}

export function translate(lang: Lang, key: MessageKey, params: Record<string, string | number> = {}): string {
  const template = (lang === 'ar' ? ar : en)[key];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** The language of a request: `ar` when the Accept-Language header asks for Arabic first, else English. */
export function langOf(acceptLanguage: string | undefined): Lang {
  const first = (acceptLanguage || '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('ar') ? 'ar' : 'en';
}
