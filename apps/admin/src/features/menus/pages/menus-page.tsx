import {
  DeleteOutlined,
  EditOutlined,
  ExclamationCircleOutlined,
  ExportOutlined,
  PlusOutlined,
  SaveOutlined,
} from '@ant-design/icons';
import { menuCreateSchema, type Menu } from '@backoffice/shared/menu.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Collapse,
  Empty,
  Flex,
  Form,
  Input,
  Row,
  Select,
  Space,
  Spin,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { TreeList } from '../../../components/tree-list/tree-list';
import { useDeleteNodeConfirm } from '../../../components/tree-list/use-delete-node-confirm';
import { useIssueText } from '../../../components/use-issue-text';
import { useNotices } from '../../../components/notices';
import { isApiError } from '../../../lib/api-client';
import { updateCachedLists } from '../../../lib/list-effects';
import { usePermissions } from '../../../lib/profile';
import { issuesToFieldErrors } from '../../../lib/zod-form';
import { menusApi } from '../api/menus-api';
import { CustomLinkForm } from '../components/custom-link-form';
import { ItemEditor } from '../components/item-editor';
import { SourcePanel } from '../components/source-panel';
import { CreateMenuModal } from '../components/create-menu-modal';
import {
  draftSignature,
  type DraftItem,
  itemAtPath,
  NEW_ITEM,
  newDraftId,
  removeItem,
  toDraft,
  toPayload,
} from '../menu-draft';
import { LTR } from '../ltr';
import { MENU_SOURCES, type SourceItem } from '../sources';
import { RowButton } from '../../../components/row-button';

const LIST = { limit: 100 } as const;

type Errors = Record<string, string[]>;

/** Errors by where they belong: the menu's own fields, and each item's by its draft id. */
const splitErrors = (items: readonly DraftItem[], errors: Errors) => {
  const menu: Errors = {};
  const byItem: Record<string, Errors> = {};
  for (const [path, texts] of Object.entries(errors)) {
    const at = itemAtPath(items, path);
    if (at) {
      const field = at.field || 'item';
      byItem[at.id] = { ...byItem[at.id], [field]: [...(byItem[at.id]?.[field] ?? []), ...texts] };
    } else menu[path] = [...(menu[path] ?? []), ...texts];
  }
  return { menu, byItem };
};

const ItemTitle = ({ item, errors }: { item: DraftItem; errors?: Errors }) => {
  const { t } = useTranslation('menus');
  return (
    <Space size={4} wrap>
      {errors ? (
        <Tooltip title={t('structure.hasErrors')}>
          <ExclamationCircleOutlined
            aria-label={t('structure.hasErrors')}
            style={{ color: 'var(--ant-color-error)' }}
          />
        </Tooltip>
      ) : null}
      <span>{item.title}</span>
      <Tag bordered={false}>{t(`types.${item.type}`)}</Tag>
      {item.viewer !== 'all' ? <Tag color="blue">{t(`viewers.${item.viewer}`)}</Tag> : null}
      {item.target === '_blank' ? (
        <ExportOutlined aria-label={t('structure.newTab')} title={t('structure.newTab')} />
      ) : null}
    </Space>
  );
};

/** The editor of one menu: its key and title, the sources on the left, the tree on the right. */
const MenuEditor = ({
  menu,
  onDirtyChange,
  onSaved,
}: {
  menu: Menu;
  onDirtyChange: (dirty: boolean) => void;
  onSaved: (menu: Menu) => void;
}) => {
  const { t } = useTranslation('menus');
  const { can } = usePermissions();
  const { message, modal } = App.useApp();
  const notices = useNotices();
  const translate = useIssueText();
  const confirmDelete = useDeleteNodeConfirm();
  const editable = can('menus.update');

  const [key, setKey] = useState(menu.key);
  const [title, setTitle] = useState(menu.title);
  const [items, setItems] = useState(() => toDraft(menu.items ?? []));
  const [saved, setSaved] = useState(() =>
    draftSignature({ key: menu.key, title: menu.title, items: toDraft(menu.items ?? []) }),
  );
  const [editing, setEditing] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ menu: Errors; byItem: Record<string, Errors> }>({
    menu: {},
    byItem: {},
  });

  // Edits in the item panel not yet applied count for leaving the page, not for saving.
  const [panelDirty, setPanelDirty] = useState(false);
  const signature = draftSignature({ key, title, items });
  const dirty = signature !== saved;
  useEffect(() => onDirtyChange(dirty || panelDirty), [dirty, panelDirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const save = useMutation({
    mutationFn: () => menusApi.update(menu.id, { key, title, items: toPayload(items) }),
    onSuccess: (record) => {
      setSaved(signature);
      setErrors({ menu: {}, byItem: {} });
      void message.success(t('saved'));
      onSaved(record);
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 422 && Object.keys(error.errors).length > 0) {
        setErrors(splitErrors(items, error.errors));
        return;
      }
      if (isApiError(error) && error.status === 403) notices.error(error);
      else void message.error(t('errors.save'));
    },
  });

  const submit = () => {
    const payload = { key, title, items: toPayload(items) };
    const checked = menuCreateSchema.safeParse(payload);
    if (!checked.success) {
      const found: Errors = {};
      for (const error of issuesToFieldErrors(checked.error.issues, translate))
        found[error.name.join('.')] = error.errors;
      setErrors(splitErrors(items, found));
      return;
    }
    save.mutate();
  };

  const add = (picked: SourceItem[]) => {
    const added: DraftItem[] = picked.map((item) => ({
      ...NEW_ITEM,
      ...item,
      id: newDraftId(),
      parent_id: null,
    }));
    setItems((current) => [...current, ...added]);
    void message.success(t('add.added', { count: added.length }));
  };

  const update = (id: string, values: Partial<DraftItem>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...values } : item)));
    setErrors((current) => {
      const byItem = { ...current.byItem };
      delete byItem[id];
      return { ...current, byItem };
    });
  };

  /** Opens another item in the panel (or closes it), asking first when the open one holds edits. */
  const editItem = (id: string | null) => {
    if (!panelDirty || id === editing) {
      setEditing(id);
      return;
    }
    modal.confirm({
      title: t('structure.discardTitle'),
      content: t('structure.discardContent'),
      okText: t('structure.discard'),
      okButtonProps: { danger: true },
      cancelText: t('stay'),
      onOk: () => {
        setPanelDirty(false);
        setEditing(id);
      },
    });
  };

  const remove = (item: DraftItem) =>
    confirmDelete({
      title: item.title,
      childCount: items.filter((other) => other.parent_id === item.id).length,
      onConfirm: async (choice) => {
        setItems((current) => removeItem(current, item.id, choice));
        if (editing === item.id) setEditing(null);
      },
    });

  const editingItem = items.find((item) => item.id === editing) ?? null;
  const fieldError = (name: 'key' | 'title') =>
    errors.menu[name]
      ? { validateStatus: 'error' as const, help: errors.menu[name]!.join(' ') }
      : {};
  const otherErrors = Object.entries(errors.menu).filter(
    ([name]) => name !== 'key' && name !== 'title',
  );
  const itemErrorCount = Object.keys(errors.byItem).length;

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Form layout="vertical" component="div">
          <Row gutter={16} align="bottom">
            <Col xs={24} md={9}>
              <Form.Item
                label={t('fields.title')}
                htmlFor="menu-title"
                required
                {...fieldError('title')}
              >
                <Input
                  id="menu-title"
                  value={title}
                  disabled={!editable}
                  onChange={(event) => setTitle(event.target.value)}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={9}>
              <Form.Item
                label={t('fields.key')}
                htmlFor="menu-key"
                required
                tooltip={t('keyHelp')}
                {...fieldError('key')}
              >
                <Input
                  id="menu-key"
                  dir="ltr"
                  style={LTR}
                  value={key}
                  disabled={!editable}
                  onChange={(event) => setKey(event.target.value)}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item>
                <Flex gap={8} align="center" justify="flex-end" wrap>
                  {dirty ? (
                    <Tag icon={<ExclamationCircleOutlined />} data-testid="unsaved">
                      {t('unsaved')}
                    </Tag>
                  ) : null}
                  {editable ? (
                    <Button
                      type="primary"
                      icon={<SaveOutlined />}
                      loading={save.isPending}
                      disabled={!dirty}
                      onClick={submit}
                    >
                      {t('save')}
                    </Button>
                  ) : null}
                </Flex>
              </Form.Item>
            </Col>
          </Row>
        </Form>
        {itemErrorCount > 0 || otherErrors.length > 0 ? (
          <Alert
            type="error"
            showIcon
            title={t('saveErrors')}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {otherErrors.map(([name, texts]) => (
                  <li key={name}>{texts.join(' ')}</li>
                ))}
                {Object.entries(errors.byItem).map(([id, itemErrors]) => {
                  const item = items.find((one) => one.id === id);
                  return (
                    <li key={id}>
                      <Button type="link" size="small" onClick={() => editItem(id)}>
                        {item?.title ?? id}
                      </Button>
                      {Object.values(itemErrors).flat().join(' ')}
                    </li>
                  );
                })}
              </ul>
            }
          />
        ) : null}
      </Card>
      <Row gutter={[16, 16]}>
        {editable ? (
          <Col xs={24} lg={9}>
            <Card size="small" title={t('add.title')}>
              <Collapse
                defaultActiveKey={['custom']}
                items={[
                  {
                    key: 'custom',
                    label: t('add.customLink'),
                    children: <CustomLinkForm onAdd={add} />,
                  },
                  ...MENU_SOURCES.filter((source) => can(source.permission)).map((source) => ({
                    key: source.key,
                    label: t(source.labelKey.replace(/^menus:/, '')),
                    children: <SourcePanel source={source} onAdd={add} />,
                  })),
                ]}
              />
            </Card>
          </Col>
        ) : null}
        <Col xs={24} lg={editable ? 15 : 24}>
          <Card size="small" title={t('structure.title')}>
            {items.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('structure.empty')} />
            ) : (
              <TreeList<DraftItem>
                ariaLabel={t('structure.treeLabel')}
                items={items}
                label={(item) => item.title}
                render={(item) => <ItemTitle item={item} errors={errors.byItem[item.id]} />}
                actions={
                  editable
                    ? (item) => (
                        <>
                          <RowButton
                            label={t('structure.edit', { title: item.title })}
                            type={editing === item.id ? 'primary' : 'text'}
                            icon={<EditOutlined />}
                            aria-expanded={editing === item.id}
                            onClick={() => editItem(editing === item.id ? null : item.id)}
                          />
                          <RowButton
                            label={t('structure.delete', { title: item.title })}
                            type="text"
                            danger
                            icon={<DeleteOutlined />}
                            onClick={() => remove(item)}
                          />
                        </>
                      )
                    : undefined
                }
                onMove={editable ? (move) => setItems(move.items) : undefined}
              />
            )}
            {editingItem && editable ? (
              <div style={{ marginTop: 16 }}>
                <ItemEditor
                  item={editingItem}
                  errors={errors.byItem[editingItem.id]}
                  onApply={(values) => update(editingItem.id, values)}
                  onClose={() => setEditing(null)}
                  onDirtyChange={setPanelDirty}
                />
              </div>
            ) : null}
          </Card>
        </Col>
      </Row>
    </Flex>
  );
};

/** /appearance/menu and /settings/menu: choose a menu, build its tree, save it. */
export const MenusPage = () => {
  const { t } = useTranslation('menus');
  const { can } = usePermissions();
  const { modal } = App.useApp();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  // Leaving the page or choosing another menu with unsaved changes asks first.
  const unsaved = useUnsavedChanges(t('leaveContent'));
  const { markDirty, markSaved } = unsaved;

  const list = useQuery(menusApi.listQueryOptions(LIST));
  const menus = useMemo(() => list.data?.data ?? [], [list.data]);
  const chosenId = Number(params.get('menu')) || menus[0]?.id;
  const chosen = useQuery({
    ...menusApi.getQueryOptions(chosenId ?? 0),
    enabled: Boolean(chosenId),
  });

  const onDirtyChange = useCallback(
    (value: boolean) => (value ? markDirty() : markSaved()),
    [markDirty, markSaved],
  );

  const choose = (id: number) => setParams({ menu: String(id) });

  const onSaved = useCallback(
    (record: Menu) => {
      queryClient.setQueryData(menusApi.keys.item(record.id), record);
      // The menu just saved moves first in the list.
      updateCachedLists(queryClient, menusApi.keys.lists(), {
        type: 'move-first',
        record,
        matches: (row: Menu) => row.id === record.id,
      });
      void queryClient.invalidateQueries({ queryKey: menusApi.keys.lists() });
    },
    [queryClient],
  );

  const onCreated = (record: Menu) => {
    setCreating(false);
    notices.created();
    updateCachedLists(queryClient, menusApi.keys.lists(), { type: 'prepend', record });
    queryClient.setQueryData(menusApi.keys.item(record.id), record);
    void queryClient.invalidateQueries({ queryKey: menusApi.keys.lists() });
    choose(record.id);
  };

  const deleteMenu = (menu: Menu) =>
    modal.confirm({
      title: t('deleteMenuTitle', { title: menu.title }),
      okText: t('common:actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common:actions.cancel'),
      onOk: async () => {
        try {
          await menusApi.remove(menu.id);
        } catch (error) {
          notices.error(error);
          return;
        }
        notices.deleted();
        markSaved();
        queryClient.removeQueries({ queryKey: menusApi.keys.item(menu.id) });
        await queryClient.invalidateQueries({ queryKey: menusApi.keys.lists() });
        const next = menus.find((one) => one.id !== menu.id);
        setParams(next ? { menu: String(next.id) } : {});
      },
    });

  const current = chosen.data;

  return (
    <>
      <PageHeader
        title={t('title')}
        extra={
          can('menus.create') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('newMenu')}
            </Button>
          ) : null
        }
      />
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('errors.load')}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              {t('common:actions.retry')}
            </Button>
          }
        />
      ) : list.isPending ? (
        <Spin />
      ) : menus.length === 0 ? (
        <Empty description={t('noMenus')}>
          {can('menus.create') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('newMenu')}
            </Button>
          ) : null}
        </Empty>
      ) : (
        <Flex vertical gap={16}>
          <Flex gap={8} align="center" wrap>
            <Typography.Text strong id="choose-menu-label">
              {t('chooseMenu')}
            </Typography.Text>
            <Select
              aria-labelledby="choose-menu-label"
              style={{ minWidth: 260 }}
              value={chosenId}
              showSearch={{ optionFilterProp: 'label' }}
              onChange={(id: number) => choose(id)}
              options={menus.map((menu) => ({
                value: menu.id,
                label: `${menu.title} (${menu.key})`,
              }))}
              data-testid="menu-select"
            />
            {current && can('menus.delete') ? (
              // The confirm is the red one; red text here would be too faint to read.
              <Button icon={<DeleteOutlined />} onClick={() => deleteMenu(current)}>
                {t('deleteMenu')}
              </Button>
            ) : null}
          </Flex>
          {chosen.isError ? (
            <Alert
              type="error"
              showIcon
              title={t('errors.load')}
              action={
                <Button size="small" onClick={() => void chosen.refetch()}>
                  {t('common:actions.retry')}
                </Button>
              }
            />
          ) : !current ? (
            <Spin />
          ) : (
            <MenuEditor
              key={`${current.id}-${current.created_at}`}
              menu={current}
              onDirtyChange={onDirtyChange}
              onSaved={onSaved}
            />
          )}
        </Flex>
      )}
      {unsaved.dialog}
      <CreateMenuModal open={creating} onClose={() => setCreating(false)} onCreated={onCreated} />
    </>
  );
};
