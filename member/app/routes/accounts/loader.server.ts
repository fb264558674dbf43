import { redirect } from '@remix-run/node';
import { api } from '~/utils/api.server';
import { requireUser } from '~/utils/auth.server';
import { signupReference } from '~/utils/reference.server';
import { getSession } from '~/utils/session.server';
import {
  AccountType,
  type AchievementView,
  type CorrectionView,
  type BillingOrder,
  type CertificateView,
  type ResearchView,
  type MemberAccount,
  type Paged,
  type PrivacyOverview,
  type TeamView,
} from '@platform/contract';

export async function loadAccount(request: Request) {
  const viewer = await requireUser(request, ['student', 'coach', 'entity']);
  const tab = new URL(request.url).searchParams.get('tab');
  const call = <T>(path: string) => api<T>(request, path, { token: viewer.token, lang: viewer.lang });
  const page = Math.max(1, Number.parseInt(new URL(request.url).searchParams.get('page') ?? '1', 10) || 1);
  // Teams, achievements and certificates need a valid plan for coaches and entities (the API's rule).
  const fullAccess = viewer.user.fullAccess;
  // Students and coaches: their correction request of the date of birth or grade (the profile tab).
  const person = viewer.user.type === AccountType.Student || viewer.user.type === AccountType.Coach;
  const [account, reference, certs, research, teams, achievements, orders, correction, privacy] = await Promise.all([
    call<{ user: MemberAccount }>('/accounts'),
    signupReference(request, viewer.lang),
    tab === 'certificates' && fullAccess ? call<{ certificates: CertificateView[] }>('/certificates') : null,
    tab === 'research' ? call<{ research: ResearchView[] }>('/research') : null,
    // A school sees the teams it confirmed without a plan.
    tab === 'myteams' && viewer.user.teamsAccess
      ? call<Paged<{ teams: TeamView[] }>>(`/wro/get-teams?page=${page - 1}`)
      : null,
    tab === 'achivements' && fullAccess
      ? call<Paged<{ achievements: AchievementView[] }>>(`/achievements?page=${page - 1}&limit=12`)
      : null,
    tab === 'subscriptions' && (viewer.user.type === 1 || viewer.user.type === 2)
      ? api<Paged<{ myOrders: BillingOrder[] }>>(request, '/orders/', {
          token: viewer.token,
          lang: viewer.lang,
          body: { page: page - 1 },
        })
      : null,
    person && (tab ?? 'profile') === 'profile'
      ? call<{ correction: CorrectionView | null }>('/accounts/correction')
      : null,
    tab === 'settings' ? call<PrivacyOverview>('/privacy') : null,
  ]);
  // A failed account load goes home (spec §2).
  if (!account.ok) throw redirect('/');
  const phoneChange = (await getSession(request)).get('phoneChange');
  return {
    user: account.data.user,
    phoneChange: phoneChange && phoneChange.until > Date.now() ? phoneChange : null,
    correction: correction?.ok ? correction.data.correction : null,
    privacy: privacy?.ok ? privacy.data : null,
    askingCorrection: new URL(request.url).searchParams.get('correction') === '1',
    reference,
    certificates: certs?.ok ? certs.data.certificates : [],
    research: research?.ok ? research.data.research : [],
    teams: teams?.ok ? teams.data.teams : [],
    achievements: achievements?.ok ? achievements.data.achievements : [],
    orders: orders?.ok ? orders.data.myOrders : [],
    totalPages:
      (teams?.ok
        ? teams.data.totalPages
        : achievements?.ok
          ? achievements.data.totalPages
          : orders?.ok
            ? orders.data.totalPages
            : 0) || 0,
    page,
    fullAccess,
    teamsAccess: viewer.user.teamsAccess,
  };
}
