import { Form, Link } from '@remix-run/react';
import { useT } from '~/i18n';
import type { MemberAccount } from '@platform/contract';
import { Button } from '~/ui/Button';
import { Switch } from '~/ui/Checkbox';
import { PasswordField } from '~/ui/PasswordField';
import { SubmitButton } from '~/ui/SubmitButton';

/** "Show my public profile": students and coaches (entities have no public profile). */
function PublicProfileSetting({ user }: { user: MemberAccount }) {
  const { t } = useT();
  return (
    <Form method="post" replace>
      <input type="hidden" name="intent" value="public-profile" />
      <h2 className="t-h6 gutter">{t('account.public_profile_title')}</h2>
      <Switch
        id="public_profile"
        name="public_profile"
        defaultChecked={user.public_profile}
        label={t('account.public_profile_switch')}
        helperText={t(user.minor ? 'account.public_profile_minor' : 'account.public_profile_adult')}
        className="mb-2 setting-switch"
      />
      <div className="row wrap gap-2">
        <Button type="submit" variant="contained">
          {t('account.public_profile_save')}
        </Button>
        {user.public_profile && <Link to={`/profile/public/${user._id}`}>{t('account.public_profile')}</Link>}
      </div>
    </Form>
  );
}

export function SettingsTab({ user }: { user: MemberAccount }) {
  return (
    <>
      {user.type !== 2 && (
        <div className="mb-4">
          <PublicProfileSetting user={user} key={String(user.public_profile)} />
        </div>
      )}
      <PasswordForm />
      <div className="mt-4">
        <SignOutEverywhere />
      </div>
    </>
  );
}

/** Ends every session of the account (this one too): a lost phone, a shared computer. */
export function SignOutEverywhere() {
  const { t } = useT();
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="signout-all" />
      <h2 className="t-h6 gutter">{t('account.everywhere_title')}</h2>
      <p className="mb-2">{t('account.everywhere_text')}</p>
      <SubmitButton variant="outlined" danger>
        {t('account.everywhere_button')}
      </SubmitButton>
    </Form>
  );
}

function PasswordForm() {
  const { t } = useT();
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="password" />
      <h2 className="t-h6 gutter">{t('account.password_title')}</h2>
      <div className="stack gap-2 password-form">
        <PasswordField
          id="password"
          name="password"
          label={t('account.current_password')}
          autoComplete="current-password"
        />
        <PasswordField id="npassword" name="npassword" label={t('account.new_password')} autoComplete="new-password" />
        <PasswordField
          id="cpassword"
          name="cpassword"
          label={t('account.retype_password')}
          autoComplete="new-password"
        />
        <SubmitButton variant="contained">{t('account.change_password')}</SubmitButton>
      </div>
    </Form>
  );
}
