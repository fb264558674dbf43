import { Card, CardContent, Typography } from '@mui/material';
import { Title, useGetIdentity, usePermissions, useTranslate } from 'react-admin';

/** A welcome card for now; the statistics come in a later version (the card says so). */
export function Dashboard() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="ra.page.dashboard" />
      <CardContent>
        <Typography variant="h5" gutterBottom>
          {translate('app.dashboard.welcome', { name: identity?.fullName ?? '' })}
        </Typography>
        {permissions && (
          <Typography color="text.secondary">
            {translate(permissions === 'admin' ? 'app.dashboard.role_admin' : 'app.dashboard.role_sub_admin')}
          </Typography>
        )}
        <Typography sx={{ mt: 1 }}>{translate('app.dashboard.intro')}</Typography>
      </CardContent>
    </Card>
  );
}
