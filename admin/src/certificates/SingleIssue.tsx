import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useState } from 'react';
import {
  AutocompleteInput,
  Button,
  Form,
  FormDataConsumer,
  ReferenceInput,
  SelectInput,
  TextInput,
  required,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { apiFetch } from '../common/api';
import { SeasonAndCompetition, singleKindChoices } from './fields';

/** One certificate for one person (a judge, a volunteer, a guest, a special award): admins. */
export function SingleIssueButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const submit = async (values: Record<string, unknown>) => {
    try {
      const res = await apiFetch('/admin/certificates/single', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(values),
      });
      notify(((await res.json()) as { message: string }).message, { type: 'success' });
      setOpen(false);
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <>
      <Button label="app.certificate.single" onClick={() => setOpen(true)}>
        <PersonAddIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="single-title">
        <Form onSubmit={submit}>
          <DialogTitle id="single-title">{translate('app.certificate.single_title')}</DialogTitle>
          <DialogContent>
            <Stack>
              <ReferenceInput source="user_id" reference="users">
                <AutocompleteInput
                  optionText="name"
                  label="resources.certificates.fields.user_id"
                  validate={required()}
                />
              </ReferenceInput>
              <SelectInput
                source="kind"
                choices={singleKindChoices}
                label="resources.certificates.fields.kind"
                validate={required()}
              />
              <FormDataConsumer>
                {({ formData }) =>
                  formData.kind === 'award' && (
                    <>
                      <TextInput source="award" label="resources.certificates.fields.award" validate={required()} />
                      <TextInput
                        source="award_en"
                        label="resources.certificates.fields.award_en"
                        validate={required()}
                      />
                    </>
                  )
                }
              </FormDataConsumer>
              <SeasonAndCompetition />
            </Stack>
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</MuiButton>
            <MuiButton type="submit" variant="contained">
              {translate('app.certificate.issue_start')}
            </MuiButton>
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}
