import type { AuditRecord, NamePair } from '@platform/contract';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { translate } from '../../common/i18n';
import type { Db } from '../../core/database';
import {
  announcements,
  auditLog,
  categories,
  competitions,
  contactMessages,
  events,
  galleryFiles,
  judgeApplications,
  outbox,
  partners,
  plans,
  posts,
  profileCorrections,
  registrations,
  seasons,
  settings,
  teams,
  users,
} from '../../db/schema';
import { defineResource } from '../resource';

/** An entry as its row gives it, before the record it is about is named. */
type AuditEntryRecord = Omit<AuditRecord, 'record_name' | 'record_exists'>;

function registrationName(competition: PgColumn, season: PgColumn): SQL {
  return sql`(select ${competition} from ${competitions} where ${competitions.id} = ${registrations.competitionId}) || ' · ' || (select ${season} from ${seasons} where ${seasons.id} = ${registrations.seasonId})`;
}

/** Where each audited section's records are named: a table, its id, its name (and English name). */
const NAMED: Record<string, { table: PgTable; id: PgColumn; name: PgColumn | SQL; nameEn?: PgColumn | SQL }> = {
  users: { table: users, id: users.id, name: users.name },
  // A correction request is named by its member.
  corrections: {
    table: profileCorrections,
    id: profileCorrections.id,
    name: sql`(select ${users.name} from ${users} where ${users.id} = ${profileCorrections.userId})`,
  },
  admins: { table: users, id: users.id, name: users.name },
  events: { table: events, id: events.id, name: events.name, nameEn: events.nameEn },
  announcements: { table: announcements, id: announcements.id, name: announcements.name, nameEn: announcements.nameEn },
  categories: { table: categories, id: categories.id, name: categories.name, nameEn: categories.nameEn },
  plans: { table: plans, id: plans.id, name: plans.name, nameEn: plans.nameEn },
  blogs: { table: posts, id: posts.id, name: posts.name, nameEn: posts.nameEn },
  seasons: { table: seasons, id: seasons.id, name: seasons.name, nameEn: seasons.nameEn },
  competitions: { table: competitions, id: competitions.id, name: competitions.name, nameEn: competitions.nameEn },
  teams: { table: teams, id: teams.id, name: teams.teamNo },
  // A registration has no name of its own: its competition and season ("Robot Mission · Season 2027").
  registrations: {
    table: registrations,
    id: registrations.id,
    name: registrationName(competitions.name, seasons.name),
    nameEn: registrationName(competitions.nameEn, seasons.nameEn),
  },
  judges: { table: judgeApplications, id: judgeApplications.id, name: judgeApplications.organizationName },
  contactus: { table: contactMessages, id: contactMessages.id, name: contactMessages.name },
  partners: { table: partners, id: partners.id, name: partners.name },
  settings: { table: settings, id: settings.id, name: settings.siteName },
  gallery: { table: galleryFiles, id: galleryFiles.id, name: galleryFiles.name },
  // A message is named by its recipient.
  messages: { table: outbox, id: outbox.id, name: outbox.to },
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A deleted record's name, from what the entry kept of it. */
function keptName(entry: AuditEntryRecord): NamePair | null {
  // A results import is about its rows ("4 rows"): named by their count in each language's grammar.
  const imported = /^(\d+) rows$/.exec(entry.record_id);
  if (imported) {
    const count = Number(imported[1]);
    return {
      name: translate('ar', 'audit.results_rows', { count }),
      name_en: translate('en', 'audit.results_rows', { count }),
    };
  }
  for (const side of [entry.after, entry.before]) {
    const name = side?.name ?? side?.team_no ?? side?.organization_name;
    if (typeof name === 'string' && name) {
      const en = typeof side?.name_en === 'string' && side.name_en ? side.name_en : name;
      return { name, name_en: en };
    }
  }
  return null;
}

/**
 * The names of the records a page of entries is about (`record_name`, in both languages), one query
 * per section on the page; a record deleted since is named from the entry's own before/after.
 */
async function nameRecords(records: AuditEntryRecord[], db: Db): Promise<AuditRecord[]> {
  const wanted = new Map<string, Set<string>>();
  for (const r of records) {
    if (NAMED[r.resource] && UUID.test(r.record_id)) {
      if (!wanted.has(r.resource)) wanted.set(r.resource, new Set());
      wanted.get(r.resource)!.add(r.record_id);
    }
  }
  const names = new Map<string, NamePair>();
  await Promise.all(
    [...wanted].map(async ([section, ids]) => {
      const place = NAMED[section];
      const rows = await db
        .select({ id: place.id, name: sql<string>`${place.name}`, nameEn: sql<string>`${place.nameEn ?? place.name}` })
        .from(place.table)
        .where(inArray(place.id, [...ids]));
      for (const row of rows) names.set(`${section}:${row.id}`, { name: row.name, name_en: row.nameEn });
    }),
  );
  return records.map((r) => {
    const found = names.get(`${r.resource}:${r.record_id}`);
    return { ...r, record_name: found ?? keptName(r), record_exists: !!found };
  });
}

/** Every back-office write, read-only, for admins; each entry names the record it is about. */
export const auditResource = defineResource<typeof auditLog.$inferSelect>({
  name: 'audit',
  shapes: { record: 'AuditRecord' },
  table: auditLog,
  id: auditLog.id,
  roles: { read: ['admin'] },
  search: [auditLog.actorName, auditLog.resource, auditLog.recordId],
  sort: { created_at: auditLog.createdAt, actor_name: auditLog.actorName, resource: auditLog.resource },
  defaultSort: ['created_at', 'DESC'],
  filters: {
    resource: { column: auditLog.resource, type: 'text' },
    action: { column: auditLog.action, type: 'text' },
    record_id: { column: auditLog.recordId, type: 'text' },
    actor_id: { column: auditLog.actorId, type: 'uuid' },
    created_at: { column: auditLog.createdAt, type: 'date' },
  },
  toRecord: (a): AuditEntryRecord => ({
    id: a.id,
    actor_id: a.actorId,
    actor_name: a.actorName,
    action: a.action,
    resource: a.resource,
    record_id: a.recordId,
    before: a.before,
    after: a.after,
    created_at: a.createdAt.toISOString(),
  }),
  decorate: nameRecords,
});
