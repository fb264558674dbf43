import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { useT } from '~/i18n';
import { BillingTab } from '~/components/BillingTab';
import { SubmitButton } from '~/ui/SubmitButton';
import { Alert } from '~/ui/Alert';
import { Card, CardBody } from '~/ui/Card';
import { UpgradePrompt } from '~/components/UpgradePrompt';
import { PageLinks } from './shared';
import { tabsFor, type TabName } from './tabs';
import { ProfileTab } from './ProfileTab';
import { SkillsTab } from './SkillsTab';
import { CertificatesTab } from './CertificatesTab';
import { ResearchTab } from './ResearchTab';
import { SettingsTab, SignOutEverywhere } from './SettingsTab';
import { AchievementsTab, TeamsTab } from './TeamsTab';
import { loadAccount } from './loader.server';
import { accountAction } from './actions.server';

/**
 * The account page (/accounts), its tabs chosen by `?tab=` (and `?page=` for lists) so links, paging
 * and every form work without JavaScript. This folder is one route: the loader reads only what the
 * open tab shows (loader.server.ts), each form posts an `intent` that actions.server.ts hands to the
 * API, and each tab is its own component file.
 */
export const loader = ({ request }: LoaderFunctionArgs) => loadAccount(request);

export const action = ({ request }: ActionFunctionArgs) => accountAction(request);

export default function Accounts() {
  const {
    user,
    phoneChange,
    correction,
    askingCorrection,
    reference,
    certificates,
    research,
    teams,
    achievements,
    orders,
    totalPages,
    page,
    fullAccess,
    teamsAccess,
    privacy,
  } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useT();
  const [params] = useSearchParams();
  const tabs = tabsFor(user.type);
  const asked = (result?.tab ?? params.get('tab')) as TabName | null;
  const tab: TabName = asked && tabs.includes(asked) ? asked : 'profile';
  // On a phone the tabs are a row that scrolls sideways: the open one is brought to its middle.
  const tabList = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const list = tabList.current;
    const open = list?.querySelector('[aria-current="page"]');
    if (!list || !open || list.scrollWidth <= list.clientWidth) return;
    const [a, l] = [open.getBoundingClientRect(), list.getBoundingClientRect()];
    list.scrollLeft += a.left + a.width / 2 - (l.left + l.width / 2);
  }, [tab]);
  return (
    <div className="container container-lg account-page">
      <nav className="breadcrumbs mb-2" aria-label={t('account.breadcrumbs')}>
        <ol>
          <li>
            <Link to="/">{t('account.breadcrumb_home')}</Link>
          </li>
          <li aria-current="page">{t('account.breadcrumb')}</li>
        </ol>
      </nav>
      <div className="account-layout">
        <Card>
          {/* The tabs are pages (?tab=…): links, the open one marked; a row that scrolls sideways on a phone. */}
          <nav aria-label={t('account.title')} className="account-tabs">
            <ul ref={tabList}>
              {tabs.map((name) => (
                <li key={name}>
                  <Link to={`/accounts?tab=${name}`} aria-current={name === tab ? 'page' : undefined}>
                    {t(`account.tabs.${name}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </Card>
        <Card>
          <CardBody>
            <h1 className="t-h5 gutter">{t(`account.tabs.${tab}`)}</h1>
            {result?.error && (
              <Alert severity="error" className="mb-2">
                {result.error}
              </Alert>
            )}
            {tab === 'profile' && (
              <ProfileTab
                user={user}
                reference={reference}
                phoneChange={phoneChange}
                correction={correction}
                askingCorrection={askingCorrection}
              />
            )}
            {tab === 'myskills' && <SkillsTab skills={user.skilles} />}
            {((tab === 'myteams' && !teamsAccess) ||
              ((tab === 'achivements' || tab === 'certificates') && !fullAccess)) && <UpgradePrompt />}
            {tab === 'myteams' && teamsAccess && (
              <TeamsTab teams={teams} page={page} totalPages={totalPages} school={user.type === 2} />
            )}
            {tab === 'achivements' && fullAccess && (
              <AchievementsTab achievements={achievements} page={page} totalPages={totalPages} />
            )}
            {tab === 'certificates' && fullAccess && <CertificatesTab certificates={certificates} />}
            {tab === 'research' && <ResearchTab entries={research} />}
            {tab === 'settings' && <SettingsTab user={user} privacy={privacy} />}
            {tab === 'logout' && (
              <Form method="post" action="/logout">
                <p className="mb-2">{t('account.logout_text')}</p>
                <SubmitButton variant="contained" danger>
                  {t('account.tabs.logout')}
                </SubmitButton>
              </Form>
            )}
            {tab === 'logout' && (
              <div className="mt-4">
                <SignOutEverywhere />
              </div>
            )}
            {tab === 'subscriptions' && (
              <>
                <BillingTab orders={orders} />
                <PageLinks tab={tab} page={page} count={totalPages} />
              </>
            )}
          </CardBody>
        </Card>
      </div>
    </div>
  );
}
