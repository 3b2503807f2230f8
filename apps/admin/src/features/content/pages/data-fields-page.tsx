import {
  FIELD_STYLES,
  STYLES_WITH_ITEMS,
  STYLES_WITH_OPTIONS,
  dataFieldFormSchema,
  type DataField,
  type FieldStyle,
} from '@backoffice/shared/data-field.schema';
import type { PostType } from '@backoffice/shared/post-type.schema';
import { toFieldKey } from '@backoffice/shared/slug';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { CrudPage } from '../../../components/crud-page';
import { addressId, RecordUnavailable } from '../../../components/record-unavailable';
import { dataFieldsApi } from '../api/data-fields-api';
import { groupsApi } from '../api/groups-api';
import { ApiSettingsInput } from '../components/api-settings-input';
import { FieldPreview } from '../components/field-preview';
import { ParentItemInput } from '../components/parent-item-input';
import { TypeScreen } from '../components/type-screen';

/** Where several values and a tree of choices mean something: a select box, an API select. */
const choosesOptions = (values: Record<string, unknown>) =>
  STYLES_WITH_OPTIONS.includes(values.style as FieldStyle);
/** The styles that choose among the field's items (so they list them). */
const listsItems = (values: Record<string, unknown>) =>
  STYLES_WITH_ITEMS.includes(values.style as FieldStyle);
/** Where the choices come from an API. */
const readsApi = (values: Record<string, unknown>) => values.style === 'api';
/** Styles whose default value is typed as text; a file or a list has none to type. */
const NO_TYPED_DEFAULT: readonly FieldStyle[] = [
  'editor',
  'image',
  'video',
  'document',
  'media',
  'list',
];
const takesDefault = (values: Record<string, unknown>) =>
  !NO_TYPED_DEFAULT.includes(values.style as FieldStyle);
/**
 * A script goes with a field whose value is chosen (a select box, radio buttons, checkboxes, an
 * API's choices): the website runs it around those choices. A script saved on another style
 * stays shown, so it can be read and cleared.
 */
const CHOOSING_STYLES: readonly FieldStyle[] = [...STYLES_WITH_ITEMS, 'api'];
const takesScript = (values: Record<string, unknown>) =>
  CHOOSING_STYLES.includes(values.style as FieldStyle) ||
  (typeof values.script === 'string' && values.script.trim() !== '');
const treeOfChoices = (values: Record<string, unknown>) =>
  values.style === 'selectbox' && values.has_children === true;

const FieldsList = ({ type }: { type: PostType }) => {
  const { t } = useTranslation('content');
  const navigate = useNavigate();
  const groupId = addressId(useParams().groupID);
  const group = useQuery({
    ...groupsApi.getQueryOptions(groupId ?? 0),
    enabled: groupId !== undefined,
  });
  if (groupId === undefined || group.isError)
    return (
      <RecordUnavailable
        query={group}
        missing={t('dataFields.groupMissing')}
        failed={t('loadError')}
      />
    );
  if (group.isPending) return <Skeleton active />;
  // a group of another type, or of options rather than fields, is not this screen's to show
  if (group.data.style !== 'field' || group.data.type_id !== type.id)
    return <RecordUnavailable missing={t('dataFields.groupMissing')} failed={t('loadError')} />;
  const styleOptions = FIELD_STYLES.map((style) => ({
    value: style,
    label: t(`fieldStyles.${style}`),
  }));
  const api = {
    ...dataFieldsApi,
    create: (body: Omit<Parameters<typeof dataFieldsApi.create>[0], 'group_id'>) =>
      dataFieldsApi.create({ ...body, group_id: groupId }),
  };
  return (
    <>
      <Button
        icon={<ArrowLeftOutlined />}
        style={{ marginBottom: 12 }}
        onClick={() => void navigate(`/posts/data-group/${type.id}`)}
      >
        {t('dataFields.back')}
      </Button>
      <CrudPage<DataField, typeof dataFieldFormSchema>
        title={`${t('dataFields.title')} · ${group.data.title}`}
        api={api}
        rowKey="id"
        bulkDelete
        createEffect="append"
        baseParams={{ group_id: groupId }}
        defaultSort={{ orderBy: 'sort', sortedBy: 'asc' }}
        permissions={{ create: 'fields.create', update: 'fields.update', delete: 'fields.delete' }}
        columns={[
          { key: 'sort', title: t('fields.sort'), sortable: true },
          {
            key: 'key',
            title: t('fields.key'),
            sortable: true,
            render: (row) => <Typography.Text code>{row.key}</Typography.Text>,
          },
          { key: 'title', title: t('fields.title'), sortable: true },
          {
            key: 'style',
            title: t('fields.style'),
            render: (row) => <Tag>{t(`fieldStyles.${row.style}`)}</Tag>,
          },
          {
            key: 'data',
            title: t('fields.data'),
            render: (row) => row.data.map((item) => <Tag key={item.value}>{item.title}</Tag>),
          },
        ]}
        form={{
          createSchema: dataFieldFormSchema,
          fields: [
            { name: 'title', label: t('fields.title') },
            {
              name: 'key',
              label: t('fields.key'),
              kind: 'slug',
              from: 'title',
              slugOf: toFieldKey,
              help: t('dataFields.keyHelp'),
            },
            { name: 'style', label: t('fields.style'), options: styleOptions },
            // Only what the chosen style uses shows (a hidden field keeps its value).
            { name: 'value', label: t('fields.value'), visible: takesDefault },
            {
              name: 'data',
              label: t('fields.data'),
              kind: 'list',
              itemLabel: t('dataFields.item'),
              newItem: { value: '', title: '' },
              help: t('dataFields.dataHelp'),
              visible: listsItems,
              fields: [
                { name: 'value', label: t('fields.value') },
                { name: 'title', label: t('fields.title') },
                {
                  name: 'parent',
                  label: t('dataFields.parent'),
                  input: <ParentItemInput />,
                  help: t('dataFields.parentHelp'),
                  visible: treeOfChoices,
                },
              ],
            },
            {
              name: 'script',
              label: t('fields.script'),
              kind: 'textarea',
              help: t('dataFields.scriptHelp'),
              visible: takesScript,
            },
            {
              name: 'api',
              label: t('fields.api'),
              input: <ApiSettingsInput />,
              help: t('dataFields.apiHelp'),
              visible: readsApi,
            },
            {
              name: 'has_option',
              label: t('fields.hasOption'),
              kind: 'switch',
              help: t('dataFields.hasOptionHelp'),
              visible: choosesOptions,
            },
            {
              name: 'has_children',
              label: t('fields.hasChildren'),
              kind: 'switch',
              help: t('dataFields.hasChildrenHelp'),
              visible: choosesOptions,
            },
            { name: 'sort', label: t('fields.sort'), kind: 'number' },
          ],
          createDefaults: {
            style: 'text',
            data: [],
            api: null,
            has_option: false,
            has_children: false,
          },
          toFormValues: (row) => ({
            key: row.key,
            title: row.title,
            value: row.value,
            style: row.style,
            data: row.data,
            script: row.script,
            api: row.api,
            has_option: row.has_option,
            has_children: row.has_children,
            sort: row.sort,
          }),
          createTitle: t('dataFields.createTitle'),
          editTitle: t('dataFields.editTitle'),
          extra: <FieldPreview />,
        }}
      />
    </>
  );
};

/** The data fields of a data group (/posts/data-group/:typeID/data-field/:groupID). */
export const DataFieldsPage = () => <TypeScreen>{(type) => <FieldsList type={type} />}</TypeScreen>;
