import { createHash, randomInt } from 'node:crypto';
import { isStaff, LIMITS, toAsciiDigits } from '@platform/contract';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
// otplib and qrcode are loaded with the first two-factor step, not at start (docs/testing.md, "Test time").
// eslint-disable-next-line @typescript-eslint/no-require-imports
const otplib = () => require('otplib') as typeof import('otplib');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const qrcode = () => require('qrcode') as typeof import('qrcode');
import { AuditService } from '../audit/audit.service';
import { AppError } from '../common/app-error';
import { isUuid } from '../common/ids';
import type { AppConfig } from '../core/config';
import type { Db } from '../core/database';
import { CONFIG, DB } from '../core/core.module';
import { recoveryCodes, staffTwoFactor, users, type User } from '../db/schema';
import { PgThrottlerStorage } from '../rate-limit/pg-throttler.storage';
import { hashPassword, verifyPassword } from './password';
import { open as openSecret, seal as sealSecret } from './secret-box';
import { SessionService } from './session.service';

/** How many recovery codes a staff member gets when turning two-factor sign-in on. */
export const RECOVERY_CODES = 10;
/** Wrong codes one staff member may give (sign-in and enrolment together) per window. */
const CODE_TRIES = 5;
const CODE_WINDOW_MS = 15 * 60_000;
/** The password step's proof, good for this long, for the code step only. */
const CHALLENGE_TTL = '5m';
const CHALLENGE_PURPOSE = 'two-factor';
/** Recovery codes: 10 characters without look-alikes (no 0/o, 1/l/i), about 50 bits each. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

interface Challenge {
  sub: string;
  purpose: string;
  /** A fingerprint of the password hash: a password change voids the challenges made before it. */
  ph: string;
}

const fingerprint = (passwordHash: string) =>
  createHash('sha256').update(passwordHash).digest('base64url').slice(0, 16);
const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** A code as typed: Arabic-Indic digits made ASCII, spaces and dashes dropped, letters lower-cased. */
export const normaliseCode = (code: unknown) =>
  typeof code === 'string' ? toAsciiDigits(code).replace(/[\s-]/g, '').toLowerCase().slice(0, 64) : '';

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** The admin-session's view of what a staff member must still do before using the back-office. */
export function staffGate(user: User, config: AppConfig): 'password' | 'two_factor' | null {
  if (!isStaff(user.type)) return null;
  if (user.passwordMustChange) return 'password';
  if (user.type === 4 && config.twoFactor.adminRequired && !user.twoFactorEnabledAt) return 'two_factor';
  return null;
}

/**
 * Staff's own account security: the password change a generated or admin-set password requires, and
 * two-factor sign-in with an authenticator app (TOTP, RFC 6238 through otplib) and single-use recovery
 * codes. The secret is stored encrypted (secret-box.ts) and shown only while enrolling; recovery codes
 * are shown once and stored hashed. Every change is in the audit log (section `admins`).
 */
@Injectable()
export class StaffSecurityService {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly jwt: JwtService,
    private readonly sessions: SessionService,
    private readonly audits: AuditService,
    @InjectThrottlerStorage() private readonly limits: ThrottlerStorage,
  ) {}

  /** Changes a staff member's own password: the current one is checked, the new one must differ; other sessions end. */
  async changePassword(
    user: User,
    sessionId: string,
    dto: { password?: string; npassword?: string; cpassword?: string },
  ) {
    if (!dto.password || !dto.npassword || !dto.cpassword) throw new AppError(400, 'account.old_password');
    if (dto.npassword !== dto.cpassword) throw new AppError(400, 'account.password_mismatch');
    if (dto.npassword.length < LIMITS.passwordMin) throw new AppError(400, 'signup.password_weak');
    if (!(await verifyPassword(user.passwordHash, dto.password))) throw new AppError(400, 'account.wrong_password');
    if (dto.npassword === dto.password) throw new AppError(400, 'staff.password_same');
    const passwordHash = await hashPassword(dto.npassword);
    await this.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash, passwordMustChange: false, updatedAt: new Date() })
        .where(eq(users.id, user.id));
      await this.sessions.revokeOthers(user.id, sessionId, tx as unknown as Db);
      await this.audits.record(tx, {
        actor: user,
        action: 'password_change',
        resource: 'admins',
        recordId: user.id,
        after: { forced: user.passwordMustChange },
      });
    });
  }

  /** Starts enrolment: a new secret (kept encrypted, not yet in force), its otpauth URI and the URI as a QR code. */
  async setup(user: User): Promise<{ secret: string; uri: string; qr: string }> {
    if (user.twoFactorEnabledAt) throw new AppError(409, 'two_factor.already_on');
    const { generateSecret, generateURI } = otplib();
    const secret = generateSecret();
    const sealed = this.seal(secret);
    await this.db
      .insert(staffTwoFactor)
      .values({ userId: user.id, secret: sealed })
      .onConflictDoUpdate({
        target: staffTwoFactor.userId,
        set: { secret: sealed, confirmedAt: null, lastStep: null, createdAt: new Date() },
      });
    const uri = generateURI({ issuer: this.config.twoFactor.issuer, label: user.email ?? user.name, secret });
    return { secret, uri, qr: await qrcode().toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 }) };
  }

  /** Ends enrolment with a code from the app: two-factor sign-in is on; the recovery codes are answered once. */
  async enable(user: User, code: unknown): Promise<string[]> {
    if (user.twoFactorEnabledAt) throw new AppError(409, 'two_factor.already_on');
    const [row] = await this.db.select().from(staffTwoFactor).where(eq(staffTwoFactor.userId, user.id));
    const secret = row && !row.confirmedAt ? this.open(row.secret) : null;
    if (!secret) throw new AppError(400, 'two_factor.not_started');
    const codes = await this.countTry(user.id, async () => {
      const step = await this.checkTotp(secret, normaliseCode(code), null);
      if (step === null) return null;
      const fresh = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
      const now = new Date();
      await this.db.transaction(async (tx) => {
        await tx
          .update(staffTwoFactor)
          .set({ confirmedAt: now, lastStep: step })
          .where(eq(staffTwoFactor.userId, user.id));
        await tx.update(users).set({ twoFactorEnabledAt: now }).where(eq(users.id, user.id));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
        await tx
          .insert(recoveryCodes)
          .values(fresh.map((c) => ({ userId: user.id, codeHash: hashCode(normaliseCode(c)) })));
        await this.audits.record(tx, { actor: user, action: 'two_factor_on', resource: 'admins', recordId: user.id });
      });
      return fresh;
    });
    if (!codes) throw new AppError(400, 'auth.two_factor_invalid');
    return codes;
  }

  /**
   * New recovery codes for a staff member whose two-factor sign-in is on (the old ones used up or
   * lost): a code from the app confirms it, each app code once; the old codes stop working.
   */
  async newRecoveryCodes(user: User, code: unknown): Promise<string[]> {
    if (!user.twoFactorEnabledAt) throw new AppError(400, 'two_factor.not_on');
    const codes = await this.countTry(user.id, async () => {
      const [row] = await this.db.select().from(staffTwoFactor).where(eq(staffTwoFactor.userId, user.id));
      const secret = row?.confirmedAt ? this.open(row.secret) : null;
      if (!secret) return null;
      const step = await this.checkTotp(secret, normaliseCode(code), row.lastStep);
      if (step === null) return null;
      const fresh = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
      const done = await this.db.transaction(async (tx) => {
        // Accepted once: a concurrent request with the same code finds the step already taken.
        const taken = await tx
          .update(staffTwoFactor)
          .set({ lastStep: step })
          .where(
            and(
              eq(staffTwoFactor.userId, user.id),
              or(isNull(staffTwoFactor.lastStep), lt(staffTwoFactor.lastStep, step)),
            ),
          )
          .returning({ userId: staffTwoFactor.userId });
        if (taken.length !== 1) return false;
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
        await tx
          .insert(recoveryCodes)
          .values(fresh.map((c) => ({ userId: user.id, codeHash: hashCode(normaliseCode(c)) })));
        await this.audits.record(tx, {
          actor: user,
          action: 'recovery_codes',
          resource: 'admins',
          recordId: user.id,
        });
        return true;
      });
      return done ? fresh : null;
    });
    if (!codes) throw new AppError(400, 'auth.two_factor_invalid');
    return codes;
  }

  /** Turns one's own two-factor sign-in off, with the password; an admin who must have it cannot. */
  async disable(user: User, password: string | undefined) {
    if (!password || !(await verifyPassword(user.passwordHash, password)))
      throw new AppError(400, 'account.wrong_password');
    if (!user.twoFactorEnabledAt) throw new AppError(400, 'two_factor.not_on');
    if (user.type === 4 && this.config.twoFactor.adminRequired)
      throw new AppError(400, 'two_factor.required_for_admins');
    await this.db.transaction(async (tx) => {
      await this.remove(tx as unknown as Db, user.id);
      await this.audits.record(tx, { actor: user, action: 'two_factor_off', resource: 'admins', recordId: user.id });
    });
  }

  /** An admin resets another staff member's two-factor sign-in (a lost phone): it is off and their sessions end. */
  async reset(actor: User, id: string) {
    if (!isUuid(id)) throw new AppError(404, 'request.not_found');
    if (id === actor.id) throw new AppError(400, 'two_factor.reset_self');
    await this.db.transaction(async (tx) => {
      const [target] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!target || !isStaff(target.type)) throw new AppError(404, 'request.not_found');
      if (!target.twoFactorEnabledAt) throw new AppError(400, 'two_factor.not_on');
      await this.remove(tx as unknown as Db, id);
      await this.sessions.revokeAll(id, tx as unknown as Db);
      await this.audits.record(tx, {
        actor,
        action: 'two_factor_reset',
        resource: 'admins',
        recordId: id,
        before: { name: target.name, two_factor: true },
        after: { two_factor: false },
      });
    });
  }

  private async remove(tx: Db, userId: string) {
    await tx.delete(staffTwoFactor).where(eq(staffTwoFactor.userId, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.update(users).set({ twoFactorEnabledAt: null }).where(eq(users.id, userId));
  }

  /** The code step's proof that the password was right: a short-lived token that opens no session. */
  challenge(user: User): Promise<string> {
    const claims: Challenge = { sub: user.id, purpose: CHALLENGE_PURPOSE, ph: fingerprint(user.passwordHash) };
    return this.jwt.signAsync(claims, { expiresIn: CHALLENGE_TTL });
  }

  /** The staff member a challenge names, still active, with the same password and two-factor on; else 401. */
  async challenged(challenge: unknown): Promise<User> {
    const expired = new AppError(401, 'auth.two_factor_expired');
    if (typeof challenge !== 'string' || !challenge || challenge.length > 2000) throw expired;
    let claims: Challenge;
    try {
      claims = await this.jwt.verifyAsync<Challenge>(challenge);
    } catch {
      throw expired;
    }
    if (claims.purpose !== CHALLENGE_PURPOSE || typeof claims.sub !== 'string' || !isUuid(claims.sub)) throw expired;
    const [user] = await this.db.select().from(users).where(eq(users.id, claims.sub));
    if (!user || !user.isActive || !isStaff(user.type) || !user.twoFactorEnabledAt) throw expired;
    if (claims.ph !== fingerprint(user.passwordHash)) throw expired;
    return user;
  }

  /**
   * Whether a sign-in code is right: a 6-digit code from the app (each accepted once), or one of the
   * recovery codes (each once). Wrong ones are counted: past CODE_TRIES in CODE_WINDOW_MS, 429.
   */
  async signinCode(user: User, code: unknown): Promise<boolean> {
    const right = await this.countTry(user.id, async () => {
      const typed = normaliseCode(code);
      if (/^\d{6}$/.test(typed)) {
        const [row] = await this.db.select().from(staffTwoFactor).where(eq(staffTwoFactor.userId, user.id));
        const secret = row?.confirmedAt ? this.open(row.secret) : null;
        if (!secret) return null;
        const step = await this.checkTotp(secret, typed, row.lastStep);
        if (step === null) return null;
        // Accepted once: a concurrent request with the same code finds the step already taken.
        const taken = await this.db
          .update(staffTwoFactor)
          .set({ lastStep: step })
          .where(
            and(
              eq(staffTwoFactor.userId, user.id),
              or(isNull(staffTwoFactor.lastStep), lt(staffTwoFactor.lastStep, step)),
            ),
          )
          .returning({ userId: staffTwoFactor.userId });
        return taken.length === 1 || null;
      }
      if (!/^[a-z0-9]{10}$/.test(typed)) return null;
      const used = await this.db
        .update(recoveryCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(recoveryCodes.userId, user.id),
            eq(recoveryCodes.codeHash, hashCode(typed)),
            isNull(recoveryCodes.usedAt),
          ),
        )
        .returning({ id: recoveryCodes.id });
      return used.length === 1 || null;
    });
    return right === true;
  }

  /** The time step a TOTP code belongs to (now, or 30 s either side), after `after`; null when wrong. */
  private async checkTotp(secret: string, code: string, after: number | null): Promise<number | null> {
    if (!/^\d{6}$/.test(code)) return null;
    const result = await otplib()
      .verify({ secret, token: code, epochTolerance: 30, afterTimeStep: after ?? undefined })
      .catch(() => null);
    return result?.valid && 'timeStep' in result ? (result.timeStep as number) : null;
  }

  /**
   * Runs one code check, counted against the staff member in the shared rate-limit store before it
   * runs (so a burst cannot slip past); a right code gives its count back.
   */
  private async countTry<T>(userId: string, check: () => Promise<T | null>): Promise<T | null> {
    const key = `two-factor:${userId}`;
    const { isBlocked } = await this.limits.increment(key, CODE_WINDOW_MS, CODE_TRIES, 0, 'two-factor');
    if (isBlocked) throw new AppError(429, 'auth.two_factor_too_many');
    const result = await check();
    if (result !== null && this.limits instanceof PgThrottlerStorage) await this.limits.giveBack(key);
    return result;
  }

  private seal(secret: string) {
    return sealSecret(secret, this.config.twoFactor.secretKey);
  }
  private open(sealed: string) {
    return openSecret(sealed, this.config.twoFactor.secretKey);
  }
}
