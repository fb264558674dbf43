import type { AppMessages, en } from './en';
import { raArabic } from './ra-ar';

const app: AppMessages = {
  title: 'لوحة الإدارة',
  language: 'اللغة',
  theme: { label: 'المظهر', light: 'فاتح', dark: 'داكن', auto: 'تلقائي (حسب النظام)' },
  login: {
    title: 'تسجيل الدخول إلى لوحة الإدارة',
    email: 'البريد الإلكتروني',
    password: 'كلمة المرور',
    sign_in: 'تسجيل الدخول',
    forgot: 'نسيت كلمة المرور؟',
    fields_empty: 'يرجى تعبئة جميع الحقول، البريد الإلكتروني أو كلمة المرور فارغة!',
    failed: 'فشل تسجيل الدخول',
    unknown_error: 'خطأ غير معروف',
  },
  dashboard: {
    welcome: 'مرحبًا، %{name}',
    intro: 'أدر الأعضاء والفعاليات والمحتوى من القائمة.',
    role_admin: 'مسجل الدخول بصفة مدير',
    role_sub_admin: 'مسجل الدخول بصفة مدير مساعد: يمكنك عرض المستخدمين وإدارتهم.',
  },
  menu: { dashboard: 'لوحة التحكم', users: 'المستخدمون', events: 'الفعاليات' },
  user_type: { student: 'طالب', coach: 'مدرب', entity: 'جهة' },
  subscription: { active: 'نشط', inactive: 'غير نشط' },
  empty: 'لا يوجد ما يُعرض بعد.',
};

export const ar: typeof en = {
  ...raArabic,
  app,
  resources: {
    users: {
      name: 'المستخدمون',
      fields: {
        picture: 'الصورة',
        name: 'الاسم',
        national_id: 'رقم الهوية',
        email: 'البريد الإلكتروني',
        phone_number: 'الجوال',
        type: 'النوع',
        crNumber: 'رقم السجل التجاري',
        subcription: 'الاشتراك',
        isVerified: 'موثّق',
        start_date: 'البداية',
        end_date: 'النهاية',
        nationality: 'الجنسية',
        gender: 'الجنس',
        dob: 'تاريخ الميلاد',
        guardian_name: 'اسم ولي الأمر',
        guardian_phone: 'جوال ولي الأمر',
        created_at: 'تاريخ الانضمام',
        q: 'بحث',
      },
    },
    events: {
      name: 'الفعاليات',
      fields: {
        name: 'الاسم',
        name_en: 'الاسم بالإنجليزية',
        type: 'النوع',
        link: 'الرابط',
        event_date: 'تاريخ الفعالية',
        status: 'الحالة',
        home_status: 'العرض في الرئيسية',
        countdownStarted: 'العد التنازلي',
        q: 'بحث',
      },
    },
  },
};
