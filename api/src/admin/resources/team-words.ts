import type { InvitationState, TeamState } from '@platform/contract';
import type { CsvWord } from '../csv';

/**
 * A team's registration state as the back-office's CSV files show it, in the exporting admin's
 * language (the same words as the back-office's `app.team_state`). Written for every state of the
 * team lifecycle, so the files read the same before and after a state is added to TEAM_STATES.
 */
export const TEAM_STATE_NAMES: Record<TeamState | 'ready' | 'changes_requested', CsvWord> = {
  waiting_members: { en: 'Waiting for members', ar: 'بانتظار الأعضاء' },
  ready: { en: 'Ready to submit', ar: 'جاهز للإرسال' },
  submitted: { en: 'Submitted', ar: 'مُرسَل' },
  changes_requested: { en: 'Changes requested', ar: 'مطلوب تعديله' },
  approved: { en: 'Approved', ar: 'معتمد' },
  rejected: { en: 'Rejected', ar: 'مرفوض' },
  withdrawn: { en: 'Withdrawn', ar: 'مسحوب' },
};

/** An invitation's state (the back-office's `app.invitation_state`). */
export const INVITATION_STATE_NAMES: Record<InvitationState, CsvWord> = {
  pending: { en: 'Waiting for an answer', ar: 'بانتظار الرد' },
  accepted: { en: 'Accepted', ar: 'مقبولة' },
  declined: { en: 'Declined', ar: 'مرفوضة' },
  expired: { en: 'Expired', ar: 'منتهية' },
};
