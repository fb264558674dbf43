/**
 * The privacy policy and terms a fresh install starts with (both languages), so the pages are never
 * empty. Written once, with the settings row, on the first start; staff edit them in the back-office
 * (Settings) and the seed never writes them again.
 */
export const STARTING_POLICIES = {
  privacyEn: `<p>This platform runs education and robotics competitions. This policy says what we collect, why, and what you can ask of us. The version you accepted at sign-up is kept with your account.</p>
<h2>What we collect</h2>
<ul>
<li>Account details: name, national ID, date of birth, nationality, e-mail, mobile number, region and city.</li>
<li>For students: school, level and grade, and a parent's or guardian's name and mobile number.</li>
<li>For coaches and organisations: qualification, the organisation's details and its supervisor's contact details.</li>
<li>What you add: a picture, skills, certificates, research, teams and results; payments for plans (we never see or keep card numbers).</li>
</ul>
<h2>Why</h2>
<p>To run your account, verify your mobile number, register teams and publish results, issue invoices and tell you about the competitions. We do not sell your data or use it for advertising.</p>
<h2>Children's data</h2>
<p>A student under 18 registers with the consent of a parent or guardian, whose name and mobile number we keep; the consent is recorded with its time. A minor's public profile stays hidden until the member or the guardian turns it on in the account settings, and then shows only the name, picture and achievements. A guardian may ask at any time to see, correct or delete a child's data.</p>
<h2>Who sees it</h2>
<p>The platform's staff, to run the competitions; the payment provider, for payments; the services that deliver our messages (WhatsApp and e-mail). Nothing else is shared unless the law requires it.</p>
<h2>Keeping and deleting</h2>
<p>We keep your data while your account is open. Some things are removed sooner: a sign-up whose mobile number was never verified after 72 hours, the record of a signed-out session after 30 days, and the text of the messages we sent you after 90 days.</p>
<h2>Your rights</h2>
<ul>
<li><strong>A copy of your data.</strong> In your account settings, under "Your data", ask for a copy of everything we hold about you: your profile, consents, teams, results, certificates, orders and the messages we sent you, with the files you uploaded. It is prepared within minutes and can be downloaded once, for 7 days.</li>
<li><strong>Correcting it.</strong> Change your details in your account, or ask for a correction of your date of birth or grade there.</li>
<li><strong>Deleting your account.</strong> In your account settings, under "Delete my account", with your password. Your account is deleted 7 days later, and until then you can cancel. Your profile, pictures, files, skills, certificates and messages are removed and you can no longer sign in. We keep your invoices and credit notes for as long as the tax law requires, and the record of what staff did; your teams keep their results without your details.</li>
<li><strong>For a child.</strong> A parent or guardian can ask us through the contact page to delete a child's account; we check who they are first.</li>
</ul>
<h2>Contact</h2>
<p>For questions and requests, write to us through the <a href="/contact">contact page</a> and say whether you are the member or the guardian.</p>`,
  privacy: `<p>تدير هذه المنصة مسابقات تعليمية ومسابقات في الروبوت. توضح هذه السياسة البيانات التي نجمعها ولماذا، وما يحق لك أن تطلبه منا. وتُحفظ مع حسابك النسخة التي وافقت عليها عند التسجيل.</p>
<h2>البيانات التي نجمعها</h2>
<ul>
<li>بيانات الحساب: الاسم، ورقم الهوية، وتاريخ الميلاد، والجنسية، والبريد الإلكتروني، ورقم الجوال، والمنطقة والمدينة.</li>
<li>للطلاب: المدرسة والمرحلة والصف، واسم أحد الوالدين أو ولي الأمر ورقم جواله.</li>
<li>للمدربين والجهات: المؤهل، وبيانات الجهة، وبيانات التواصل مع المشرف.</li>
<li>ما تضيفه بنفسك: الصورة، والمهارات، والشهادات، والأبحاث، والفرق والنتائج؛ ومدفوعات الباقات (لا نطّلع على أرقام البطاقات ولا نحفظها).</li>
</ul>
<h2>لماذا نجمعها</h2>
<p>لإدارة حسابك، والتحقق من رقم جوالك، وتسجيل الفرق ونشر النتائج، وإصدار الفواتير، وإبلاغك بما يخص المسابقات. لا نبيع بياناتك ولا نستخدمها للإعلان.</p>
<h2>بيانات الأطفال</h2>
<p>يسجّل الطالب دون 18 عامًا بموافقة أحد والديه أو ولي أمره، ونحفظ اسم ولي الأمر ورقم جواله، وتُسجَّل الموافقة مع وقتها. ويبقى الملف العام للقاصر مخفيًا حتى يفعّله العضو أو ولي أمره من إعدادات الحساب، وعندها لا يظهر فيه إلا الاسم والصورة والإنجازات. ويحق لولي الأمر في أي وقت أن يطلب الاطلاع على بيانات الطفل أو تصحيحها أو حذفها.</p>
<h2>من يطّلع عليها</h2>
<p>فريق المنصة لإدارة المسابقات؛ ومزوّد الدفع لإتمام المدفوعات؛ والخدمات التي توصل رسائلنا (واتساب والبريد الإلكتروني). ولا نشارك شيئًا غير ذلك إلا إذا أوجبه النظام.</p>
<h2>حفظ البيانات وحذفها</h2>
<p>نحتفظ ببياناتك ما دام حسابك قائمًا، ونحذف بعضها قبل ذلك: التسجيل الذي لم يُوثَّق رقم جواله بعد 72 ساعة، وسجل الجلسة المنتهية بعد 30 يومًا، ونصوص الرسائل التي أرسلناها إليك بعد 90 يومًا.</p>
<h2>حقوقك</h2>
<ul>
<li><strong>نسخة من بياناتك.</strong> من إعدادات حسابك، في قسم «بياناتك»، اطلب نسخة من كل ما نحفظه عنك: ملفك الشخصي وموافقاتك وفرقك ونتائجك وشهاداتك وطلباتك والرسائل التي أرسلناها إليك، مع الملفات التي رفعتها. تُجهَّز خلال دقائق، ويمكن تنزيلها مرة واحدة خلال 7 أيام.</li>
<li><strong>تصحيحها.</strong> عدّل بياناتك من حسابك، أو اطلب من هناك تصحيح تاريخ الميلاد أو الصف.</li>
<li><strong>حذف حسابك.</strong> من إعدادات حسابك، في قسم «حذف حسابي»، بإدخال كلمة المرور. يُحذف حسابك بعد 7 أيام، ويمكنك إلغاء الحذف حتى ذلك الحين. تُحذف بيانات ملفك الشخصي وصورك وملفاتك ومهاراتك وشهاداتك ورسائلك، ولن تتمكن من تسجيل الدخول. ونحتفظ بفواتيرك وإشعاراتك الدائنة المدة التي يوجبها نظام الضريبة، وبسجل ما قام به فريق المنصة، وتحتفظ فرقك بنتائجها دون بياناتك.</li>
<li><strong>للطفل.</strong> يمكن لأحد الوالدين أو ولي الأمر أن يطلب عبر صفحة التواصل حذف حساب الطفل، ونتحقق من هويته أولًا.</li>
</ul>
<h2>التواصل</h2>
<p>للاستفسارات والطلبات راسلنا عبر <a href="/contact">صفحة التواصل</a>، واذكر هل أنت العضو أم ولي أمره.</p>`,
  termsConditionsEn: `<p>By registering you accept these terms and the privacy policy. The version you accepted is kept with your account.</p>
<h2>Accounts</h2>
<ul>
<li>Give true details, keep one account per person and keep your password to yourself.</li>
<li>A student under 18 registers with the consent of a parent or guardian, who is responsible for the student's use of the platform.</li>
</ul>
<h2>Competitions and content</h2>
<p>Team registrations, results and certificates follow the rules of each competition as its organisers publish them. Upload only what you have the right to share, and nothing unlawful or harmful.</p>
<h2>Plans and payments</h2>
<p>Coach and organisation plans are paid in advance for the period shown. Prices include VAT, and every payment has an invoice.</p>
<h2>Closing an account</h2>
<p>The organisers may disable an account that breaks these terms. You may ask to close your account at any time.</p>
<h2>Changes</h2>
<p>A new version of these terms applies from the day it is published here.</p>
<h2>Contact</h2>
<p>Write to us through the <a href="/contact">contact page</a>.</p>`,
  termsConditions: `<p>بتسجيلك في المنصة فإنك توافق على هذه الشروط وعلى سياسة الخصوصية، وتُحفظ مع حسابك النسخة التي وافقت عليها.</p>
<h2>الحسابات</h2>
<ul>
<li>أدخل بيانات صحيحة، ولكل شخص حساب واحد، واحفظ كلمة المرور لنفسك.</li>
<li>يسجّل الطالب دون 18 عامًا بموافقة أحد والديه أو ولي أمره، ويكون ولي الأمر مسؤولًا عن استخدام الطالب للمنصة.</li>
</ul>
<h2>المسابقات والمحتوى</h2>
<p>يخضع تسجيل الفرق والنتائج والشهادات لقواعد كل مسابقة كما ينشرها منظموها. لا ترفع إلا ما يحق لك مشاركته، ولا شيئًا مخالفًا للنظام أو ضارًا.</p>
<h2>الباقات والمدفوعات</h2>
<p>تُدفع باقات المدربين والجهات مقدمًا عن المدة المبيّنة، وتشمل الأسعار ضريبة القيمة المضافة، ولكل عملية دفع فاتورة.</p>
<h2>إيقاف الحساب</h2>
<p>يحق للمنظمين إيقاف أي حساب يخالف هذه الشروط، ويمكنك طلب إغلاق حسابك في أي وقت.</p>
<h2>التعديلات</h2>
<p>تسري النسخة الجديدة من هذه الشروط من يوم نشرها هنا.</p>
<h2>التواصل</h2>
<p>راسلنا عبر <a href="/contact">صفحة التواصل</a>.</p>`,
};
