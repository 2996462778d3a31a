import { Children, Fragment, isValidElement, type CSSProperties, type ReactNode } from 'react';

const SPLIT: CSSProperties = {
  display: 'inline-block',
  width: 1,
  height: '0.9em',
  margin: '0 8px',
  verticalAlign: 'middle',
  background: 'rgba(5, 5, 5, 0.06)',
};

/**
 * The links of a list row's action column (编辑 | 详情 | 删除 …) separated by thin vertical
 * lines, as antd Space with a vertical Divider draws them but in plain markup: it is drawn once
 * per row, so a large page stays cheap. The links stay on one line. Empty children (false, null) are skipped.
 */
export default function ActionLinks({ children }: { children: ReactNode }) {
  const items = Children.toArray(children);
  return (
    <span className="row-actions" style={{ whiteSpace: 'nowrap' }}>
      {items.map((item, i) => (
        <Fragment key={isValidElement(item) && item.key != null ? item.key : i}>
          {i > 0 && <span className="row-actions-split" role="separator" style={SPLIT} />}
          {item}
        </Fragment>
      ))}
    </span>
  );
}
