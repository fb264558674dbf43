import LockIcon from '@mui/icons-material/Lock';
import { Avatar, Box, Button, Card, CardContent, CircularProgress, Link, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { LocalesMenuButton, useLogin, useNotify, useTranslate } from 'react-admin';
import { TwoFactorStep } from './authProvider';
import { useMemberSiteUrl } from './memberSite';

// react-admin remounts the whole page when the language changes; what was typed survives it here.
const draft = { email: '', password: '', challenge: '' };

/**
 * Sign-in: email and password, then (two-factor sign-in on) the code from the authenticator app or a
 * recovery code; the server's message on failure, a link to the member site's reset page.
 */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const notify = useNotify();
  const memberUrl = useMemberSiteUrl();
  const [email, setEmail] = useState(draft.email);
  const [password, setPassword] = useState(draft.password);
  const [challenge, setChallenge] = useState(draft.challenge);
  const [code, setCode] = useState('');
  const [loading, setLoading] = useState(false);

  const back = () => {
    draft.challenge = '';
    setChallenge('');
    setCode('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    setLoading(true);
    try {
      await login(challenge ? { challenge, code } : { username: email, password });
      draft.email = draft.password = draft.challenge = '';
    } catch (err) {
      if (err instanceof TwoFactorStep) {
        draft.challenge = err.challenge;
        setChallenge(err.challenge);
      } else {
        notify((err as Error)?.message || translate('app.login.failed'), { type: 'error' });
      }
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
              {translate(challenge ? 'app.login.code_title' : 'app.login.title')}
            </Typography>
          </Box>
          {challenge ? (
            <form onSubmit={submit} noValidate>
              <Typography variant="body2" id="code-prompt">
                {translate('app.login.code_hint')}
              </Typography>
              <TextField
                id="code"
                name="code"
                autoComplete="one-time-code"
                label={translate('app.login.code')}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                fullWidth
                autoFocus
                margin="normal"
                slotProps={{
                  htmlInput: { dir: 'ltr', inputMode: 'text', maxLength: 64, 'aria-describedby': 'code-prompt' },
                }}
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
                {translate('app.login.verify')}
              </Button>
              <Button fullWidth onClick={back} sx={{ mt: 1 }}>
                {translate('app.login.back')}
              </Button>
            </form>
          ) : (
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
          )}
          <Typography sx={{ mt: 2, textAlign: 'center' }}>
            <Link href={`${memberUrl}/forget-password`}>{translate('app.login.forgot')}</Link>
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
