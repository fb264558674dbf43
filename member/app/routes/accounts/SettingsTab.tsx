import { Form, Link } from '@remix-run/react';
import { useT } from '~/i18n';
import { AccountType, LANGUAGES, type MemberAccount, type PrivacyOverview } from '@platform/contract';
import { Button } from '~/ui/Button';
import { Switch } from '~/ui/Checkbox';
import { PasswordField } from '~/ui/PasswordField';
import { Select } from '~/ui/Select';
import { SubmitButton } from '~/ui/SubmitButton';
import { PrivacySection } from './PrivacySection';

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

/**
 * The language of the member's messages (and their guardian's): each language named in itself, so
 * whoever reads the page finds their own. The page's language is the header's switch, apart.
 */
function LanguageSetting({ user }: { user: MemberAccount }) {
  const { t } = useT();
  return (
    <Form method="post" replace>
      <input type="hidden" name="intent" value="language" />
      <h2 className="t-h6 gutter">{t('account.language_title')}</h2>
      <div className="stack gap-2 language-form">
        <Select
          id="language"
          name="language"
          label={t('account.language_label')}
          helperText={t(user.type === AccountType.Student ? 'account.language_help_student' : 'account.language_help')}
          defaultValue={user.language}
          noPlaceholder
        >
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {t(`lang.${language}`)}
            </option>
          ))}
        </Select>
        <div>
          <Button type="submit" variant="contained">
            {t('account.language_save')}
          </Button>
        </div>
      </div>
    </Form>
  );
}

/**
 * Announcements and reminders (the platform's `marketing` messages): the choice an unsubscribe link
 * also makes. Codes and notices about the member's teams and account always arrive.
 */
function AnnouncementsSetting({ user }: { user: MemberAccount }) {
  const { t } = useT();
  return (
    <Form method="post" replace>
      <input type="hidden" name="intent" value="announcements" />
      <h2 className="t-h6 gutter">{t('account.announcements_title')}</h2>
      <Switch
        id="announcements"
        name="announcements"
        defaultChecked={user.announcements}
        label={t('account.announcements_switch')}
        helperText={t('account.announcements_help')}
        className="mb-2 setting-switch"
      />
      <Button type="submit" variant="contained">
        {t('account.announcements_save')}
      </Button>
    </Form>
  );
}

export function SettingsTab({ user, privacy }: { user: MemberAccount; privacy: PrivacyOverview | null }) {
  return (
    <>
      {user.type !== AccountType.Entity && (
        <div className="mb-4">
          <PublicProfileSetting user={user} key={String(user.public_profile)} />
        </div>
      )}
      <div className="mb-4">
        <LanguageSetting user={user} key={user.language} />
      </div>
      <div className="mb-4">
        <AnnouncementsSetting user={user} key={String(user.announcements)} />
      </div>
      <PasswordForm />
      <div className="mt-4">
        <SignOutEverywhere />
      </div>
      {privacy && (
        <div className="mt-4">
          <PrivacySection privacy={privacy} />
        </div>
      )}
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
