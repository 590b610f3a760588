/** One column of a table's head: its label, a label read but not shown (an actions column), its own classes. */
export interface TableColumn {
  label: string;
  hidden?: boolean;
  className?: string;
}

/**
 * A table's caption, for screen readers (the heading above names it for the eye), and its head row: each column a
 * `th scope="col"`. The member app's tables (coupons, slips, safer play's activity) share it.
 */
export function TableHead({
  caption,
  columns,
  rowClassName,
  cellClassName,
}: {
  caption: string;
  columns: readonly TableColumn[];
  rowClassName: string;
  cellClassName: string;
}) {
  return (
    <>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className={rowClassName}>
          {columns.map((column) => (
            <th key={column.label} scope="col" className={`${cellClassName} ${column.className ?? ''}`.trim()}>
              {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
            </th>
          ))}
        </tr>
      </thead>
    </>
  );
}
