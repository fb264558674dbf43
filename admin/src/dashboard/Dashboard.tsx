import { formatMoney, type DashboardFigures } from '@platform/contract';
import { Alert, Card, CardContent, CardHeader, Grid, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Title, useGetIdentity, useLocaleState, usePermissions, useTranslate } from 'react-admin';
import { apiFetch } from '../common/api';
import { dateLocales, type Locale } from '../i18n';
import { BarChart } from './BarChart';

function Stat({ label, value, to, hint }: { label: string; value: number | undefined; to?: string; hint?: string }) {
  const body = (
    <CardContent>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h4" component="p">
        {value === undefined ? <Skeleton width={60} /> : value.toLocaleString()}
      </Typography>
      {hint && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {hint}
        </Typography>
      )}
    </CardContent>
  );
  return (
    <Card sx={{ height: '100%' }}>
      {to ? (
        <Link to={to} style={{ color: 'inherit', textDecoration: 'none' }}>
          {body}
        </Link>
      ) : (
        body
      )}
    </Card>
  );
}

/** What staff check first: members, sign-ups, subscriptions; for admins money and what waits for them. */
export function Dashboard() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dateLocale = dateLocales[locale as Locale] ?? dateLocales.en;
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions();
  const { data, error } = useQuery({
    queryKey: ['admin-dashboard'],
    queryFn: async () => (await (await apiFetch('/admin/dashboard')).json()) as DashboardFigures,
  });
  const sar = (n: number) => formatMoney(n, 'SAR', locale, { maximumFractionDigits: 0 });
  const week = (iso: string) =>
    new Date(iso).toLocaleDateString(dateLocale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const month = (ym: string) =>
    new Date(`${ym}-01`).toLocaleDateString(dateLocale, { month: 'short', timeZone: 'UTC' });
  const half = { xs: 12, md: 6 };
  const third = { xs: 6, sm: 4, md: 2 };
  return (
    <Grid container spacing={2} sx={{ mt: 1 }}>
      <Title title="ra.page.dashboard" />
      <Grid size={12}>
        <Typography variant="h5" component="h1">
          {translate('app.dashboard.welcome', { name: identity?.fullName ?? '' })}
        </Typography>
        {permissions && (
          <Typography color="text.secondary">
            {translate(permissions === 'admin' ? 'app.dashboard.role_admin' : 'app.dashboard.role_sub_admin')}
          </Typography>
        )}
      </Grid>
      {error && (
        <Grid size={12}>
          <Alert severity="error">{(error as Error).message}</Alert>
        </Grid>
      )}
      <Grid size={third}>
        <Stat
          label={translate('app.dashboard.students')}
          value={data?.members[0]}
          to="/users?filter=%7B%22type%22%3A0%7D"
        />
      </Grid>
      <Grid size={third}>
        <Stat
          label={translate('app.dashboard.coaches')}
          value={data?.members[1]}
          to="/users?filter=%7B%22type%22%3A1%7D"
        />
      </Grid>
      <Grid size={third}>
        <Stat
          label={translate('app.dashboard.entities')}
          value={data?.members[2]}
          to="/users?filter=%7B%22type%22%3A2%7D"
        />
      </Grid>
      <Grid size={third}>
        <Stat
          label={translate('app.dashboard.active_subscriptions')}
          value={data?.activeSubscriptions}
          hint={translate('app.dashboard.active_subscriptions_hint')}
        />
      </Grid>
      {permissions === 'admin' && (
        <>
          <Grid size={third}>
            <Stat
              label={translate('app.dashboard.pending_judges')}
              value={data?.pendingJudges}
              to="/judges?filter=%7B%22status%22%3A%22pending%22%7D"
            />
          </Grid>
          <Grid size={third}>
            <Stat label={translate('app.dashboard.unread_messages')} value={data?.unreadMessages} to="/contactus" />
          </Grid>
          <Grid size={third}>
            <Stat
              label={translate('app.dashboard.late_einvoices')}
              value={data?.lateEinvoices}
              to="/einvoices?filter=%7B%22late%22%3A%22true%22%7D"
            />
          </Grid>
        </>
      )}
      <Grid size={permissions === 'admin' ? half : 12}>
        <Card>
          <CardHeader title={translate('app.dashboard.signups')} titleTypographyProps={{ variant: 'h6' }} />
          <CardContent>
            {data ? (
              <BarChart
                bars={data.signups.map((s) => ({ label: week(s.week), value: s.count }))}
                format={(n) => n.toLocaleString(dateLocale)}
                empty={translate('app.dashboard.no_data')}
              />
            ) : (
              <Skeleton variant="rectangular" height={200} />
            )}
          </CardContent>
        </Card>
      </Grid>
      {permissions === 'admin' && (
        <Grid size={half}>
          <Card>
            <CardHeader title={translate('app.dashboard.revenue_net')} titleTypographyProps={{ variant: 'h6' }} />
            <CardContent>
              {data?.revenue ? (
                <BarChart
                  bars={data.revenue.map((r) => ({ label: month(r.month), value: r.total }))}
                  format={sar}
                  empty={translate('app.dashboard.no_data')}
                />
              ) : (
                <Skeleton variant="rectangular" height={200} />
              )}
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="refunds-this-month">
                {translate('app.dashboard.refunds_this_month')}:{' '}
                {data?.refundsThisMonth === undefined ? '…' : sar(data.refundsThisMonth)}
              </Typography>
            </CardContent>
          </Card>
        </Grid>
      )}
    </Grid>
  );
}
