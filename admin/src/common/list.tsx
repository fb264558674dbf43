import { Pagination } from 'react-admin';

/** Page sizes of every back-office list (the default, 10, is each List's perPage). */
export const listPagination = <Pagination rowsPerPageOptions={[10, 25, 100]} />;

/** The table scrolls inside the page so its header row stays in view (DataTable makes it sticky). */
export const stickyTableSx = {
  '& .RaDataTable-tableWrapper': { maxHeight: 'calc(100vh - 260px)', overflow: 'auto' },
} as const;
