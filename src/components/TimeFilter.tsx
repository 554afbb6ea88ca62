// Time-range selector shared by Results and wallet Transactions. The placeholder option means 'All': the
// original client gives both the same duration.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { isTimeFilterId, TIME_FILTERS, type TimeFilterId } from '../../machines/rules/timeFilter';
import './paging.css';

const LABELS: Record<TimeFilterId, MessageDescriptor> = {
  all: msg`All`,
  month: msg`Last month`,
  week: msg`Last 7 days`,
  day: msg`Last 24 hours`,
  '12h': msg`Last 12 hours`,
  '6h': msg`Last 6 hours`,
  '1h': msg`Last hour`,
};

export function TimeFilter({
  value,
  onChange,
  id = 'time-filter',
}: {
  value: TimeFilterId | null;
  onChange: (value: TimeFilterId) => void;
  id?: string;
}) {
  const { t, i18n } = useLingui();
  return (
    <div className="filter">
      <label htmlFor={id}>{t`Time range`}</label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => {
          const next = event.target.value;
          onChange(isTimeFilterId(next) ? next : 'all');
        }}
      >
        <option value="">{t`Select time range`}</option>
        {TIME_FILTERS.map((filter) => (
          <option key={filter.id} value={filter.id}>
            {i18n._(LABELS[filter.id])}
          </option>
        ))}
      </select>
    </div>
  );
}
