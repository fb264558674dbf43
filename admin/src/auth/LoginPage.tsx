import LockIcon from '@mui/icons-material/Lock';
import { Avatar, Box, Button, Card, CardContent, CircularProgress, Link, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { LocalesMenuButton, useLogin, useNotify, useTranslate } from 'react-admin';
import { useMemberSiteUrl } from './memberSite';

// react-admin remounts the whole page when the language changes; what was typed survives it here.
const draft = { email: '', password: '' };

/** Sign-in: email and password, the server's message on failure, a link to the member site's reset page. */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const notify = useNotify();
  const memberUrl = useMemberSiteUrl();
  const [email, setEmail] = useState(draft.email);
  const [password, setPassword] = useState(draft.password);
  const [loading, setLoading] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    setLoading(true);
    try {
      await login({ username: email, password });
      draft.email = draft.password = '';
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
              onChange={(e) => setEmail((draft.email = e.target.value))}
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
              onChange={(e) => setPassword((draft.password = e.target.value))}
              fullWidth
              margin="normal"
            />
            <Button
              type="submit"
              variant="contained"
              fullWidth
              disabled={loading}
              sx={{ mt: 2 }}
              startIcon={
                loading ? (
                  <CircularProgress size={18} color="inherit" aria-label={translate('ra.page.loading')} />
                ) : undefined
              }
            >
              {translate('app.login.sign_in')}
            </Button>
          </form>
          <Typography sx={{ mt: 2, textAlign: 'center' }}>
            <Link href={`${memberUrl}/forget-password`}>{translate('app.login.forgot')}</Link>
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
