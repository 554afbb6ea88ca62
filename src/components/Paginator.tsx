// The shared paginator: up to three page numbers around the current page, with first /
// previous / next / last shown only where they lead somewhere. Used by Results and wallet Transactions.
import { useLingui } from '@lingui/react/macro';
import { pageControls, pageNumbers } from '../../machines/rules/paging';
import './paging.css';

export function Paginator({
  page,
  count,
  onChange,
}: {
  page: number;
  count: number;
  onChange: (page: number) => void;
}) {
  const { t } = useLingui();
  if (count <= 1) return null;
  const controls = pageControls(page, count);
  const step = (label: string, to: number, symbol: string) => (
    <button type="button" className="page-btn" aria-label={label} onClick={() => onChange(to)}>
      {symbol}
    </button>
  );
  return (
    <nav className="paginator" aria-label={t`Pages`}>
      {controls.first && step(t`First page`, 1, '«')}
      {controls.previous && step(t`Previous page`, page - 1, '‹')}
      {pageNumbers(page, count).map((n) => (
        <button
          key={n}
          type="button"
          className="page-btn"
          aria-current={n === page ? 'page' : undefined}
          aria-label={t`Page ${n}`}
          onClick={() => onChange(n)}
        >
          {n}
        </button>
      ))}
      {controls.next && step(t`Next page`, page + 1, '›')}
      {controls.last && step(t`Last page`, count, '»')}
    </nav>
  );
}
