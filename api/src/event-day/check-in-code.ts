import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The code in a team's check-in QR (its coach's and students' team page): the team's number and an
 * HMAC of the team's id under a key derived from the API's secret, `T-1234.<16 characters>`. Nothing
 * personal; only the platform can make one, and a code made for a team whose number was later given
 * to another does not check that one in. Typing the team's number stays possible.
 */
const PURPOSE = 'event-check-in-v1';
const CODE = /^(T-\d{1,9})\.([A-Za-z0-9_-]{16})$/;

const keyOf = (secret: string) => createHmac('sha256', secret).update(PURPOSE).digest();

function mac(secret: string, teamId: string): Buffer {
  return createHmac('sha256', keyOf(secret)).update(teamId).digest().subarray(0, 12);
}

export function checkInCode(secret: string, team: { id: string; teamNo: string }): string {
  return `${team.teamNo}.${mac(secret, team.id).toString('base64url')}`;
}

/** The team number of something shaped as a check-in code (null: not one; then it is read as typed). */
export function codeTeamNo(text: string): string | null {
  return CODE.exec(text.trim())?.[1] ?? null;
}

/** Whether a code shaped as one is the platform's code for this team. */
export function codeIsFor(secret: string, text: string, teamId: string): boolean {
  const m = CODE.exec(text.trim());
  if (!m) return false;
  const given = Buffer.from(m[2], 'base64url');
  const expected = mac(secret, teamId);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
