import type { TableProps } from 'antd';

/**
 * A table's expandable rows with their column named: antd leaves the header of the column of
 * expand buttons without text, an unnamed column to a screen reader (axe: empty-table-header).
 */
export function namedExpandColumn<T>(expandable: TableProps<T>['expandable']): TableProps<T>['expandable'] {
  return expandable && { columnTitle: <span className="visually-hidden">Details</span>, ...expandable };
}
