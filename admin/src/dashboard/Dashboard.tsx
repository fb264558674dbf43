import { Card, CardContent, Typography } from '@mui/material';
import { Title, useGetIdentity, usePermissions, useTranslate } from 'react-admin';

/** The welcome card; the statistics come with the back-office people-and-money work. */
export function Dashboard() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('app.menu.dashboard')} />
      <CardContent>
        <Typography variant="h5" gutterBottom>
          {translate('app.dashboard.welcome', { name: identity?.fullName ?? '' })}
        </Typography>
        <Typography color="text.secondary">
          {translate(permissions === 'admin' ? 'app.dashboard.role_admin' : 'app.dashboard.role_sub_admin')}
        </Typography>
        <Typography sx={{ mt: 1 }}>{translate('app.dashboard.intro')}</Typography>
      </CardContent>
    </Card>
  );
}
