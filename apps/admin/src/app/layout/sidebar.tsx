import { useQueries } from '@tanstack/react-query';
import { Menu } from 'antd';
import { memo, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { usePermissions } from '../../lib/profile';
import { namespaceOf, navQuery } from '../../lib/resource';
import { RESOURCES } from '../resources';
import { SECTIONS } from '../sections';
import { menuItems, selectedFor, type SectionGroups, visibleNav } from './nav-items';

/**
 * The menu renders all its entries whenever it renders; memoized, a new search or page of a
 * screen (the address changed, not the screen) leaves it alone.
 */
const SidebarMenuList = memo(Menu);
const MENU_STYLE = { borderInlineEnd: 0 };

/** Sections open from the start (Sales: a shop's orders one click away). */
const OPEN_FROM_START = SECTIONS.filter((section) => section.open).map(
  (section) => `section:${section.key}`,
);

/** Resources whose sidebar entries come from data (one group per post type). */
const DYNAMIC = RESOURCES.filter((resource) => resource.nav);

/** The sidebar menu, drawn from the resources table, the data some of them list, and the user's permissions. */
export const SidebarMenu = ({
  collapsed,
  onNavigate,
}: {
  collapsed?: boolean;
  onNavigate?: () => void;
}) => {
  const { can } = usePermissions();
  const sources = useMemo(() => DYNAMIC.filter((resource) => can(resource.permission)), [can]);
  const dynamicData = useQueries({
    queries: sources.map((resource) => navQuery(resource.nav!)),
    // The combined answers stay the same object while no answer changes.
    combine: (results) => results.map((result) => result.data),
  });
  const dynamic = useMemo<SectionGroups[]>(
    () =>
      sources.flatMap((resource, index) =>
        dynamicData[index] === undefined
          ? []
          : [{ section: resource.section, groups: resource.nav!.groups(dynamicData[index]) }],
      ),
    [sources, dynamicData],
  );
  const entries = useMemo(() => visibleNav(SECTIONS, RESOURCES, can, dynamic), [can, dynamic]);
  const namespaces = useMemo(
    () => [
      'layout',
      ...new Set(
        entries
          .flatMap((entry) => [
            entry.section.labelKey,
            ...entry.screens.map((s) => s.labelKey),
            ...entry.groups.flatMap((group) =>
              [group.label, ...group.links.map((link) => link.label)].flatMap((label) =>
                'key' in label ? [label.key] : [],
              ),
            ),
          ])
          .map(namespaceOf),
      ),
    ],
    [entries],
  );
  const { t } = useTranslation(namespaces);
  const items = useMemo(() => menuItems(entries, t), [entries, t]);
  const { pathname } = useLocation();
  const selected = selectedFor(entries, pathname);
  const selectedKeys = useMemo(() => (selected.key ? [selected.key] : []), [selected.key]);
  const navigated = useCallback(() => onNavigate?.(), [onNavigate]);
  const wanted = [selected.section, selected.group].filter((key): key is string => Boolean(key));
  const [openKeys, setOpenKeys] = useState<string[]>(() => [
    ...new Set([...OPEN_FROM_START, ...wanted]),
  ]);
  // the section of the current screen opens when the screen changes (state adjusted while rendering)
  const shownKey = wanted.join('|');
  const [shown, setShown] = useState(shownKey);
  if (shown !== shownKey) {
    setShown(shownKey);
    const missing = wanted.filter((key) => !openKeys.includes(key));
    if (missing.length > 0) setOpenKeys([...openKeys, ...missing]);
  }

  return (
    <SidebarMenuList
      mode="inline"
      inlineCollapsed={collapsed}
      // A top entry's tooltip repeats its label, for a collapsed sidebar only: drawn anyway, the
      // ten of them (each a few components) went into every first render for nothing.
      tooltip={collapsed ? undefined : false}
      items={items}
      selectedKeys={selectedKeys}
      openKeys={collapsed ? undefined : openKeys}
      onOpenChange={setOpenKeys}
      onClick={navigated}
      style={MENU_STYLE}
    />
  );
};
