import { Pagination } from 'react-admin';

/** Page sizes of every back-office list (the default, 10, is each List's perPage). */
export const listPagination = <Pagination rowsPerPageOptions={[10, 25, 100]} />;
