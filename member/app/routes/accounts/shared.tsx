import { Pagination } from '~/ui/Pagination';
import type { TabName } from './tabs';

/** Pages as links (?tab=…&page=n), so they work without JavaScript. */
export function PageLinks({ tab, page, count }: { tab: TabName; page: number; count: number }) {
  if (count <= 1) return null;
  return (
    <div className="mt-2">
      <Pagination page={page} count={count} href={(n) => `/accounts?tab=${tab}&page=${n}`} />
    </div>
  );
}
