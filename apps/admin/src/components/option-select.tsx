import { matchesSearch } from '@backoffice/shared/search-fold';
import { useQuery } from '@tanstack/react-query';
import { Select, TreeSelect } from 'antd';
import { type CSSProperties, type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chosenOptionsQueryOptions, optionChoicesQueryOptions } from '../lib/api/option-queries';
import type { FieldOption, OptionsSource } from '../lib/options';
import { buildTree, type TreeBranch } from '../lib/tree';

type Value = string | number;

type OptionSelectProps = {
  source: OptionsSource;
  value?: Value | Value[] | null;
  onChange?: (value: Value | Value[] | null) => void;
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
  /** Choices' values as text (a filter's value read back from the address). */
  valuesAsText?: boolean;
  style?: CSSProperties;
  /** What an empty list says (e.g. why there is nothing to choose yet). */
  notFoundContent?: ReactNode;
};

const SEARCH_DELAY_MS = 300;

/** The choices of a source for the current search (server side when the source says so). */
const useOptions = (source: OptionsSource, search: string, valuesAsText = false) =>
  useQuery({
    ...optionChoicesQueryOptions(source, search),
    select: valuesAsText
      ? (options: FieldOption[]) =>
          options.map((option) => ({
            ...option,
            value: String(option.value),
            parent:
              option.parent === null || option.parent === undefined
                ? option.parent
                : String(option.parent),
          }))
      : undefined,
  });

const NO_OPTIONS: FieldOption[] = [];

/**
 * Labels of values chosen before this select opened (a saved record's) that the loaded
 * choices lack, from the source's `chosen` when it has one.
 */
const useUnlabelled = (
  source: OptionsSource,
  value: Value | Value[] | null | undefined,
  loaded: FieldOption[] | undefined,
  chosen: FieldOption[],
  valuesAsText = false,
) => {
  const values =
    value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];
  const missing = values.filter(
    (one) =>
      !(loaded ?? []).some((option) => option.value === one) &&
      !chosen.some((option) => option.value === one),
  );
  const query = useQuery({
    ...chosenOptionsQueryOptions(source, missing),
    enabled: Boolean(source.chosen) && loaded !== undefined && missing.length > 0,
    select: valuesAsText
      ? (options: FieldOption[]) =>
          options.map((option) => ({ ...option, value: String(option.value) }))
      : undefined,
  });
  return query.data ?? NO_OPTIONS;
};

/** A searchable select whose choices come from a query (a list of the API). */
export const OptionSelect = ({
  source,
  value,
  onChange,
  multiple,
  valuesAsText,
  notFoundContent,
  ...rest
}: OptionSelectProps) => {
  const { t } = useTranslation('common');
  const [search, setSearch] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The labels of chosen values, kept when a later server search no longer returns them.
  const [chosen, setChosen] = useState<FieldOption[]>([]);
  const { data, isFetching, isError } = useOptions(source, search, valuesAsText);
  const unlabelled = useUnlabelled(source, value, data, chosen, valuesAsText);

  const options = useMemo(() => {
    // What a record holds reads as it was saved, first; then what was loaded, then the labels
    // of values chosen earlier that a later search no longer returns, or that were looked up.
    const known = (source.known ?? []).filter((one) => !search || matchesSearch(one.label, search));
    return [...known, ...(data ?? []), ...chosen, ...unlabelled]
      .filter((one, index, all) => all.findIndex((other) => other.value === one.value) === index)
      .map((option) => ({ value: option.value, label: option.label }));
  }, [data, chosen, unlabelled, source.known, search]);

  return (
    <Select<Value | Value[]>
      {...rest}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      value={value ?? undefined}
      loading={isFetching}
      options={options}
      notFoundContent={isError ? t('notices.loadFailed') : notFoundContent}
      showSearch={{
        filterOption: source.remoteSearch
          ? false
          : (input, option) => matchesSearch(String(option?.label ?? ''), input),
        onSearch: source.remoteSearch
          ? (text) => {
              clearTimeout(timer.current);
              timer.current = setTimeout(() => setSearch(text.trim()), SEARCH_DELAY_MS);
            }
          : undefined,
      }}
      onChange={(next) => {
        const values =
          next === undefined || next === null ? [] : Array.isArray(next) ? next : [next];
        setChosen(options.filter((option) => values.includes(option.value)));
        onChange?.(next ?? null);
      }}
    />
  );
};

type TreeData = { value: Value; title: string; children: TreeData[] };

const toTreeData = (branches: ReadonlyArray<TreeBranch<FieldOption & { id: Value }>>): TreeData[] =>
  branches.map((branch) => ({
    value: branch.item.value,
    title: branch.item.label,
    children: toTreeData(branch.children),
  }));

/** A tree select over a flat source whose options name their `parent` (categories by parent). */
export const OptionTreeSelect = ({
  source,
  value,
  onChange,
  multiple,
  valuesAsText,
  ...rest
}: OptionSelectProps) => {
  const { t } = useTranslation('common');
  const { data, isFetching, isError } = useOptions(source, '', valuesAsText);
  const treeData = useMemo(
    () =>
      toTreeData(
        buildTree(
          (data ?? []).map((option) => ({ ...option, id: option.value, parent_id: option.parent })),
        ),
      ),
    [data],
  );
  return (
    <TreeSelect<Value | Value[]>
      {...rest}
      multiple={multiple}
      allowClear
      treeDefaultExpandAll
      value={value ?? undefined}
      loading={isFetching}
      treeData={treeData}
      notFoundContent={isError ? t('notices.loadFailed') : undefined}
      showSearch={{
        filterTreeNode: (input, node) => matchesSearch(String(node.title ?? ''), input),
      }}
      onChange={(next) => onChange?.(next ?? null)}
    />
  );
};
