import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useT } from '~/i18n';
import { Alert } from '~/ui/Alert';
import { Button, ButtonLink } from '~/ui/Button';
import { Card, CardBody } from '~/ui/Card';
import { CodeInput } from '~/ui/CodeInput';
import { SubmitButton } from '~/ui/SubmitButton';

/** The card every account form sits in: a title, an optional line of help, the server's error. */
export function FormCard({
  title,
  intro,
  error,
  children,
}: {
  title: string;
  intro?: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="container container-sm page">
      <Card>
        <CardBody>
          <h1 className="t-h5 gutter">{title}</h1>
          {intro && <p className="muted mb-2">{intro}</p>}
          {error && (
            <Alert severity="error" className="mb-2">
              {error}
            </Alert>
          )}
          {children}
        </CardBody>
      </Card>
    </div>
  );
}

/**
 * A one-time code page: where the code went, the boxes, "send a new code" (a post to `resendAction`
 * with `resend=1`: the same destination again, back on this page) and a link to change the destination.
 */
export function CodeStep(props: {
  title: string;
  destination: string;
  length: number;
  error?: string;
  busy: boolean;
  resendAction: string;
  changeTo: string;
  changeLabel: string;
}) {
  const { t } = useT();
  return (
    <FormCard
      title={props.title}
      error={props.error}
      intro={
        <>
          {t('verify.code_intro', { length: props.length })} <bdi dir="ltr">{props.destination}</bdi>
        </>
      }
    >
      <Form method="post" className="stack gap-3">
        <CodeInput length={props.length} />
        <SubmitButton variant="contained" size="large">
          {t('verify.submit')}
        </SubmitButton>
      </Form>
      <div className="row row-between wrap mt-2">
        <Form method="post" action={props.resendAction}>
          <input type="hidden" name="resend" value="1" />
          <Button type="submit" disabled={props.busy}>
            {t('verify.resend')}
          </Button>
        </Form>
        <ButtonLink to={props.changeTo}>{props.changeLabel}</ButtonLink>
      </div>
    </FormCard>
  );
}
