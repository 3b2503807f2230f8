import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
} from '@ant-design/icons';
import {
  App,
  Button,
  ConfigProvider,
  Empty,
  Flex,
  Space,
  Spin,
  Tooltip,
  Tree,
  Typography,
} from 'antd';
import type { TreeDataNode, TreeProps } from 'antd';
import { type KeyboardEvent, type ReactNode, useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  buildTree,
  canMoveUnder,
  dropTarget,
  type FlatNode,
  keyboardTarget,
  moveNode,
  type TreeBranch,
  type TreeKey,
  type TreeMoveDirection,
  type TreeMoveResult,
} from '../../lib/tree';

export type TreeMove<T> = TreeMoveResult<T>;

export type TreeListProps<T extends FlatNode> = {
  /** The flat list as the API sends it: `id`, `parent_id`, siblings in their order. */
  items: readonly T[];
  /** The node's name, also read to screen readers when it moves. */
  label: (item: T) => string;
  /** What a node shows; the label by default. */
  render?: (item: T) => ReactNode;
  /** Buttons after a node's title (edit, delete…). */
  actions?: (item: T) => ReactNode;
  /** A move by dragging or by the keyboard; without it the tree is read-only. */
  onMove?: (move: TreeMove<T>) => void;
  loading?: boolean;
  /** The tree's accessible name. */
  ariaLabel: string;
};

type Node = TreeDataNode & { key: string; item: unknown };

const toData = <T extends FlatNode>(
  branches: ReadonlyArray<TreeBranch<T>>,
  title: (item: T) => ReactNode,
): Node[] =>
  branches.map((branch) => ({
    key: String(branch.item.id),
    item: branch.item,
    title: title(branch.item),
    children: toData(branch.children, title),
  }));

/** The buttons, and their Alt + arrow shortcuts: "into" and "out of" follow the reading direction. */
const directions = (rtl: boolean) =>
  [
    { direction: 'up', labelKey: 'tree.moveUp', icon: <ArrowUpOutlined />, key: 'ArrowUp' },
    { direction: 'down', labelKey: 'tree.moveDown', icon: <ArrowDownOutlined />, key: 'ArrowDown' },
    {
      direction: 'outdent',
      labelKey: 'tree.outdent',
      icon: rtl ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />,
      key: rtl ? 'ArrowRight' : 'ArrowLeft',
    },
    {
      direction: 'indent',
      labelKey: 'tree.indent',
      icon: rtl ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />,
      key: rtl ? 'ArrowLeft' : 'ArrowRight',
    },
  ] as const satisfies ReadonlyArray<{
    direction: TreeMoveDirection;
    labelKey: string;
    icon: ReactNode;
    key: string;
  }>;

const ARROWS: Record<string, string> = {
  ArrowUp: '↑',
  ArrowDown: '↓',
  ArrowLeft: '←',
  ArrowRight: '→',
};

/**
 * A flat list shown as a tree: drag a node to reorder or re-parent it, or select it and use
 * the buttons (or Alt + arrow keys). A node never goes into its own branch.
 */
export const TreeList = <T extends FlatNode>({
  items,
  label,
  render,
  actions,
  onMove,
  loading = false,
  ariaLabel,
}: TreeListProps<T>) => {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  const rtl = useContext(ConfigProvider.ConfigContext).direction === 'rtl';
  const [selected, setSelected] = useState<string | null>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [announcement, setAnnouncement] = useState('');

  const byKey = useMemo(() => new Map(items.map((item) => [String(item.id), item])), [items]);
  const treeData = useMemo(
    () =>
      toData(buildTree(items), (item) => (
        <Flex gap={8} align="center" wrap={false} data-node-id={String(item.id)}>
          <span>{render ? render(item) : label(item)}</span>
          {actions ? (
            // Clicking a node's button must not select or drag the node.
            <span onClick={(event) => event.stopPropagation()} style={{ display: 'inline-flex' }}>
              <Space size={4}>{actions(item)}</Space>
            </span>
          ) : null}
        </Flex>
      )),
    [items, label, render, actions],
  );
  const parentKeys = useMemo(
    () =>
      items
        .filter((item) => items.some((other) => String(other.parent_id) === String(item.id)))
        .map((item) => String(item.id)),
    [items],
  );
  const expandedKeys = parentKeys.filter((key) => !collapsed.has(key));
  const current = selected !== null && byKey.has(selected) ? byKey.get(selected)! : null;

  const apply = (id: TreeKey, target: { parentId: TreeKey | null; index: number } | null) => {
    if (!onMove || !target) return;
    const result = moveNode(items, id, target.parentId, target.index);
    if (!result) {
      void message.warning(t('tree.ownBranch'));
      return;
    }
    if (target.parentId !== null) {
      const parentKey = String(target.parentId);
      setCollapsed((previous) => new Set([...previous].filter((key) => key !== parentKey)));
    }
    const node = byKey.get(String(id));
    const parent = target.parentId === null ? undefined : byKey.get(String(target.parentId));
    setAnnouncement(
      t('tree.moved', {
        title: node ? label(node) : '',
        parent: parent ? label(parent) : t('tree.top'),
        position: result.position.order + 1,
      }),
    );
    onMove(result);
  };

  const moveCurrent = (direction: TreeMoveDirection) => {
    if (current) apply(current.id, keyboardTarget(items, current.id, direction));
  };

  const handleKeyDownCapture = (event: KeyboardEvent) => {
    if (!event.altKey || !onMove || !current) return;
    const direction = directions(rtl).find((one) => one.key === event.key)?.direction;
    if (!direction) return;
    // The tree's own arrow keys move the focus; with Alt they move the node instead.
    event.preventDefault();
    event.stopPropagation();
    moveCurrent(direction);
  };

  const handleDrop: TreeProps<Node>['onDrop'] = (info) => {
    const dropKey = String(info.node.key);
    const dragKey = String(info.dragNode.key);
    const drag = byKey.get(dragKey);
    const drop = byKey.get(dropKey);
    if (!drag || !drop) return;
    const slot = Number(String(info.node.pos).split('-').at(-1));
    const relative = info.dropToGap ? (info.dropPosition - slot < 0 ? -1 : 1) : 0;
    const openWithChildren = Boolean(info.node.expanded) && (info.node.children?.length ?? 0) > 0;
    apply(drag.id, dropTarget(items, drag.id, drop.id, relative, openWithChildren));
  };

  if (!loading && items.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} />;

  return (
    <Spin spinning={loading}>
      {onMove ? (
        <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
          <Space.Compact>
            {directions(rtl).map(({ direction, labelKey, icon, key }) => (
              <Tooltip key={direction} title={t(`${labelKey}Hint`, { keys: `Alt+${ARROWS[key]}` })}>
                <Button
                  icon={icon}
                  aria-label={t(labelKey)}
                  aria-keyshortcuts={`Alt+${key}`}
                  disabled={!current || !keyboardTarget(items, current.id, direction)}
                  onClick={() => moveCurrent(direction)}
                  data-testid={`tree-${direction}`}
                />
              </Tooltip>
            ))}
          </Space.Compact>
          <Typography.Text type="secondary">
            {current ? t('tree.selected', { title: label(current) }) : t('tree.hint')}
          </Typography.Text>
        </Flex>
      ) : null}
      <div onKeyDownCapture={handleKeyDownCapture}>
        <Tree<Node>
          aria-label={ariaLabel}
          blockNode
          showLine
          treeData={treeData}
          draggable={Boolean(onMove)}
          allowDrop={({ dragNode, dropNode, dropPosition }) => {
            const drag = byKey.get(String(dragNode.key));
            const drop = byKey.get(String(dropNode.key));
            const target = drag && drop ? dropTarget(items, drag.id, drop.id, dropPosition) : null;
            return target !== null && canMoveUnder(items, drag!.id, target.parentId);
          }}
          onDrop={handleDrop}
          expandedKeys={expandedKeys}
          onExpand={(keys) => {
            const open = new Set(keys.map(String));
            setCollapsed(new Set(parentKeys.filter((key) => !open.has(key))));
          }}
          selectedKeys={selected ? [selected] : []}
          // The selection is the node the keyboard moves: clicking it again keeps it selected.
          onSelect={(keys) => {
            if (keys[0] !== undefined) setSelected(String(keys[0]));
          }}
          onActiveChange={(key) => {
            if (key !== null && key !== undefined) setSelected(String(key));
          }}
        />
      </div>
      <div aria-live="polite" style={visuallyHidden} data-testid="tree-announcement">
        {announcement}
      </div>
    </Spin>
  );
};

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
