import { Input, Select } from 'antd';
import { lazy, memo, Suspense } from 'react';
import type { FieldOption, OptionsSource } from '../../lib/options';
import { OptionSelect, OptionTreeSelect } from '../option-select';

type FilterBase = {
  /** The query parameter (for a date range: only a key; its two parameters are `params`). */
  name: string;
  label: string;
  /** What the control shows while nothing is chosen ("All warehouses"; default: the label). */
  placeholder?: string;
};

/** A filter above a list; its value is a query parameter of the list's address and request. */
export type ListFilter =
  /** Fixed choices, or choices from a query (e.g. the categories of a type). */
  | (FilterBase & { kind?: 'select'; options: FieldOption[] | OptionsSource })
  /** Choices from a flat tree (options name their `parent`). */
  | (FilterBase & { kind: 'tree-select'; options: OptionsSource })
  /** Two dates (`YYYY-MM-DD`) sent as two parameters, e.g. `['from', 'to']`. */
  | (FilterBase & { kind: 'date-range'; params: readonly [from: string, to: string] })
  /** Free text, sent when Enter is pressed. */
  | (FilterBase & { kind: 'text' });

/** The query parameters a filter sets. */
export const filterParams = (filter: ListFilter): string[] =>
  filter.kind === 'date-range' ? [...filter.params] : [filter.name];

const WIDTH = { minWidth: 180 };
// about the width of the two dates' picker, so the toolbar does not move when it arrives
const DATE_WIDTH = { width: 350 };

const DateRangeFilter = lazy(() =>
  import('./date-range-filter').then((module) => ({ default: module.DateRangeFilter })),
);

type ListFiltersProps = {
  filters: ReadonlyArray<ListFilter>;
  values: Record<string, string | undefined>;
  onChange: (changes: Record<string, string | undefined>) => void;
};

// What a filter shows: an options source is named by its cache key (a screen builds its filters
// anew on every render, with new load functions for the same choices).
const shown = (filter: ListFilter) =>
  JSON.stringify([
    filter.name,
    filter.kind,
    filter.label,
    filter.placeholder,
    filter.kind === 'date-range' ? filter.params : null,
    'options' in filter
      ? Array.isArray(filter.options)
        ? filter.options
        : [filter.options.key, filter.options.remoteSearch, filter.options.known]
      : null,
  ]);

/**
 * The selects re-render only when a filter, its value or the handler changes: a new page or
 * search re-rendered every one of them (a tree select of 200 categories among them) before the
 * rows.
 */
const sameFilters = (before: ListFiltersProps, after: ListFiltersProps) =>
  before.onChange === after.onChange &&
  before.filters.length === after.filters.length &&
  before.filters.every((filter, index) => {
    const next = after.filters[index]!;
    return (
      shown(filter) === shown(next) &&
      filterParams(filter).every((name) => before.values[name] === after.values[name])
    );
  });

/** The filter controls of a list; `onChange` gets the parameters to set (undefined clears one). */
const ListFiltersInner = ({ filters, values, onChange }: ListFiltersProps) => (
  <>
    {filters.map((filter) => {
      const common = {
        'aria-label': filter.label,
        placeholder: filter.placeholder ?? filter.label,
      };
      switch (filter.kind) {
        case 'date-range': {
          const [fromName, toName] = filter.params;
          return (
            <Suspense
              key={filter.name}
              fallback={
                <Input
                  aria-label={filter.label}
                  placeholder={filter.label}
                  disabled
                  style={DATE_WIDTH}
                />
              }
            >
              <DateRangeFilter
                label={filter.label}
                from={values[fromName]}
                to={values[toName]}
                onChange={(from, to) => onChange({ [fromName]: from, [toName]: to })}
              />
            </Suspense>
          );
        }
        case 'text':
          return (
            <Input.Search
              key={filter.name}
              {...common}
              allowClear
              defaultValue={values[filter.name]}
              onSearch={(text) => onChange({ [filter.name]: text.trim() || undefined })}
              style={{ width: 200 }}
            />
          );
        case 'tree-select':
          return (
            <OptionTreeSelect
              key={filter.name}
              {...common}
              valuesAsText
              source={filter.options}
              value={values[filter.name]}
              onChange={(value) =>
                onChange({ [filter.name]: value === null ? undefined : String(value) })
              }
              style={WIDTH}
            />
          );
        default:
          return Array.isArray(filter.options) ? (
            <Select
              key={filter.name}
              {...common}
              allowClear
              value={values[filter.name]}
              options={filter.options.map((option) => ({
                value: String(option.value),
                label: option.label,
              }))}
              onChange={(value: string | undefined) => onChange({ [filter.name]: value })}
              style={WIDTH}
            />
          ) : (
            <OptionSelect
              key={filter.name}
              {...common}
              valuesAsText
              source={filter.options}
              value={values[filter.name]}
              onChange={(value) =>
                onChange({ [filter.name]: value === null ? undefined : String(value) })
              }
              style={WIDTH}
            />
          );
      }
    })}
  </>
);

export const ListFilters = memo(ListFiltersInner, sameFilters);
