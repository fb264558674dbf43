import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PolicyPage } from '~/components/PolicyPage';
import { loadPolicy } from '~/utils/policy.server';
import { translate } from '~/i18n';
import { withSite } from '~/utils/seo';

export const loader = async ({ request }: LoaderFunctionArgs) => ({ policy: await loadPolicy(request, 'terms') });

export const meta: MetaFunction = ({ matches }) => {
  const lang = (matches[0]?.data as { lang?: 'en' | 'ar' } | undefined)?.lang ?? 'en';
  return withSite(matches, [{ title: `${translate(lang, 'footer.terms')} · ${translate(lang, 'brand')}` }]);
};

export default function Terms() {
  return <PolicyPage which="terms" policy={useLoaderData<typeof loader>().policy} />;
}
