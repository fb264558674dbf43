import { AccountType, isGrade, type CorrectionRecord, type CorrectionView } from '@platform/contract';
import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq } from 'drizzle-orm';
import { AuditService } from '../audit/audit.service';
import { AppError } from '../common/app-error';
import { isUuid } from '../common/ids';
import { uniqueViolation } from '../common/unique-violation';
import type { Db } from '../core/database';
import { DB } from '../core/core.module';
import { profileCorrections, users, type User } from '../db/schema';
import { templates } from '../outbox/templates';
import { notifyMember } from '../teams/team-notices';
import type { CorrectionRequestDto } from './corrections.dto';
import { isBirthDate } from './reference';

type Correction = typeof profileCorrections.$inferSelect;

/** A student's grade as stored ('' or null: unknown). */
const gradeOf = (user: Pick<User, 'education'>) => user.education?.grade || null;

/** A request as its member reads it, beside what the account holds now. */
export const correctionView = (c: Correction, user: Pick<User, 'dob' | 'education'>): CorrectionView => ({
  _id: c.id,
  dob: c.dob,
  grade: c.grade,
  current_dob: user.dob,
  current_grade: gradeOf(user),
  reason: c.reason,
  state: c.state,
  created_at: c.createdAt.toISOString(),
  decided_at: c.decidedAt?.toISOString() ?? null,
});

/** A request as the back-office lists it, with its member. */
export const correctionRecord = (
  c: Correction,
  user: Pick<User, 'name' | 'type' | 'nationalId' | 'dob' | 'education'>,
): CorrectionRecord => ({
  id: c.id,
  ...correctionView(c, user),
  user_id: c.userId,
  user_name: user.name,
  user_type: user.type,
  national_id: user.nationalId,
  decided_by: c.decidedByName,
});

/**
 * Corrections of a member's date of birth and grade. Both are set at sign-up; afterwards the
 * member's own profile refuses a new value (ProfileService) and asks here instead: one open request
 * at a time, decided by staff, whose approval changes the account, is audited as the staff member
 * and tells the member (in their language, without their own words).
 */
@Injectable()
export class CorrectionsService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly audits: AuditService,
  ) {}

  /** The member's open request, or else their latest decided one; null when they never asked. */
  async mine(user: User): Promise<CorrectionView | null> {
    const [latest] = await this.db
      .select()
      .from(profileCorrections)
      .where(eq(profileCorrections.userId, user.id))
      .orderBy(desc(eq(profileCorrections.state, 'open')), desc(profileCorrections.createdAt))
      .limit(1);
    return latest ? correctionView(latest, user) : null;
  }

  /**
   * Asks for a new date of birth and/or grade (a value equal to the account's counts as not asked).
   * Students may ask for both, coaches for the date of birth (they have no grade).
   */
  async request(user: User, dto: CorrectionRequestDto): Promise<CorrectionView> {
    let dob: string | null = null;
    let grade: string | null = null;
    if (dto.dob) {
      if (!isBirthDate(dto.dob)) throw new AppError(400, 'signup.bad_date', {}, 'dob');
      if (dto.dob !== user.dob) dob = dto.dob;
    }
    if (dto.grade) {
      if (user.type !== AccountType.Student) throw new AppError(400, 'correction.grade_students_only', {}, 'grade');
      const g = Number(dto.grade);
      if (!/^\d+$/.test(dto.grade) || !isGrade(g)) throw new AppError(400, 'correction.bad_grade', {}, 'grade');
      if (String(g) !== gradeOf(user)) grade = String(g);
    }
    if (dob === null && grade === null) throw new AppError(400, 'correction.nothing');
    try {
      const [row] = await this.db.transaction(async (tx) => {
        const [open] = await tx
          .select({ id: profileCorrections.id })
          .from(profileCorrections)
          .where(and(eq(profileCorrections.userId, user.id), eq(profileCorrections.state, 'open')))
          .limit(1);
        if (open) throw new AppError(409, 'correction.open_exists');
        return tx
          .insert(profileCorrections)
          .values({ userId: user.id, dob, grade, reason: dto.reason || null })
          .returning();
      });
      return correctionView(row, user);
    } catch (err) {
      // Two requests at once: the partial unique index keeps one open.
      if (uniqueViolation(err)) throw new AppError(409, 'correction.open_exists');
      throw err;
    }
  }

  /** The member takes back their open request (before staff decide). */
  async withdraw(user: User): Promise<void> {
    const gone = await this.db
      .delete(profileCorrections)
      .where(and(eq(profileCorrections.userId, user.id), eq(profileCorrections.state, 'open')))
      .returning({ id: profileCorrections.id });
    if (!gone.length) throw new AppError(404, 'correction.none_open');
  }

  /**
   * A staff member's decision on an open request. An approval writes the new values on the account
   * (the member's row locked), with an audit entry of the account's change as that staff member;
   * either way the decision is audited and the member told through the outbox, in one transaction.
   */
  async decide(actor: User, id: string, approve: boolean): Promise<CorrectionRecord> {
    if (!isUuid(id)) throw new AppError(404, 'request.not_found');
    return this.db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const [request] = await tx.select().from(profileCorrections).where(eq(profileCorrections.id, id)).for('update');
      if (!request) throw new AppError(404, 'request.not_found');
      if (request.state !== 'open') throw new AppError(409, 'correction.already_decided');
      const [member] = await tx.select().from(users).where(eq(users.id, request.userId)).for('update');
      let current = member;
      if (approve) current = await this.apply(tx, actor, member, request);
      const state = approve ? 'approved' : 'declined';
      const [decided] = await tx
        .update(profileCorrections)
        .set({ state, decidedById: actor.id, decidedByName: actor.name, decidedAt: new Date() })
        .where(eq(profileCorrections.id, id))
        .returning();
      await this.audits.record(tx, {
        actor,
        action: approve ? 'approve' : 'decline',
        resource: 'corrections',
        recordId: id,
        before: { state: 'open' },
        after: { state, dob: request.dob, grade: request.grade },
      });
      await notifyMember(tx, member, (lang) =>
        templates.profileCorrection(lang, { approved: approve, dob: request.dob, grade: request.grade }),
      );
      return correctionRecord(decided, current);
    });
  }

  /** Writes an approved correction on the account and records the change as the staff member who approved it. */
  private async apply(tx: Db, actor: User, member: User, request: Correction): Promise<User> {
    const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    if (request.dob && request.dob !== member.dob) {
      set.dob = request.dob;
      [before.dob, after.dob] = [member.dob, request.dob];
    }
    if (request.grade && member.type === AccountType.Student && request.grade !== gradeOf(member)) {
      const education = member.education ?? { school_name: '', education_admin: '', level: '', grade: '' };
      set.education = { ...education, grade: request.grade };
      [before.grade, after.grade] = [gradeOf(member), request.grade];
    }
    if (!Object.keys(after).length) return member;
    const [updated] = await tx.update(users).set(set).where(eq(users.id, member.id)).returning();
    await this.audits.record(tx, {
      actor,
      action: 'update',
      resource: 'users',
      recordId: member.id,
      before,
      after: { ...after, correction: request.id },
    });
    return updated;
  }
}
