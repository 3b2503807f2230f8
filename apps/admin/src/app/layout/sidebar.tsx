import { Menu } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { usePermissions } from '../../lib/profile';
import { namespaceOf } from '../../lib/resource';
import { RESOURCES } from '../resources';
import { SECTIONS } from '../sections';
import { menuItems, selectedFor, visibleNav } from './nav-items';

/** The sidebar menu, drawn from the resources table and the user's permissions. */
export const SidebarMenu = ({
  collapsed,
  onNavigate,
}: {
  collapsed?: boolean;
  onNavigate?: () => void;
}) => {
  const { can } = usePermissions();
  const entries = useMemo(() => visibleNav(SECTIONS, RESOURCES, can), [can]);
  const namespaces = useMemo(
    () => [
      'layout',
      ...new Set(
        entries
          .flatMap((entry) => [entry.section.labelKey, ...entry.screens.map((s) => s.labelKey)])
          .map(namespaceOf),
      ),
    ],
    [entries],
  );
  const { t } = useTranslation(namespaces);
  const { pathname } = useLocation();
  const selected = selectedFor(entries, pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(selected.section ? [selected.section] : []);
  // the section of the current screen opens when the screen changes (state adjusted while rendering)
  const [shownSection, setShownSection] = useState(selected.section);
  if (shownSection !== selected.section) {
    setShownSection(selected.section);
    if (selected.section && !openKeys.includes(selected.section))
      setOpenKeys([...openKeys, selected.section]);
  }

  return (
    <Menu
      mode="inline"
      inlineCollapsed={collapsed}
      items={menuItems(entries, t)}
      selectedKeys={selected.key ? [selected.key] : []}
      openKeys={collapsed ? undefined : openKeys}
      onOpenChange={setOpenKeys}
      onClick={() => onNavigate?.()}
      style={{ borderInlineEnd: 0 }}
    />
  );
};
