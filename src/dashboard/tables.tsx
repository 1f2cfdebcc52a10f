/**
 * The dashboard's tables: a region that scrolls sideways on a narrow screen, a semantic table
 * with its empty row, and keyset pages (cursors) with their pager.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDashboard } from './context';
import type { Page } from './types';
import { type Loaded, LoadState } from './ui';

/**
 * A table in a region that scrolls sideways on a narrow screen. While its table is wider than
 * the region, the region takes the keyboard's focus so the arrow keys scroll it; while it fits,
 * it is no tab stop of its own.
 */
export function TableRegion({ label, children }: { label: string; children: React.ReactNode }) {
  const region = useRef<HTMLElement>(null);
  const [scrolls, setScrolls] = useState(true);
  useEffect(() => {
    const el = region.current;
    if (!el) return;
    const measure = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    // A scrollable region must be reachable by keyboard (axe scrollable-region-focusable).
    <section ref={region} className="table-wrap" aria-label={label} tabIndex={scrolls ? 0 : undefined}>
      {children}
    </section>
  );
}

/**
 * A semantic table in a TableRegion: its caption, a column heading per `columns` and a row per
 * item (`row` draws it, its first cell a row heading); with no items, one row says `empty`.
 */
export function DataTable<T>({
  label,
  caption,
  columns,
  empty,
  items,
  row,
}: {
  label: string;
  caption: string;
  columns: readonly string[];
  empty?: string;
  items: readonly T[];
  row: (item: T) => React.ReactNode;
}) {
  return (
    <TableRegion label={label}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.length === 0 && empty !== undefined && (
            <tr>
              <td colSpan={columns.length}>{empty}</td>
            </tr>
          )}
          {items.map(row)}
        </tbody>
      </table>
    </TableRegion>
  );
}

/** Keyset pages: the cursor of the page shown and those of the pages before it, so Previous goes back without OFFSET. */
export function useCursors() {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const first = useCallback(() => setCursors([null]), []);
  return {
    cursor: cursors.at(-1) ?? null,
    /** Back to the first page (a filter changed). */
    first,
    back: cursors.length > 1 ? () => setCursors(cursors.slice(0, -1)) : null,
    forward: (next: string) => setCursors([...cursors, next]),
  };
}
export type Cursors = ReturnType<typeof useCursors>;

/**
 * A list screen's page of a keyset list: its loading and error states, the table of its items
 * (DataTable) and the Previous and Next buttons.
 */
export function PagedTable<T>({
  loaded,
  cursors,
  ...table
}: { loaded: Loaded<Page<T>>; cursors: Cursors } & Omit<Parameters<typeof DataTable<T>>[0], 'items'>) {
  const { t } = useDashboard();
  return (
    <LoadState loaded={loaded}>
      {(page) => (
        <>
          <DataTable {...table} items={page.items} />
          {/* One page only: no pager at all rather than two buttons that do nothing. */}
          {(cursors.back || page.next_cursor) && (
            <nav className="pager" aria-label={t('pages')}>
              <button type="button" disabled={!cursors.back} onClick={() => cursors.back?.()}>
                {t('previousPage')}
              </button>
              <button type="button" disabled={!page.next_cursor} onClick={() => page.next_cursor && cursors.forward(page.next_cursor)}>
                {t('nextPage')}
              </button>
            </nav>
          )}
        </>
      )}
    </LoadState>
  );
}
