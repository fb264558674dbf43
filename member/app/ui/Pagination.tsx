import { Link } from '@remix-run/react';
import { useT } from '~/i18n';
import { ChevronEndIcon, ChevronStartIcon } from './icons';

/** The pages to show: the first, the last, the current one and its neighbours, with gaps between. */
function pages(page: number, count: number): (number | 'gap')[] {
  const wanted = new Set([1, count, page - 1, page, page + 1].filter((p) => p >= 1 && p <= count));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push(p - sorted[i - 1] === 2 ? p - 1 : 'gap');
    out.push(p);
  });
  return out;
}

/** Links to the pages of a list (they work without JavaScript); `href(n)` is the address of page n. */
export function Pagination({ page, count, href }: { page: number; count: number; href: (page: number) => string }) {
  const { t } = useT();
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      <ul>
        <li>
          {page > 1 ? (
            <Link to={href(page - 1)} aria-label={t('pagination.previous')}>
              <ChevronStartIcon className="icon-small" />
            </Link>
          ) : (
            <span className="disabled" aria-hidden>
              <ChevronStartIcon className="icon-small" />
            </span>
          )}
        </li>
        {pages(page, count).map((p, i) => (
          <li key={p === 'gap' ? `gap${i}` : p}>
            {p === 'gap' ? (
              <span aria-hidden>…</span>
            ) : (
              <Link
                to={href(p)}
                aria-current={p === page ? 'page' : undefined}
                aria-label={t('pagination.page', { page: p })}
              >
                {p}
              </Link>
            )}
          </li>
        ))}
        <li>
          {page < count ? (
            <Link to={href(page + 1)} aria-label={t('pagination.next')}>
              <ChevronEndIcon className="icon-small" />
            </Link>
          ) : (
            <span className="disabled" aria-hidden>
              <ChevronEndIcon className="icon-small" />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
