import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { FormCard } from '~/components/FormCard';
import { translate, useT } from '~/i18n';
import { requireUser } from '~/utils/auth.server';
import { getSession, sessionStorage } from '~/utils/session.server';
import { forwardMultipart } from '~/utils/upload.server';
import { readForm } from '~/utils/form.server';
import { SubmitButton } from '~/ui/SubmitButton';
import { Select } from '~/ui/Select';
import { Alert } from '~/ui/Alert';
import { ButtonLink } from '~/ui/Button';
import { TextField } from '~/ui/TextField';

const MEMBERS = ['student', 'coach', 'entity'] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, [...MEMBERS]);
  // The API refuses others (adults and people only); the page says so before the form is filled.
  return { eligible: user.canApplyAsJudge };
}

/** The judge/referee application (spec §5): the fields, then the PDFs as file_0, file_1, … to the API. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { token, lang } = await requireUser(request, [...MEMBERS]);
  const fields = ['organization_name', 'city', 'apply_as', 'pexperince'].map(
    (name) => [name, String(form.get(name) ?? '').trim()] as const,
  );
  const values = Object.fromEntries(fields);
  if (fields.some(([, v]) => !v))
    return data({ error: translate(lang, 'judge.fields_empty'), values }, { status: 400 });
  const files = form.getAll('cv').filter((f): f is File => f instanceof File && f.size > 0);
  const body = new FormData();
  for (const [name, value] of fields) body.set(name, value);
  files.forEach((file, i) => body.set(`file_${i}`, file, file.name));
  body.set('total_files', String(files.length));
  const res = await forwardMultipart('/invest/registration', body, token, lang);
  if (!res.ok) return data({ error: res.message ?? translate(lang, 'judge.failed'), values }, { status: 400 });
  const session = await getSession(request);
  session.flash('toast', { type: 'success', text: res.message ?? translate(lang, 'judge.submitted') });
  return redirect('/', { headers: { 'Set-Cookie': await sessionStorage.commitSession(session) } });
}

export default function JudgeApply() {
  const { t } = useT();
  const { eligible } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const v = (name: string) => result?.values?.[name] ?? '';
  const select = (name: string, label: string, options: [string, string][]) => (
    <Select
      name={name}
      label={label}
      defaultValue={v(name)}
      required
      options={options.map(([id, name]) => ({ id, name }))}
    />
  );
  if (!eligible)
    return (
      <FormCard title={t('judge.title')}>
        <Alert severity="info" className="mb-2">
          {t('ui.judge_not_eligible')}
        </Alert>
        <ButtonLink to="/" variant="outlined">
          {t('receipt.home')}
        </ButtonLink>
      </FormCard>
    );
  return (
    <FormCard title={t('judge.title')} error={result?.error}>
      <Form method="post" encType="multipart/form-data">
        <div className="stack gap-2">
          <TextField
            id="organization_name"
            name="organization_name"
            label={t('judge.organization')}
            defaultValue={v('organization_name')}
            required
          />
          <TextField id="city" name="city" label={t('judge.city')} defaultValue={v('city')} required />
          {select('apply_as', t('judge.apply_as'), [
            ['Refree', t('judge.refree')],
            ['Judge', t('judge.judge')],
          ])}
          {select('pexperince', t('judge.experience'), [
            ['yes', t('judge.yes')],
            ['no', t('judge.no')],
          ])}
          <TextField
            id="cv"
            name="cv"
            type="file"
            label={t('judge.cv')}
            helperText={t('judge.cv_hint')}
            required
            accept="application/pdf,.pdf"
            multiple
          />
          <SubmitButton variant="contained" size="large">
            {t('judge.submit')}
          </SubmitButton>
        </div>
      </Form>
    </FormCard>
  );
}
