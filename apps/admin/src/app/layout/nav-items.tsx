import type { MenuProps } from 'antd';
import { NavLink } from 'react-router';
import type { ResourceDefinition, ResourceScreen } from '../../lib/resource';
import type { PermissionRule } from '../../lib/permissions';
import type { Section } from '../sections';

type Translate = (key: string) => string;
type Can = (rule: PermissionRule | undefined) => boolean;

export type NavEntry = { section: Section; screens: ResourceScreen[] };

/** The sections the user may use, each with the screens of it they may open. */
export const visibleNav = (
  sections: readonly Section[],
  resources: readonly ResourceDefinition[],
  can: Can,
): NavEntry[] =>
  sections
    .map((section) => ({
      section,
      screens: resources
        .filter((resource) => resource.section === section.key)
        .flatMap((resource) =>
          resource.screens.filter(
            (screen) => screen.nav !== false && can(screen.permission ?? resource.permission),
          ),
        ),
    }))
    .filter((entry) => entry.screens.length > 0);

export const menuItems = (entries: NavEntry[], t: Translate): MenuProps['items'] =>
  entries.map(({ section, screens }) => {
    if (section.flat || screens.length === 0) {
      const target = screens[0]!.paths[0]!;
      return {
        key: target,
        icon: section.icon,
        label: <NavLink to={target}>{t(section.labelKey)}</NavLink>,
      };
    }
    return {
      key: `section:${section.key}`,
      icon: section.icon,
      label: t(section.labelKey),
      children: screens.map((screen) => ({
        key: screen.paths[0]!,
        icon: screen.icon,
        label: <NavLink to={screen.paths[0]!}>{t(screen.labelKey)}</NavLink>,
      })),
    };
  });

/** The menu key and the section of the screen showing `pathname`. */
export const selectedFor = (
  entries: NavEntry[],
  pathname: string,
): { key?: string; section?: string } => {
  const normalized = pathname.replace(/\/+$/, '') || '/';
  let best: { key: string; section: string; length: number } | undefined;
  for (const { section, screens } of entries) {
    for (const screen of screens) {
      for (const path of screen.paths) {
        const matches = normalized === path || (path !== '/' && normalized.startsWith(`${path}/`));
        if (matches && (!best || path.length > best.length)) {
          best = { key: screen.paths[0]!, section: `section:${section.key}`, length: path.length };
        }
      }
    }
  }
  return best ? { key: best.key, section: best.section } : {};
};
