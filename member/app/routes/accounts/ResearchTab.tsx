import type { ResearchView } from '@platform/contract';
import { Link, useSearchParams } from '@remix-run/react';
import { useT } from '~/i18n';
import { UploadForm } from '~/components/UploadForm';
import { formatDay } from '~/utils/posts';
import { buttonClass, ButtonLink } from '~/ui/Button';
import { SubmitButton } from '~/ui/SubmitButton';
import { TextField } from '~/ui/TextField';
import { ConfirmDelete } from './ConfirmDelete';

/** The research file types the API accepts (spec §5). */
export const RESEARCH_ACCEPT = '.pdf,.doc,.docx,.ppt,.pptx,.xls,.xlsx,.zip';

const formatSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function ResearchTab({ entries }: { entries: ResearchView[] }) {
  const { t, lang } = useT();
  const confirming = useSearchParams()[0].get('confirm');
  return (
    <div className="stack gap-3">
      <UploadForm intent="research-add" key={entries.length}>
        <div className="stack gap-2">
          <TextField id="research-title" name="title" label={t('account.research_title')} required maxLength={200} />
          <TextField
            id="research-desc"
            name="desc"
            label={t('account.research_desc')}
            multiline
            rows={3}
            maxLength={5000}
          />
          <div>
            <input id="research-file" type="file" name="file" accept={RESEARCH_ACCEPT} required />
            <p className="t-caption muted">{t('account.research_hint')}</p>
          </div>
          <div>
            <SubmitButton variant="contained">{t('account.save')}</SubmitButton>
          </div>
        </div>
      </UploadForm>
      {entries.length === 0 ? (
        <p className="muted">{t('account.research_empty')}</p>
      ) : (
        <ul className="item-list">
          {entries.map((r) => (
            <li key={r._id} className="item-top">
              <div className="grow research-text">
                <p className="t-strong">{r.title}</p>
                {r.desc && <p className="t-body2 t-pre-line">{r.desc}</p>}
                <span className="t-caption muted">
                  <bdi>{r.file.name}</bdi> · {formatSize(r.file.size)} · {formatDay(r.created_at, lang)}
                </span>
              </div>
              <ButtonLink href={`/accounts/research/${r._id}`} size="small">
                {t('account.download')}
              </ButtonLink>
              {confirming === r._id ? (
                <ConfirmDelete tab="research" intent="research-delete" id={r._id} name={r.title} />
              ) : (
                <Link
                  to={`/accounts?tab=research&confirm=${r._id}`}
                  replace
                  className={buttonClass({ size: 'small', className: 'btn-danger' })}
                >
                  {t('account.delete')}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
