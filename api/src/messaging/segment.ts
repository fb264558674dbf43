import {
  MEMBER_TYPES,
  platformDay,
  type BroadcastChannel,
  type BroadcastReach,
  type BroadcastSegment,
} from '@platform/contract';
import { and, eq, gte, inArray, isNotNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import { parseListQuery } from '../admin/list-query';
import { teamsResource } from '../admin/resources/teams.resource';
import { usersResource } from '../admin/resources/users.resource';
import type { Db } from '../core/database';
import { addPeriod } from '../payments/period';
import { teamPeople, teams, users } from '../db/schema';

/**
 * A broadcast's segment as SQL on `users`: the same filters, checked and turned into conditions by the
 * users and teams lists' own declarations (admin/resources), so "plan expired" or "team approved"
 * means here what it means on those lists. Only active accounts whose phone was verified are
 * reached; a guardians' segment is the minor students it matches, reached on the guardian's phone.
 */

/** The conditions of the filters both lists declare, built by their own code (a bad value is a 400 there). */
function listFilters(def: Parameters<typeof parseListQuery>[0], filter: Record<string, unknown>): SQL[] {
  const given = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== null));
  return parseListQuery(def, { filter: JSON.stringify(given) }).filters;
}

export function segmentWhere(segment: BroadcastSegment): SQL {
  const conditions: (SQL | undefined)[] = [
    inArray(users.type, [...MEMBER_TYPES]),
    eq(users.isActive, true),
    eq(users.isVerified, true),
    ...listFilters(usersResource, {
      type: segment.type,
      subscription: segment.subscription,
      region: segment.region,
    }),
  ];
  if (segment.expires_within !== undefined && segment.expires_within !== null) {
    const today = platformDay();
    conditions.push(
      eq(users.subscription, true),
      gte(users.endDate, today),
      lte(users.endDate, addPeriod(today, segment.expires_within, 'day')),
    );
  }
  const team = listFilters(teamsResource, {
    season: segment.season,
    competition: segment.competition,
    registration_status: segment.team_state,
    payment_status: segment.paid,
  });
  const guardians = segment.audience === 'guardians';
  if (team.length || guardians) {
    // In such a team: as a member, coach or entity who accepted their place.
    conditions.push(
      sql`exists (select 1 from ${teamPeople} inner join ${teams} on ${teams.id} = ${teamPeople.teamId}
        where ${teamPeople.userId} = ${users.id} and ${teamPeople.state} = 'accepted' and ${and(sql`true`, ...team)})`,
    );
  }
  if (guardians) {
    // The minor students (under 18 on the platform's clock) who have a guardian's phone.
    conditions.push(
      eq(users.type, 0),
      isNotNull(users.guardianPhone),
      ne(users.guardianPhone, ''),
      sql`${users.dob} > (${platformDay()}::date - interval '18 years')`,
    );
  }
  return and(...conditions)!;
}

/**
 * Each matched account's channel and address: members by WhatsApp to their phone (a student
 * without one: the guardian's, as every notice goes) when WhatsApp is chosen, else by e-mail when
 * chosen; guardians by WhatsApp to the guardian's phone. Null: unreachable on the chosen channels.
 */
function route(segment: BroadcastSegment, channels: BroadcastChannel[]): { channel: SQL; address: SQL } {
  const wa = sql.raw(channels.includes('whatsapp') ? 'true' : 'false');
  const mail = sql.raw(channels.includes('email') ? 'true' : 'false');
  if (segment.audience === 'guardians')
    return {
      channel: sql`case when ${wa} then 'whatsapp' end`,
      address: sql`case when ${wa} then ${users.guardianPhone} end`,
    };
  const phone = sql`coalesce(nullif(${users.phoneNumber}, ''), nullif(${users.guardianPhone}, ''))`;
  const email = sql`nullif(lower(${users.email}), '')`;
  return {
    channel: sql`case when ${wa} and ${phone} is not null then 'whatsapp' when ${mail} and ${email} is not null then 'email' end`,
    address: sql`case when ${wa} and ${phone} is not null then ${phone} when ${mail} and ${email} is not null then ${email} end`,
  };
}

/** Rows of the driver's answer to `execute` (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Whom a segment reaches on the channels: one message per address, however many accounts share it. */
export async function reachOf(
  db: Db,
  segment: BroadcastSegment,
  channels: BroadcastChannel[],
): Promise<BroadcastReach> {
  const { channel, address } = route(segment, channels);
  const [row] = rowsOf<Record<string, number | string>>(
    await db.execute(sql`
      select count(*)::int as matched,
        count(*) filter (where unsubscribed)::int as unsubscribed,
        count(*) filter (where not unsubscribed and channel is null)::int as unreachable,
        count(distinct address) filter (where not unsubscribed and channel = 'whatsapp')::int as whatsapp,
        count(distinct address) filter (where not unsubscribed and channel = 'email')::int as email
      from (select ${channel} as channel, ${address} as address, ${users.unsubscribedAt} is not null as unsubscribed
            from ${users} where ${segmentWhere(segment)}) s`),
  );
  const n = (k: string) => Number(row?.[k] ?? 0);
  return {
    matched: n('matched'),
    messages: n('whatsapp') + n('email'),
    whatsapp: n('whatsapp'),
    email: n('email'),
    unreachable: n('unreachable'),
    unsubscribed: n('unsubscribed'),
  };
}

/** One language's message by one channel, as the outbox stores it. */
export interface Rendering {
  channel: BroadcastChannel;
  lang: 'ar' | 'en';
  kind: string;
  params: string[];
  subject: string;
  body: string;
}

/**
 * Writes the messages of the next `limit` accounts of the segment after `cursor` (ordered by id)
 * to the outbox, in the caller's transaction: one per address (the first account by id wins a shared
 * one; the unique index keeps it so across batches and workers), none to an unsubscribed account.
 * Answers the last account seen (null: none left) and how many messages were written.
 */
export async function writeBatch(
  tx: Db,
  p: {
    broadcastId: string;
    segment: BroadcastSegment;
    channels: BroadcastChannel[];
    renderings: Rendering[];
    cursor: string | null;
    limit: number;
  },
): Promise<{ last: string | null; seen: number; written: number }> {
  const { channel, address } = route(p.segment, p.channels);
  const values = sql.join(
    p.renderings.map(
      (r) =>
        sql`(${r.channel}::text, ${r.lang}::text, ${r.kind}::text, ${JSON.stringify(r.params)}::jsonb, ${r.subject}::text, ${r.body}::text)`,
    ),
    sql`, `,
  );
  const after = p.cursor ?? '00000000-0000-0000-0000-000000000000';
  const [row] = rowsOf<{ last: string | null; seen: number; written: number }>(
    await tx.execute(sql`
      with batch as (
        select ${users.id} as id, ${channel} as channel, ${address} as address,
          case when ${users.language} = 'ar' then 'ar' else 'en' end as lang,
          ${users.unsubscribedAt} is not null as unsubscribed
        from ${users}
        where ${segmentWhere(p.segment)} and ${users.id} > ${after}::uuid
        order by ${users.id}
        limit ${p.limit}
      ), written as (
        insert into outbox (channel, "to", user_id, kind, lang, category, params, subject, body, broadcast_id)
        select b.channel, b.address, b.id, r.kind, b.lang, 'marketing', r.params, r.subject, r.body, ${p.broadcastId}::uuid
        from batch b
        join (values ${values}) as r(channel, lang, kind, params, subject, body)
          on r.channel = b.channel and r.lang = b.lang
        where not b.unsubscribed
        order by b.id
        on conflict (broadcast_id, "to") where broadcast_id is not null do nothing
        returning 1
      )
      select (select id from batch order by id desc limit 1)::text as last,
        (select count(*) from batch)::int as seen,
        (select count(*) from written)::int as written`),
  );
  return { last: row?.last ?? null, seen: Number(row?.seen ?? 0), written: Number(row?.written ?? 0) };
}
