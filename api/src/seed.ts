import { randomBytes } from 'node:crypto';
import { count, eq, inArray } from 'drizzle-orm';
import { hashPassword } from './auth/password';
import { ConfigError, type AppConfig } from './core/config';
import type { Db } from './core/database';
import {
  announcements,
  categories,
  certificates,
  competitions,
  contactMessages,
  events,
  orders,
  plans,
  posts,
  regions,
  seasons,
  settings,
  teamPeople,
  teams,
  users,
} from './db/schema';
import { STARTING_POLICIES } from './db/policies';

/** The 13 administrative regions of Saudi Arabia (ISO 3166-2:SA). */
export const SAUDI_REGIONS = [
  ['SA-01', 'Riyadh', 'الرياض'],
  ['SA-02', 'Makkah', 'مكة المكرمة'],
  ['SA-03', 'Madinah', 'المدينة المنورة'],
  ['SA-04', 'Eastern Province', 'المنطقة الشرقية'],
  ['SA-05', 'Al-Qassim', 'القصيم'],
  ['SA-06', "Ha'il", 'حائل'],
  ['SA-07', 'Tabuk', 'تبوك'],
  ['SA-08', 'Northern Borders', 'الحدود الشمالية'],
  ['SA-09', 'Jazan', 'جازان'],
  ['SA-10', 'Najran', 'نجران'],
  ['SA-11', 'Al-Bahah', 'الباحة'],
  ['SA-12', 'Al-Jawf', 'الجوف'],
  ['SA-14', 'Asir', 'عسير'],
] as const;

/** Demo members of the embedded mode, all with DEMO_PASSWORD (listed in the README). */
export const DEMO_PASSWORD = 'Demo-pass-2026';
export const DEMO_MEMBERS = [
  {
    name: 'Sara Student',
    nationalId: '1000000001',
    email: 'student@example.com',
    type: 0,
    subscription: true,
    isVerified: true,
  },
  {
    name: 'Khalid Coach',
    nationalId: '1000000002',
    email: 'coach@example.com',
    type: 1,
    dob: '1988-03-14',
    subscription: false,
    isVerified: true,
  },
  {
    name: 'Future School',
    nationalId: '0000000000',
    email: 'entity@school.example',
    type: 2,
    subscription: false,
    isVerified: true,
  },
  {
    name: 'Nora Unverified',
    nationalId: '1000000004',
    email: 'unverified@example.com',
    type: 0,
    subscription: true,
    isVerified: false,
  },
] as const;

export interface SeedLog {
  info(message: string): void;
  warn(message: string): void;
}

/** Idempotent: runs on every start, fills only what is missing. */
export async function seed(db: Db, config: AppConfig, log: SeedLog): Promise<void> {
  await db
    .insert(regions)
    .values(SAUDI_REGIONS.map(([code, enName, arName]) => ({ code, enName, arName })))
    .onConflictDoNothing();
  // The policies' starting text goes in with the row, once: staff's own text is never written over.
  await db
    .insert(settings)
    .values({ siteName: 'WRO', siteCopyright: '© WRO', ...STARTING_POLICIES })
    .onConflictDoNothing();
  await seedFirstAdmin(db, config, log);
  if (config.demo) await seedDemo(db, log);
}

/**
 * The first admin of an empty database: from ADMIN_EMAIL and ADMIN_PASSWORD. In production both are
 * required (no password is ever made up and written to a log there); in development a generated
 * password is printed once, and must be changed at the first sign-in.
 */
async function seedFirstAdmin(db: Db, config: AppConfig, log: SeedLog) {
  const [{ admins }] = await db.select({ admins: count() }).from(users).where(eq(users.type, 4));
  if (admins > 0) return;
  if (config.production && (!config.adminEmail || !config.adminPassword)) {
    throw new ConfigError(
      'ADMIN_EMAIL and ADMIN_PASSWORD',
      'are required when NODE_ENV=production and the database has no admin yet: the first admin is made from them (docs/deploy.md)',
    );
  }
  const email = (config.adminEmail ?? 'admin@example.com').toLowerCase();
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  const created = await db
    .insert(users)
    .values({
      name: 'Administrator',
      email,
      type: 4,
      isVerified: true,
      passwordHash: await hashPassword(password),
      passwordMustChange: !config.adminPassword,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  // Another instance starting at the same moment may have made it: only the password stored is shown.
  if (!created.length) return;
  if (config.adminPassword) log.info(`First admin created: ${email} (password from ADMIN_PASSWORD)`);
  else
    log.warn(
      `First admin created: ${email} / password: ${password}  (development only, shown once; to be changed at the first sign-in)`,
    );
}

async function seedDemo(db: Db, log: SeedLog) {
  const [{ existing }] = await db.select({ existing: count() }).from(plans);
  if (existing > 0) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [riyadh] = await db.select().from(regions).where(eq(regions.code, 'SA-01')).limit(1);
  await db.transaction(async (tx) => {
    const demoPlans = await tx
      .insert(plans)
      .values([
        {
          name: 'عضوية المدرب السنوية',
          nameEn: 'Coach annual membership',
          description: 'تفعيل حساب المدرب لموسم كامل',
          descriptionEn: 'Activates a coach account for a full season',
          originalPrice: '500.00',
          price: '350.00',
          duration: 1,
          durationType: 'year',
          type: 'coach',
          subtype: 'individual',
        },
        {
          name: 'عضوية الجهة السنوية',
          nameEn: 'Entity annual membership',
          description: 'تفعيل حساب الجهة لموسم كامل',
          descriptionEn: 'Activates an entity account for a full season',
          originalPrice: '2000.00',
          price: '1500.00',
          duration: 1,
          durationType: 'year',
          type: 'entity',
          subtype: 'school',
        },
      ])
      .returning();
    const inWeeks = (weeks: number) => new Date(Date.now() + weeks * 7 * 86_400_000);
    await tx.insert(events).values({
      name: 'أولمبياد الروبوت العالمي - التصفيات الوطنية',
      nameEn: 'World Robot Olympiad - National Finals',
      description: 'التصفيات الوطنية لأولمبياد الروبوت العالمي',
      descriptionEn: 'The national finals of the World Robot Olympiad',
      link: '',
      type: 'wro',
      eventDate: inWeeks(6),
      homeStatus: true,
      countdownStarted: true,
    });
    await tx.insert(announcements).values([
      { name: 'التسجيل مفتوح لموسم 2027', nameEn: 'Registration is open for the 2027 season', link: '/auth/join-us' },
      { name: 'ورشة تدريبية للمدربين', nameEn: 'Training workshop for coaches', link: '/blogs/' },
    ]);
    const [news] = await tx.insert(categories).values({ name: 'أخبار', nameEn: 'News' }).returning();
    await tx.insert(posts).values([
      {
        name: 'كيف تبني أول روبوت لك',
        nameEn: 'How to build your first robot',
        slug: 'how-to-build-your-first-robot',
        categoryId: news.id,
        shortDesc: 'خطوات بسيطة للبداية',
        shortDescEn: 'Simple steps to get started',
        description: '<p>ابدأ بمجموعة بسيطة وحدد هدفًا واضحًا.</p>',
        descriptionEn: '<p>Start with a simple kit and a clear goal.</p>',
      },
      {
        name: 'نتائج الموسم الماضي',
        nameEn: "Last season's results",
        slug: 'last-seasons-results',
        categoryId: news.id,
        shortDesc: 'تهانينا للفرق الفائزة',
        shortDescEn: 'Congratulations to the winning teams',
        description: '<p>تهانينا لجميع الفرق المشاركة.</p>',
        descriptionEn: '<p>Congratulations to every team that took part.</p>',
      },
    ]);
    const existingMembers = await tx
      .select({ nationalId: users.nationalId })
      .from(users)
      .where(
        inArray(
          users.email,
          DEMO_MEMBERS.map((m) => m.email),
        ),
      );
    if (existingMembers.length === 0) {
      await tx.insert(users).values(
        DEMO_MEMBERS.map((m) => ({
          ...m,
          passwordHash,
          phoneNumber: '+966500000000',
          nationality: 'SA',
          regionId: riyadh?.id ?? null,
          crNumber: m.type === 2 ? '1010000000' : null,
          entityType: m.type === 2 ? 'School' : null,
        })),
      );
      const [student] = await tx.select().from(users).where(eq(users.nationalId, DEMO_MEMBERS[0].nationalId));
      const [coach] = await tx.select().from(users).where(eq(users.nationalId, DEMO_MEMBERS[1].nationalId));
      const coachPlan = demoPlans.find((p) => p.type === 'coach')!;
      const snapshot = { name: coachPlan.name, name_en: coachPlan.nameEn, duration: 1, duration_type: 'year' };
      await tx.insert(orders).values([
        {
          userId: coach.id,
          planId: coachPlan.id,
          plan: snapshot,
          customerName: coach.name,
          email: coach.email ?? '',
          phone: '+966500000000',
          nationalId: coach.nationalId ?? '',
          total: coachPlan.price,
          method: 'card',
          status: 'failed',
          transactionRef: 'DEMO-0001',
          raw: { status: { code: -2, text: 'Declined' }, card: { type: 'Visa', last4: '0002' } },
        },
      ]);
      const [entity] = await tx.select().from(users).where(eq(users.email, 'entity@school.example'));
      const [s2025, s2026] = await tx
        .insert(seasons)
        .values([
          { name: 'موسم 2025', nameEn: 'Season 2025', createdAt: new Date('2025-01-01') },
          { name: 'موسم 2026', nameEn: 'Season 2026', createdAt: new Date('2026-01-01') },
        ])
        .returning();
      const [mission, innovators] = await tx
        .insert(competitions)
        .values([
          { name: 'مهمة الروبوت - المبتدئين', nameEn: 'RoboMission Junior' },
          { name: 'المبتكرون المستقبليون', nameEn: 'Future Innovators' },
        ])
        .returning();
      const demoTeams = await tx
        .insert(teams)
        .values([
          {
            teamNo: 'T-1001',
            seasonId: s2025.id,
            competitionId: mission.id,
            entityId: entity.id,
            paymentStatus: true,
            score: '182',
            ranked: 1,
          },
          {
            teamNo: 'T-1002',
            seasonId: s2026.id,
            competitionId: innovators.id,
            entityId: entity.id,
            paymentStatus: true,
          },
          { teamNo: 'T-1003', seasonId: s2026.id, competitionId: mission.id, paymentStatus: false },
        ])
        .returning();
      await tx.insert(teamPeople).values(
        demoTeams.flatMap((t) => [
          { teamId: t.id, userId: student.id, role: 'member' as const },
          { teamId: t.id, userId: coach.id, role: 'coach' as const },
        ]),
      );
      await tx.insert(contactMessages).values([
        {
          name: 'أم خالد',
          email: 'parent@example.com',
          phone: '+966500000010',
          message: 'متى يبدأ التسجيل في الموسم القادم؟',
        },
        {
          name: 'Riyadh Robotics Club',
          email: 'club@robotics.example',
          message: 'We would like to host a regional qualifier. Whom should we contact?',
        },
      ]);
      await tx.insert(certificates).values([
        {
          userId: student.id,
          name: 'شهادة مشاركة - أولمبياد الروبوت العالمي 2026',
          nameEn: 'Certificate of participation - World Robot Olympiad 2026',
          issuedOn: '2026-05-10',
        },
        {
          userId: student.id,
          name: 'إتمام دورة أساسيات البرمجة',
          nameEn: 'Completed: Programming basics course',
          issuedOn: '2026-02-01',
        },
      ]);
    }
  });
  log.info(
    `Demo content created (members: ${DEMO_MEMBERS.map((m) => (m.nationalId === '0000000000' ? m.email : m.nationalId)).join(', ')}; password ${DEMO_PASSWORD})`,
  );
}
