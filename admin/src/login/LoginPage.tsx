import LockIcon from '@mui/icons-material/Lock';
import { Avatar, Box, Button, Card, CardContent, CircularProgress, Link, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { LocalesMenuButton, useLogin, useNotify, useTranslate } from 'react-admin';

/** Where the member site is, from the API (MEMBER_URL), for the forgot-password link. */
function useMemberUrl() {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    fetch('/api/site')
      .then((r) => (r.ok ? r.json() : null))
      .then((site: { member_url?: string } | null) => setUrl(site?.member_url))
      .catch(() => undefined);
  }, []);
  return url;
}

export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const notify = useNotify();
  const memberUrl = useMemberUrl();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [loading, setLoading] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    setLoading(true);
    try {
      await login({ username: email, password });
    } catch (err) {
      notify((err as Error)?.message || translate('app.login.failed'), { type: 'error' });
    } finally {
      setLoading(false);
    }
  };

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        p: 2,
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 400 }}>
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <LocalesMenuButton />
          </Box>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 2 }}>
            <Avatar sx={{ bgcolor: 'primary.main', mb: 1 }}>
              <LockIcon />
            </Avatar>
            <Typography component="h1" variant="h6">
              {translate('app.login.title')}
            </Typography>
          </Box>
          <form onSubmit={submit} noValidate>
            <TextField
              id="email"
              name="email"
              type="email"
              autoComplete="username"
              label={translate('app.login.email')}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              fullWidth
              margin="normal"
              slotProps={{ htmlInput: { dir: 'ltr' } }}
            />
            <TextField
              id="password"
              name="password"
              type="password"
              autoComplete="current-password"
              label={translate('app.login.password')}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              fullWidth
              margin="normal"
            />
            <Button
              type="submit"
              variant="contained"
              fullWidth
              disabled={loading}
              sx={{ mt: 2 }}
              startIcon={loading ? <CircularProgress size={18} /> : undefined}
            >
              {translate('app.login.sign_in')}
            </Button>
          </form>
          {memberUrl && (
            <Typography sx={{ mt: 2, textAlign: 'center' }}>
              <Link href={`${memberUrl.replace(/\/$/, '')}/forget-password`}>{translate('app.login.forgot')}</Link>
            </Typography>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
