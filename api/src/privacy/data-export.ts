import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { asc, eq, getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';
import type { Db } from '../core/database';
import {
  certificates,
  competitions,
  judgeApplications,
  orders,
  outbox,
  profileCorrections,
  refunds,
  regions,
  research,
  seasons,
  sessions,
  skills,
  teamPeople,
  teams,
  users,
  type StoredFile,
} from '../db/schema';
import type { UploadStore } from '../media/upload-store';

/** Columns never given out, even to their owner: secrets and the platform's own bookkeeping. */
const INTERNAL = /hash|token|secret|_csv$|cursor/i;

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A row as the archive shows it: snake_case names, dates as ISO strings, no secrets. */
function clean(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    const name = snake(key);
    if (INTERNAL.test(name)) continue;
    out[name] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

/** Every row of `table` whose `column` is the member, oldest first, cleaned. */
async function rowsOf<T extends Table>(db: Db, table: T, column: keyof InferSelectModel<T>, userId: string) {
  const columns = getTableColumns(table) as Record<string, Parameters<typeof eq>[0]>;
  const rows = await db
    .select()
    .from(table as Table)
    .where(eq(columns[column as string], userId))
    .orderBy(asc(columns.createdAt ?? columns.id));
  return (rows as Record<string, unknown>[]).map(clean);
}

/** What the platform holds about one member, as one JSON document (data.json in the archive). */
export async function collectData(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const [region] = user.regionId ? await db.select().from(regions).where(eq(regions.id, user.regionId)) : [];
  const memberships = await db
    .select({ person: teamPeople, team: teams, season: seasons, competition: competitions })
    .from(teamPeople)
    .innerJoin(teams, eq(teams.id, teamPeople.teamId))
    .innerJoin(seasons, eq(seasons.id, teams.seasonId))
    .innerJoin(competitions, eq(competitions.id, teams.competitionId))
    .where(eq(teamPeople.userId, userId))
    .orderBy(asc(teams.createdAt));
  const account = clean(user);
  const consents = {
    terms_accepted_at: account.terms_accepted_at ?? null,
    terms_version: account.terms_version ?? null,
    guardian_consent_at: account.guardian_consent_at ?? null,
    public_profile: account.public_profile ?? null,
    announcements_off_since: account.unsubscribed_at ?? null,
  };
  return {
    exported_at: new Date().toISOString(),
    account: { ...account, region: region ? { name: region.arName, name_en: region.enName } : null },
    consents,
    teams: memberships.map((m) => ({
      ...clean(m.person),
      team: {
        name: m.team.name,
        number: m.team.teamNo,
        state: m.team.state,
        score: m.team.score,
        rank: m.team.ranked,
        season: { name: m.season.name, name_en: m.season.nameEn },
        competition: { name: m.competition.name, name_en: m.competition.nameEn },
      },
    })),
    certificates: await rowsOf(db, certificates, 'userId', userId),
    orders: await rowsOf(db, orders, 'userId', userId),
    refunds: (
      await db
        .select({ refund: refunds })
        .from(refunds)
        .innerJoin(orders, eq(orders.id, refunds.orderId))
        .where(eq(orders.userId, userId))
        .orderBy(asc(refunds.createdAt))
    ).map((r) => clean(r.refund)),
    messages: await rowsOf(db, outbox, 'userId', userId),
    skills: await rowsOf(db, skills, 'userId', userId),
    research: await rowsOf(db, research, 'userId', userId),
    judge_applications: await rowsOf(db, judgeApplications, 'userId', userId),
    profile_corrections: await rowsOf(db, profileCorrections, 'userId', userId),
    sessions: await rowsOf(db, sessions, 'userId', userId),
  };
}

/** The member's uploaded files: their picture, research documents and judge application files. */
async function filesOf(
  db: Db,
  userId: string,
): Promise<{ path: string; name: string; store: 'uploads' | 'private' }[]> {
  const [user] = await db.select({ picture: users.picture }).from(users).where(eq(users.id, userId));
  const files: { path: string; name: string; store: 'uploads' | 'private' }[] = [];
  if (user?.picture)
    files.push({ path: user.picture, name: `picture/${user.picture.split('/').pop()}`, store: 'uploads' });
  for (const r of await db.select({ file: research.file }).from(research).where(eq(research.userId, userId))) {
    files.push({ path: r.file.path, name: `research/${r.file.name}`, store: 'private' });
  }
  const applications = await db
    .select({ files: judgeApplications.certificates })
    .from(judgeApplications)
    .where(eq(judgeApplications.userId, userId));
  for (const f of applications.flatMap((a) => a.files as StoredFile[])) {
    files.push({ path: f.path, name: `judge-application/${f.name}`, store: 'private' });
  }
  return files;
}

/**
 * Writes the member's archive (data.json and their files, each file once under a name of its own) to
 * `dir/<id>.zip` and returns its path and size. A file missing from the store is listed in
 * missing-files.txt rather than failing the whole archive.
 */
export async function writeArchive(
  db: Db,
  userId: string,
  stores: { uploads: UploadStore; private: UploadStore },
  dir: string,
  id: string,
): Promise<{ file: string; bytes: number }> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${id}.zip`);
  try {
    // Loaded with the first export, not at start (docs/testing.md, "Test time").
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const archiver = require('archiver') as typeof import('archiver');
    const zip = archiver('zip', { zlib: { level: 6 } });
    const written = pipeline(zip, createWriteStream(file));
    zip.append(JSON.stringify(await collectData(db, userId), null, 2), { name: 'data.json' });
    const used = new Set<string>();
    const missing: string[] = [];
    for (const f of await filesOf(db, userId)) {
      const stored = await stores[f.store].open(f.path);
      if (!stored) {
        missing.push(f.name);
        continue;
      }
      let name = f.name.replace(/[\\:*?"<>|]/g, '_');
      for (let n = 2; used.has(name); n++) name = f.name.replace(/(\.[^./]*)?$/, (ext) => ` (${n})${ext}`);
      used.add(name);
      zip.append(stored.body, { name });
    }
    if (missing.length) zip.append(`${missing.join('\n')}\n`, { name: 'missing-files.txt' });
    await zip.finalize();
    await written;
    return { file, bytes: (await stat(file)).size };
  } catch (err) {
    await rm(file, { force: true });
    throw err;
  }
}
