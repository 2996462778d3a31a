import { Pagination, type PaginationProps } from 'antd';
import { PAGINATOR_DEFAULTS, paginatorTotalText } from './model.js';

export type PaginatorProps = PaginationProps;

/**
 * The paginator of spec 2.6 / 9: antd Pagination with default page 1, total 100, page sizes
 * 10/20/30, size changer, quick jumper and the 'from-to 共N条' total; every default can be
 * overridden by the props (`current`/`onChange` for a controlled paginator).
 */
export function Paginator(props: PaginatorProps) {
  return (
    <Pagination
      defaultCurrent={PAGINATOR_DEFAULTS.current}
      defaultPageSize={PAGINATOR_DEFAULTS.pageSize}
      total={PAGINATOR_DEFAULTS.total}
      pageSizeOptions={[...PAGINATOR_DEFAULTS.pageSizeOptions]}
      showSizeChanger
      showQuickJumper
      showTotal={paginatorTotalText}
      {...props}
    />
  );
}
