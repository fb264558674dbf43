import { LANGUAGES, LIMITS } from '@platform/contract';
import { useEffect, useState } from 'react';
import {
  PasswordInput,
  SelectInput,
  TextInput,
  email,
  regex,
  required,
  useFieldValue,
  useLocaleState,
  useRecordContext,
  type Validator,
} from 'react-admin';
import { PictureInput } from './PictureInput';

/** Countries with their names in the interface language, from the API's reference data. */
export function useCountries() {
  const [locale] = useLocaleState();
  const [choices, setChoices] = useState<{ id: string; name: string }[]>([]);
  useEffect(() => {
    let live = true;
    fetch(`/api/countries?lang=${locale}`)
      .then((r) => r.json())
      .then((body: { data: { iso2: string; country: string }[] }) => {
        if (live) setChoices(body.data.map((c) => ({ id: c.iso2, name: c.country })));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [locale]);
  return choices;
}

const nationalId = regex(/^\d{10}$/, 'app.validation.national_id');

/** Password and confirmation must match ('The passwords do not match.'). */
const matchesPassword: Validator = (value, values) =>
  (value || values.password) && value !== values.password ? 'app.validation.password_mismatch' : undefined;

/**
 * The fields users and admins share: picture, name, e-mail, phone, national ID, nationality and a
 * password with its confirmation (required on create, optional on edit). Staff (`staff`) need only
 * a name, an e-mail and a password: they sign in with their e-mail.
 */
export function PersonInputs({ creating, staff = false }: { creating: boolean; staff?: boolean }) {
  const countries = useCountries();
  const need = creating ? [required()] : [];
  const identity = staff ? [] : [required()];
  return (
    <>
      <PictureInput />
      <TextInput source="name" validate={required()} fullWidth />
      <TextInput source="email" type="email" validate={[required(), email()]} fullWidth />
      <TextInput source="phone_number" validate={identity} fullWidth slotProps={{ htmlInput: { dir: 'ltr' } }} />
      <TextInput
        source="national_id"
        validate={[...identity, nationalId]}
        fullWidth
        slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric', maxLength: LIMITS.nationalIdDigits } }}
      />
      <SelectInput source="nationality" choices={countries} validate={identity} fullWidth />
      <LanguageInput creating={creating} />
      <PasswordInput source="password" validate={need} fullWidth autoComplete="new-password" />
      <PasswordInput source="cpassword" validate={[...need, matchesPassword]} fullWidth autoComplete="new-password" />
    </>
  );
}

export const languageChoices = LANGUAGES.map((id) => ({ id, name: `app.language.${id}` }));

/**
 * The language of the person's messages. Left empty on create, the API guesses it from the
 * nationality and phone; an account whose language was guessed says so until someone chooses one.
 */
function LanguageInput({ creating }: { creating: boolean }) {
  const record = useRecordContext<{ language_chosen?: boolean }>();
  const helperText = creating
    ? 'app.user.language_create'
    : record?.language_chosen === false
      ? 'app.user.language_guessed'
      : undefined;
  return (
    <SelectInput
      source="language"
      choices={languageChoices}
      validate={creating ? undefined : required()}
      helperText={helperText}
      fullWidth
    />
  );
}

/** A country code (SA) shown by its name in the interface's language. */
export function CountryName({ source }: { source: string; label?: string }) {
  const code = useFieldValue({ source }) as string | null | undefined;
  const countries = useCountries();
  if (!code) return <span>—</span>;
  return <span>{countries.find((c) => c.id === code)?.name ?? code}</span>;
}
