import { Form, Link, useSearchParams } from '@remix-run/react';
import { useT } from '~/i18n';
import type { MemberAccount } from '@platform/contract';
import { buttonClass } from '~/ui/Button';
import { SubmitButton } from '~/ui/SubmitButton';
import { TextField } from '~/ui/TextField';
import { ConfirmDelete } from './ConfirmDelete';

export function SkillsTab({ skills }: { skills: MemberAccount['skilles'] }) {
  const { t } = useT();
  const [params] = useSearchParams();
  // Editing and deleting are steps in the address (?edit=id, ?confirm=id): they work without JavaScript.
  const editing = params.get('edit');
  const confirming = params.get('confirm');
  return (
    <div className="stack gap-2">
      <Form method="post" key={skills.length} className="row row-start">
        <input type="hidden" name="intent" value="skill-add" />
        <TextField id="skill-new" name="name" label={t('account.skill_name')} size="small" maxLength={60} />
        <SubmitButton variant="contained" className="no-shrink">
          {t('account.save')}
        </SubmitButton>
      </Form>
      {skills.length === 0 ? (
        <p className="muted">{t('account.skills_empty')}</p>
      ) : (
        <ul className="item-list">
          {skills.map((s) => (
            <li key={s._id} data-skill={s.name}>
              {editing === s._id ? (
                <Form method="post" className="row wrap grow">
                  <input type="hidden" name="intent" value="skill-edit" />
                  <input type="hidden" name="id" value={s._id} />
                  <TextField
                    name="name"
                    id={`skill-${s._id}`}
                    defaultValue={s.name}
                    size="small"
                    className="skill-edit"
                    autoFocus
                    maxLength={60}
                    aria-label={t('account.skill_name')}
                  />
                  <SubmitButton variant="contained" size="small">
                    {t('account.update_skill')}
                  </SubmitButton>
                  <Link to="/accounts?tab=myskills" replace className={buttonClass({ size: 'small' })}>
                    {t('ui.cancel')}
                  </Link>
                </Form>
              ) : confirming === s._id ? (
                <ConfirmDelete tab="myskills" intent="skill-delete" id={s._id} name={s.name} />
              ) : (
                <>
                  <span className="grow">{s.name}</span>
                  <Link to={`/accounts?tab=myskills&edit=${s._id}`} replace className={buttonClass({ size: 'small' })}>
                    {t('ui.edit')}
                  </Link>
                  <Link
                    to={`/accounts?tab=myskills&confirm=${s._id}`}
                    replace
                    className={buttonClass({ size: 'small', className: 'btn-danger' })}
                  >
                    {t('account.delete')}
                  </Link>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
