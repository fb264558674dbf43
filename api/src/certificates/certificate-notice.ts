import { eq } from 'drizzle-orm';
import type { Db } from '../core/database';
import { certificates, users } from '../db/schema';
import { templates } from '../outbox/templates';
import { notifyMember } from '../teams/team-notices';

/** Where a member downloads their certificates: the account page's certificates tab. */
export const certificatesLink = (memberUrl: string) => `${memberUrl.replace(/\/+$/, '')}/accounts?tab=certificates`;

/**
 * Tells a member that a certificate was issued to them, in their language (a minor without a phone:
 * through the guardian's), with the certificate's name as staff wrote it in that language. Nothing
 * issues certificates yet (they are only seeded): the module that issues them calls this in the
 * transaction that inserts the certificate row.
 */
export async function notifyCertificateReady(
  tx: Db,
  memberUrl: string,
  certificate: Pick<typeof certificates.$inferSelect, 'userId' | 'name' | 'nameEn'>,
): Promise<void> {
  const [member] = await tx.select().from(users).where(eq(users.id, certificate.userId));
  if (!member) return;
  await notifyMember(tx, member, (lang) =>
    templates.certificateReady(lang, {
      name: member.name,
      certificate: lang === 'ar' ? certificate.name : certificate.nameEn || certificate.name,
      link: certificatesLink(memberUrl),
    }),
  );
}
