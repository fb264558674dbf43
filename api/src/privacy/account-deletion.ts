import { randomBytes } from 'node:crypto';
import { DELETED_MEMBER_NAME } from '@platform/contract';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../auth/password';
import type { Db } from '../core/database';
import {
  certificates,
  judgeApplications,
  outbox,
  profileCorrections,
  research,
  sessions,
  skills,
  users,
  verifications,
  type StoredFile,
} from '../db/schema';

/** A file to remove once the deletion has committed: by its public path, in its store. */
export interface LeftFile {
  path: string;
  store: 'uploads' | 'private';
}

/**
 * Deletes a member's personal data in the caller's transaction (docs/decisions/017-privacy-requests.md):
 * the account row stays, emptied, as what their orders (kept for the tax retention period), team
 * results and audit entries point to; it can never sign in again. Answers the files to remove after
 * the commit (a file removed before a rollback could not be put back). Nothing happens to an account
 * already deleted.
 */
export async function deleteAccountData(tx: Db, userId: string): Promise<LeftFile[] | null> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user || user.deletedAt) return null;
  const files: LeftFile[] = [];
  if (user.picture) {
    files.push({ path: user.picture, store: 'uploads' });
    files.push({ path: user.picture.replace('/uploads/users/', '/uploads/users/thumbs/'), store: 'uploads' });
  }
  for (const r of await tx.select({ file: research.file }).from(research).where(eq(research.userId, userId))) {
    files.push({ path: r.file.path, store: 'private' });
  }
  const applications = await tx
    .select({ files: judgeApplications.certificates })
    .from(judgeApplications)
    .where(eq(judgeApplications.userId, userId));
  for (const f of applications.flatMap((a) => a.files as StoredFile[])) files.push({ path: f.path, store: 'private' });

  for (const table of [
    sessions,
    verifications,
    skills,
    research,
    judgeApplications,
    profileCorrections,
    certificates,
  ]) {
    await tx.delete(table).where(eq(table.userId, userId));
  }
  // Messages to the member (and to a minor's guardian, written under the minor): their addresses and words.
  await tx.delete(outbox).where(eq(outbox.userId, userId));
  const now = new Date();
  await tx
    .update(users)
    .set({
      name: DELETED_MEMBER_NAME.en,
      email: null,
      nationalId: null,
      phoneNumber: null,
      picture: null,
      dob: null,
      gender: null,
      nationality: null,
      regionId: null,
      city: null,
      entityType: null,
      taxId: null,
      crNumber: null,
      legalName: null,
      address: null,
      guardianName: null,
      guardianPhone: null,
      education: null,
      supervisor: null,
      externalUserId: null,
      publicProfile: false,
      isActive: false,
      isVerified: false,
      verifyBy: null,
      // A password nobody knows: the account cannot be signed in to, even were it switched on again.
      passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
      unsubscribedAt: now,
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  return files;
}
