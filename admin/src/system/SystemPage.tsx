import { formatDate, type AboutAnswer } from '@platform/contract';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { apiFetch } from '../common/api';
import { TestMessages } from '../settings/TestMessages';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card component="section" aria-labelledby={id} sx={{ maxWidth: 960, mb: 2 }}>
      <CardContent>
        <Typography id={id} variant="h6" component="h2" gutterBottom>
          {translate(title)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** Label and value rows (a definition list as a table: reads well in both directions). */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  const translate = useTranslate();
  return (
    <Table size="small">
      <TableBody>
        {rows.map(([label, value]) => (
          <TableRow key={label}>
            <TableCell component="th" scope="row" sx={{ width: '40%', fontWeight: 500 }}>
              {translate(label)}
            </TableCell>
            <TableCell>{value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function UpDown({ state }: { state: 'up' | 'down' }) {
  const translate = useTranslate();
  return (
    <Chip size="small" color={state === 'up' ? 'success' : 'error'} label={translate(`app.system.state_${state}`)} />
  );
}

/** Messages' list filtered to one channel and status (where the reasons and the resend are). */
const messagesLink = (filter: { channel?: string; status: string }) =>
  `/messages?filter=${encodeURIComponent(JSON.stringify(filter))}`;

/**
 * The System page (admins): the running release and its state from /api/about — version and commit,
 * migrations, the database and the store, the jobs' runs, the outbox, pending payments and refunds —
 * with links to the Messages list (reasons, resend) and the test e-mail and WhatsApp buttons.
 */
export function SystemPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const number = (n: number) => n.toLocaleString(locale === 'ar' ? 'ar-SA' : 'en-GB');
  const when = (v: string | null) => (v ? formatDate(v, locale, 'time') : '—');
  const { data, error, isPending } = useQuery({
    queryKey: ['about'],
    queryFn: async () => (await (await apiFetch('/about')).json()) as AboutAnswer,
  });
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="app.system.title" />
      {isPending && <LinearProgress />}
      {error && <Alert severity="error">{error.message}</Alert>}
      {data && (
        <>
          <Section id="system-release" title="app.system.release">
            <Facts
              rows={[
                ['app.system.version', <bdi key="v">{data.version}</bdi>],
                ['app.system.commit', <bdi key="c">{data.commit}</bdi>],
                ['app.system.node', <bdi key="n">{data.node}</bdi>],
                ['app.system.environment', <bdi key="e">{data.environment}</bdi>],
                ['app.system.started_at', when(data.started_at)],
                [
                  'app.system.migrations',
                  data.migrations.pending.length === 0 ? (
                    translate('app.system.migrations_applied', {
                      smart_count: data.migrations.applied,
                      count: number(data.migrations.applied),
                    })
                  ) : (
                    <Alert severity="warning" key="m">
                      {translate('app.system.migrations_pending', {
                        smart_count: data.migrations.pending.length,
                        count: number(data.migrations.pending.length),
                      })}{' '}
                      <bdi>{data.migrations.pending.join(', ')}</bdi>
                    </Alert>
                  ),
                ],
              ]}
            />
          </Section>
          <Section id="system-state" title="app.system.state">
            <Facts
              rows={[
                [
                  'app.system.database',
                  <span key="d">
                    <UpDown state={data.state.database} /> {translate(`app.system.database_${data.database}`)}
                  </span>,
                ],
                [
                  'app.system.store',
                  <span key="s">
                    <UpDown state={data.state.store} /> {translate(`app.system.store_${data.storage}`)}
                  </span>,
                ],
                ['app.system.jobs_here', translate(data.jobs ? 'app.system.yes' : 'app.system.no')],
              ]}
            />
          </Section>
          <Section id="system-jobs" title="app.system.jobs">
            {data.job_runs.length === 0 ? (
              <Typography color="text.secondary">{translate('app.system.no_runs')}</Typography>
            ) : (
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('app.system.job')}</TableCell>
                    <TableCell>{translate('app.system.last_success')}</TableCell>
                    <TableCell>{translate('app.system.next_run')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.job_runs.map((job) => (
                    <TableRow key={job.name}>
                      <TableCell>{translate(`app.system.job_names.${job.name}`, { _: job.name })}</TableCell>
                      <TableCell>{when(job.last_success)}</TableCell>
                      <TableCell>{when(job.next_run)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Section>
          <Section id="system-outbox" title="app.system.outbox">
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('app.system.channel')}</TableCell>
                  <TableCell>{translate('app.system.pending')}</TableCell>
                  <TableCell>{translate('app.system.failed')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {Object.entries(data.outbox).map(([channel, counts]) => (
                  <TableRow key={channel}>
                    <TableCell>{translate(`app.system.channel_${channel}`, { _: channel })}</TableCell>
                    <TableCell>
                      <Link to={messagesLink({ channel, status: 'pending' })}>{number(counts.pending)}</Link>
                    </TableCell>
                    <TableCell>
                      <Link to={messagesLink({ channel, status: 'failed' })}>{number(counts.failed)}</Link>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Button component={Link} to={messagesLink({ status: 'failed' })} sx={{ mt: 1 }}>
              {translate('app.system.failed_messages')}
            </Button>
          </Section>
          <Section id="system-payments" title="app.system.payments">
            <Facts
              rows={[
                ['app.system.pending_payments', number(data.payments.pending)],
                ['app.system.pending_refunds', number(data.payments.pending_refunds)],
              ]}
            />
            <Button component={Link} to="/transections" sx={{ mt: 1 }}>
              {translate('app.system.transactions')}
            </Button>
          </Section>
        </>
      )}
      <TestMessages />
    </Box>
  );
}
