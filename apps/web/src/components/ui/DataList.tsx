import type { ReactNode } from 'react';
import { useWideLayout } from '../../lib/use-media-query.ts';

/** A column of the wide layout: its heading and what each item shows in it. */
export interface DataColumn<Item> {
  /** The heading; also the column's key, so headings are unique within a list. */
  label: string;
  cell: (item: Item) => ReactNode;
  /** Classes of the column's cells (padding included); by default padded, on one line. */
  className?: string;
  /** Numbers line up on the right. */
  alignRight?: boolean;
}

interface DataListProps<Item> {
  items: readonly Item[];
  itemKey: (item: Item) => string;
  columns: DataColumn<Item>[];
  /** An item on a phone: what goes inside its list item. */
  card: (item: Item) => ReactNode;
  /** Classes of each card's list item. */
  cardClassName?: string;
  /** Classes of the list of cards. */
  cardsClassName?: string;
  /** Classes of each table row. */
  rowClassName?: string;
  /** A last column of per-item buttons; `actionsLabel` names it for screen readers. */
  actions?: { label: string; cell: (item: Item) => ReactNode };
}

const headCell = 'px-3 py-2 text-sm font-semibold text-stone-700';

/**
 * A list of records as a table on wide screens and as cards on phones. Only one of the two is rendered, so a long
 * list costs one layout, not two with one hidden.
 */
export function DataList<Item>({
  items,
  itemKey,
  columns,
  card,
  cardClassName,
  cardsClassName = 'flex flex-col gap-2',
  rowClassName = 'border-b border-stone-200',
  actions,
}: DataListProps<Item>) {
  const wide = useWideLayout();
  if (!wide) {
    return (
      <ul className={cardsClassName}>
        {items.map((item) => (
          <li key={itemKey(item)} className={cardClassName}>
            {card(item)}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse">
        <thead className="border-b border-stone-300">
          <tr>
            {columns.map((column) => (
              <th key={column.label} className={`${headCell} ${column.alignRight ? 'text-right' : 'text-left'}`}>
                {column.label}
              </th>
            ))}
            {actions && (
              <th className={`${headCell} text-left`}>
                <span className="sr-only">{actions.label}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={itemKey(item)} className={rowClassName}>
              {columns.map((column) => (
                <td
                  key={column.label}
                  className={`${column.className ?? 'px-3 py-2 whitespace-nowrap'}${column.alignRight ? ' text-right tabular-nums' : ''}`}
                >
                  {column.cell(item)}
                </td>
              ))}
              {actions && <td className="px-1 py-0 text-right">{actions.cell(item)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
