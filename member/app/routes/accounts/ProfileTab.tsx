import { Form, Link, useNavigation } from '@remix-run/react';
import { useEffect, useState, type ReactNode } from 'react';
import { useT } from '~/i18n';
import {
  EDUCATION_LEVELS,
  ENTITY_KINDS,
  formatDate,
  GENDERS,
  LIMITS,
  type CorrectionView,
  type MemberAccount,
} from '@platform/contract';
import { UploadForm } from '~/components/UploadForm';
import { digitsInput, phoneInput } from '~/utils/digits';
import { Avatar } from '~/ui/Avatar';
import { Button } from '~/ui/Button';
import { CodeInput } from '~/ui/CodeInput';
import { Select } from '~/ui/Select';
import { SubmitButton } from '~/ui/SubmitButton';
import { TextField } from '~/ui/TextField';
import { CORRECTION_LINK, CorrectionSection } from './CorrectionSection';

function Field(props: {
  name: string;
  label: string;
  value?: string | null;
  type?: string;
  ltr?: boolean;
  required?: boolean;
  options?: { id: string; name: string }[];
  /** Digits are typed here: the number (or phone) keyboard, Arabic-Indic digits written as ASCII. */
  digits?: 'number' | 'phone';
}) {
  const { name, label, value, type, ltr, required, options, digits } = props;
  if (options) return <Select name={name} label={label} defaultValue={value ?? ''} options={options} />;
  return (
    <TextField
      id={name}
      name={name}
      label={label}
      defaultValue={value ?? ''}
      type={type}
      required={required}
      {...(digits === 'phone' ? phoneInput : digits ? digitsInput : ltr ? { dir: 'ltr' } : {})}
    />
  );
}

/** The code step of a phone change: the new number replaces the old one once its code comes back. */
function PhoneCodeStep({ destination, length }: { destination: string; length: number }) {
  const { t } = useT();
  return (
    <section className="phone-code">
      <h3 className="t-h6 gutter">{t('account.phone_code_title')}</h3>
      <p className="mb-2">
        {t('verify.code_intro', { length })} <bdi dir="ltr">{destination}</bdi>
      </p>
      <Form method="post" className="stack gap-2 phone-code-form">
        <input type="hidden" name="intent" value="phone-code" />
        <CodeInput length={length} />
        <SubmitButton variant="contained">{t('account.phone_code_submit')}</SubmitButton>
      </Form>
      <Form method="post" className="mt-1">
        <input type="hidden" name="intent" value="phone-cancel" />
        <SubmitButton>{t('account.phone_code_cancel')}</SubmitButton>
      </Form>
    </section>
  );
}

/** The sign-up list of cities for the account page: the region's (all when none), with the saved city kept. */
function cityChoices(
  cities: { id: string; name: string; region: string }[],
  user: { region?: string | null; city?: string | null },
): { id: string; name: string }[] {
  const inRegion = user.region ? cities.filter((c) => c.region === user.region) : [];
  const list = (inRegion.length ? inRegion : cities).map(({ id, name }) => ({ id, name }));
  if (user.city && !list.some((c) => c.id === user.city)) list.unshift({ id: user.city, name: user.city });
  return list;
}

export function ProfileTab({
  user,
  reference,
  phoneChange,
  correction,
  askingCorrection,
}: {
  user: MemberAccount;
  reference: {
    regions: { id: string; name: string }[];
    countries: { id: string; name: string }[];
    cities: { id: string; name: string; region: string }[];
  };
  phoneChange: { destination: string; length: number } | null;
  /** A student's or coach's correction request (the open one, or the last decided). */
  correction: CorrectionView | null;
  /** The correction form is asked for (`?correction=1`). */
  askingCorrection: boolean;
}) {
  const { t, m, lang } = useT();
  // Without JavaScript both buttons always show; with it, only once there is something to send.
  const [enhanced, setEnhanced] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [picked, setPicked] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const busy = useNavigation().state === 'submitting';
  const entity = user.type === 2;
  // Under the date of birth and grade: who changes them, and the way to ask (or that a request waits).
  const lockedHint = (
    <>
      {t('account.locked_hint')}{' '}
      {correction?.state === 'open' ? (
        <Link to="#correction">{t('account.correction_waiting')}</Link>
      ) : (
        <Link to={CORRECTION_LINK}>{t('account.correction_link')}</Link>
      )}
    </>
  );
  const gridFields: ReactNode[] = [
    <Field key="name" name="name" label={t('account.name')} value={user.name} required />,
    // Keyed by the saved number and any change waiting for its code, so the box shows the number in force.
    <Field
      key={`phone-${user.phone_number}-${phoneChange?.destination ?? ''}`}
      name="phone_number"
      label={t('account.phone')}
      value={user.phone_number}
      type="tel"
      digits="phone"
    />,
    <TextField key="email" id="account-email" label={t('account.email')} value={user.email ?? ''} disabled dir="ltr" />,
    !entity && (
      <TextField
        key="iqama"
        id="account-iqama"
        label={t('account.iqama')}
        value={user.national_id ?? ''}
        disabled
        dir="ltr"
      />
    ),
    // Set at sign-up: shown, not posted; staff correct it (an account without one gives it once).
    !entity &&
      (user.dob ? (
        <TextField
          key="dob"
          id="account-dob"
          label={t('account.dob')}
          value={formatDate(user.dob, lang)}
          disabled
          helperText={lockedHint}
        />
      ) : (
        <Field key="dob" name="dob" label={t('account.dob')} value={user.dob} type="date" />
      )),
    !entity && (
      <Field
        key="gender"
        name="gender"
        label={t('account.gender')}
        value={user.gender}
        options={GENDERS.map((id) => ({ id, name: t(id === 'Male' ? 'account.male' : 'account.female') }))}
      />
    ),
    !entity && (
      <Field
        key="nat"
        name="nationality"
        label={t('account.nationality')}
        value={user.nationality}
        options={reference.countries}
      />
    ),
    user.type !== 0 && (
      <Field key="region" name="region" label={t('account.region')} value={user.region} options={reference.regions} />
    ),
    // The same cities as sign-up: the member's region's when it has one; a city kept from before stays choosable.
    <Field
      key="city"
      name="city"
      label={t('account.city')}
      value={user.city}
      options={cityChoices(reference.cities, user)}
    />,
    !entity && (
      <Field
        key="school"
        name="education.school_name"
        label={t('account.school')}
        value={user.education?.school_name}
      />
    ),
    user.type === 0 && (
      <Field
        key="admin"
        name="education.education_admin"
        label={t('account.education_admin')}
        value={user.education?.education_admin}
      />
    ),
    user.type === 0 && (
      <Field
        key="level"
        name="education.level"
        label={t('account.level')}
        value={user.education?.level}
        options={EDUCATION_LEVELS.map((l) => ({ id: l, name: m.signup.levels[l] }))}
      />
    ),
    user.type === 0 &&
      (user.education?.grade ? (
        <TextField
          key="grade"
          id="account-grade"
          label={t('account.grade')}
          value={user.education.grade}
          disabled
          helperText={lockedHint}
        />
      ) : (
        <Field
          key="grade"
          name="education.grade"
          label={t('account.grade')}
          value={user.education?.grade}
          options={Array.from({ length: 12 }, (_, i) => ({ id: String(i + 1), name: String(i + 1) }))}
        />
      )),
    user.type === 1 && (
      <Field key="qual" name="education.level" label={t('account.qualification')} value={user.education?.level} />
    ),
    entity && (
      <Field
        key="etype"
        name="entityType"
        label={t('account.entity_type')}
        value={user.entityType}
        options={Object.entries(m.signup.entity_types).map(([id, name]) => ({ id, name }))}
      />
    ),
    entity && (
      <Field
        key="ekind"
        name="entityKind"
        label={t('account.entity_kind')}
        value={user.entityKind}
        options={ENTITY_KINDS.map((id) => ({ id, name: m.signup.entity_kinds[id] }))}
      />
    ),
    entity && <Field key="tax" name="tax_id" label={t('account.tax_id')} value={user.tax_id} digits="number" />,
    entity && <Field key="cr" name="crNumber" label={t('account.cr_number')} value={user.crNumber} digits="number" />,
    // What a standard tax invoice names (with the VAT number above): the legal name and national address.
    entity && <Field key="legal" name="legal_name" label={t('account.legal_name')} value={user.legal_name} />,
    entity && (
      <Field key="street" name="address.street" label={t('account.address_street')} value={user.address?.street} />
    ),
    entity && (
      <Field
        key="building"
        name="address.building"
        label={t('account.address_building')}
        value={user.address?.building}
        digits="number"
      />
    ),
    entity && (
      <Field
        key="district"
        name="address.district"
        label={t('account.address_district')}
        value={user.address?.district}
      />
    ),
    entity && <Field key="bcity" name="address.city" label={t('account.address_city')} value={user.address?.city} />,
    entity && (
      <Field
        key="postal"
        name="address.postal_code"
        label={t('account.address_postal_code')}
        value={user.address?.postal_code}
        digits="number"
      />
    ),
    entity && (
      <Field key="sname" name="supervisor.name" label={t('signup.supervisor_name')} value={user.supervisor?.name} />
    ),
    entity && (
      <Field
        key="sid"
        name="supervisor.supervisor_id"
        label={t('signup.supervisor_id')}
        value={user.supervisor?.supervisor_id}
        digits="number"
      />
    ),
    entity && (
      <Field
        key="semail"
        name="supervisor.email"
        label={t('signup.supervisor_email')}
        value={user.supervisor?.email}
        ltr
      />
    ),
    entity && (
      <Field
        key="sphone"
        name="supervisor.phone_number"
        label={t('signup.supervisor_phone')}
        value={user.supervisor?.phone_number}
        type="tel"
        digits="phone"
      />
    ),
  ].filter(Boolean);
  return (
    <div className="stack gap-3">
      <div className="profile-head">
        <Avatar src={user.picture} name={user.name} alt="" size="xlarge" color="secondary" />
        <div>
          <p className="t-h6">{user.name}</p>
          {user.type !== 2 &&
            (user.public_profile ? (
              <Link to={`/profile/public/${user._id}`}>{t('account.public_profile')}</Link>
            ) : (
              // Hidden: the way to the switch that shows it.
              <Link to="/accounts?tab=settings">{t('account.public_profile_switch')}</Link>
            ))}
          <UploadForm intent="picture" maxBytes={LIMITS.pictureBytes} onDone={() => setPicked(false)}>
            <div className="row wrap mt-1">
              {/* The file box's own label, drawn as a button; the box itself is hidden but still takes the keyboard. */}
              <label className="btn btn-outlined btn-small file-button">
                {t('account.choose_picture')}
                <input
                  type="file"
                  name="file"
                  accept="image/jpeg,image/png"
                  className="visually-hidden"
                  onChange={(e) => {
                    const file = e.currentTarget.files?.[0];
                    setPicked(!!file && file.size <= LIMITS.pictureBytes);
                  }}
                />
              </label>
              {/* Kept in its place while not needed (hidden, not removed): the page does not move as it hydrates. */}
              <Button
                type="submit"
                variant="contained"
                size="small"
                disabled={busy}
                className={picked || !enhanced ? undefined : 'invisible'}
              >
                {t('account.upload_picture')}
              </Button>
              <span className="t-caption muted">{t('account.picture_hint')}</span>
            </div>
          </UploadForm>
        </div>
      </div>
      {phoneChange && <PhoneCodeStep destination={phoneChange.destination} length={phoneChange.length} />}
      <Form method="post" onChange={() => setDirty(true)}>
        <input type="hidden" name="intent" value="profile" />
        <div className="grid sm-2 profile-fields">{gridFields}</div>
        <SubmitButton variant="contained" className={dirty || !enhanced ? 'mt-2' : 'mt-2 invisible'}>
          {t('account.update')}
        </SubmitButton>
      </Form>
      {!entity && <CorrectionSection user={user} correction={correction} asking={askingCorrection} />}
    </div>
  );
}
