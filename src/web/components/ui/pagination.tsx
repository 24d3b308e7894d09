import { Button } from './button';

export type TPaginationLabels = {
  /** The navigation landmark's name. */
  nav: string;
  /** Where we are, e.g. "page 2 of 5". */
  status: (page: number, pages: number, total: number) => string;
  previous: string;
  next: string;
};

/**
 * Previous / next for server-paginated lists, with where we are; the texts come from the screen's namespace.
 * A page past the end keeps "previous" enabled, which leads back to the last page. `hideSingle` hides the
 * whole control when everything fits on one page.
 */
export function Pagination({
  page,
  pageSize,
  total,
  onPage,
  labels,
  hideSingle = false,
  hasNext,
  testId,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  labels: TPaginationLabels;
  hideSingle?: boolean;
  /** For lists paged by cursor, whose total may be a little old (decision 225): whether the server has more. */
  hasNext?: boolean;
  testId?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const more = hasNext ?? page < pages;
  if (hideSingle && pages <= 1 && !more && page <= 1) return null;
  return (
    <nav aria-label={labels.nav} className="flex flex-wrap items-center justify-between gap-2 text-sm text-gray-700" data-testid={testId}>
      <p data-testid="pagination-status">{labels.status(page, pages, total)}</p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(Math.min(page - 1, pages))} data-testid="previous-page">
          {labels.previous}
        </Button>
        <Button variant="secondary" size="sm" disabled={!more} onClick={() => onPage(page + 1)} data-testid="next-page">
          {labels.next}
        </Button>
      </div>
    </nav>
  );
}
