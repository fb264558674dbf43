/** Every message the API sends to a person, in English and Arabic. The member's language picks one. */
export const en = {
  'auth.fields_empty': 'Please fill in all fields, National ID or Password is Empty!',
  'auth.admin_fields_empty': 'Please fill in all fields, Email Address or Password is Empty!',
  'auth.invalid_credentials': 'The ID or password is incorrect.',
  'auth.unknown_type': 'Unknown account type.',
  'auth.account_disabled': 'This account is disabled. Please contact the administrator.',
  'auth.unauthorized': 'Please sign in to continue.',
  'auth.session_ended': 'Your session has ended. Please sign in again.',
  'auth.forbidden': 'You are not allowed to do this.',
  'auth.signed_in': 'Sign in Suucessfully!',
  'auth.signed_out': 'Sign out Suucessfully!',
  'signup.registered': 'Registration Successfully!',
  'signup.fields_empty': 'Please fill in all fields...',
  'signup.entity_fields_empty': 'Please Fill Empty Fields',
  'signup.national_id': 'The National ID must be exactly 10 digits.',
  'signup.phone': 'Please Enter a Vaild Phone Number',
  'signup.password_mismatch': 'Password is not matched',
  'signup.password_weak': 'The password must be at least 8 characters long.',
  'signup.email': 'Please enter a valid e-mail address.',
  'signup.business_email': 'Only Business Email is Allowed',
  'signup.duplicate_national_id': 'This National ID is already registered. Please sign in instead.',
  'signup.duplicate_email': 'This e-mail is already registered. Please sign in instead.',
  'signup.researcher_closed': 'Researcher registration is not open yet.',
  'signup.bad_date': 'Please enter a valid date of birth.',
  'signup.bad_country': 'Please choose a nationality from the list.',
  'signup.bad_region': 'Please choose a region from the list.',
  'otp.sent': 'Verification Code Send to your Phone Number',
  'otp.user_not_found': 'User is not Found',
  'otp.incorrect': 'Incorrect Code',
  'otp.expired': 'The code has expired. Please ask for a new one.',
  'otp.too_many_tries': 'Too many wrong codes. Please ask for a new one.',
  'otp.verified': 'Verification Done Successfully',
  'otp.already_verified': 'This account is already verified. Please sign in.',
  'reset.sent': 'Reset Password Mail send to your email!',
  'reset.email_required': 'Please enter your e-mail address.',
  'reset.done': 'Password Update Successfully',
  'reset.link_expired': 'This reset has expired. Please start again.',
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
  'auth.unauthorized': 'يرجى تسجيل الدخول للمتابعة.',
  'auth.session_ended': 'انتهت جلستك. يرجى تسجيل الدخول مرة أخرى.',
  'auth.forbidden': 'ليست لديك صلاحية للقيام بذلك.',
  'auth.signed_in': 'تم تسجيل الدخول بنجاح!',
  'auth.signed_out': 'تم تسجيل الخروج بنجاح!',
  'signup.registered': 'تم التسجيل بنجاح!',
  'signup.fields_empty': 'يرجى تعبئة جميع الحقول...',
  'signup.entity_fields_empty': 'يرجى تعبئة الحقول الفارغة',
  'signup.national_id': 'يجب أن يتكون رقم الهوية من 10 أرقام بالضبط.',
  'signup.phone': 'يرجى إدخال رقم جوال صحيح',
  'signup.password_mismatch': 'كلمتا المرور غير متطابقتين',
  'signup.password_weak': 'يجب ألا تقل كلمة المرور عن 8 أحرف.',
  'signup.email': 'يرجى إدخال بريد إلكتروني صحيح.',
  'signup.business_email': 'يُسمح فقط بالبريد الإلكتروني الخاص بالجهة',
  'signup.duplicate_national_id': 'رقم الهوية هذا مسجل مسبقًا. يرجى تسجيل الدخول.',
  'signup.duplicate_email': 'هذا البريد الإلكتروني مسجل مسبقًا. يرجى تسجيل الدخول.',
  'signup.researcher_closed': 'تسجيل الباحثين غير متاح بعد.',
  'signup.bad_date': 'يرجى إدخال تاريخ ميلاد صحيح.',
  'signup.bad_country': 'يرجى اختيار الجنسية من القائمة.',
  'signup.bad_region': 'يرجى اختيار المنطقة من القائمة.',
  'otp.sent': 'تم إرسال رمز التحقق إلى رقم جوالك',
  'otp.user_not_found': 'المستخدم غير موجود',
  'otp.incorrect': 'الرمز غير صحيح',
  'otp.expired': 'انتهت صلاحية الرمز. يرجى طلب رمز جديد.',
  'otp.too_many_tries': 'عدد كبير من المحاولات الخاطئة. يرجى طلب رمز جديد.',
  'otp.verified': 'تم التحقق بنجاح',
  'otp.already_verified': 'هذا الحساب موثّق مسبقًا. يرجى تسجيل الدخول.',
  'reset.sent': 'تم إرسال رسالة إعادة تعيين كلمة المرور إلى بريدك الإلكتروني!',
  'reset.email_required': 'يرجى إدخال بريدك الإلكتروني.',
  'reset.done': 'تم تحديث كلمة المرور بنجاح',
  'reset.link_expired': 'انتهت صلاحية طلب إعادة التعيين. يرجى البدء من جديد.',
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
