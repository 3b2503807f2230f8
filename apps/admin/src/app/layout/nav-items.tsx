import type { MenuProps } from 'antd';
import { Suspense } from 'react';
import { matchPath, NavLink } from 'react-router';
import {
  shownBadge,
  type DynamicNavGroup,
  type NavLabel,
  type ResourceDefinition,
  type ResourceScreen,
} from '../../lib/resource';
import type { PermissionRule } from '../../lib/permissions';
import type { Section } from '../sections';

type Translate = (key: string) => string;
type Can = (rule: PermissionRule | undefined) => boolean;

export type NavEntry = { section: Section; screens: ResourceScreen[]; groups: DynamicNavGroup[] };

/** Groups made from data, with the section of the resource that made them. */
export type SectionGroups = { section: string; groups: readonly DynamicNavGroup[] };

/** Whether a registered screen answers `path` and the user may open it. */
const routable = (resources: readonly ResourceDefinition[], can: Can, path: string) =>
  resources.some((resource) =>
    resource.screens.some(
      (screen) =>
        can(screen.permission ?? resource.permission) &&
        screen.paths.some((pattern) => matchPath({ path: pattern, end: true }, path) !== null),
    ),
  );

/** The sections the user may use, each with the screens of it they may open. */
export const visibleNav = (
  sections: readonly Section[],
  resources: readonly ResourceDefinition[],
  can: Can,
  dynamic: readonly SectionGroups[] = [],
): NavEntry[] =>
  sections
    .map((section) => ({
      section,
      screens: resources
        .filter((resource) => resource.section === section.key)
        .flatMap((resource) =>
          resource.screens
            .filter(
              (screen) => screen.nav !== false && can(screen.permission ?? resource.permission),
            )
            // a count the user may not see is not drawn, so it is never asked for
            .map((screen) =>
              screen.badge ? { ...screen, badge: shownBadge(resource, screen, can) } : screen,
            ),
        ),
      groups: dynamic
        .filter((entry) => entry.section === section.key)
        .flatMap((entry) => entry.groups)
        .map((group) => ({
          ...group,
          links: group.links.filter((link) => routable(resources, can, link.path)),
        }))
        .filter((group) => group.links.length > 0),
    }))
    .filter((entry) => entry.screens.length > 0 || entry.groups.length > 0);

export const labelText = (label: NavLabel, t: Translate) =>
  'key' in label ? t(label.key) : label.text;

/** A screen's count beside its label, when it has one the user may see. */
const badgeOf = (screen: NavEntry['screens'][number]) =>
  screen.badge ? (
    <Suspense fallback={null}>
      <screen.badge.component />
    </Suspense>
  ) : null;

export const menuItems = (entries: NavEntry[], t: Translate): MenuProps['items'] =>
  entries.map(({ section, screens, groups }) => {
    if ((section.flat || screens.length === 0) && groups.length === 0) {
      const target = screens[0]!.paths[0]!;
      // A section of one screen is one link: its screen's count goes beside the section's name.
      return {
        key: target,
        icon: section.icon,
        label: (
          <NavLink to={target}>
            {t(section.labelKey)}
            {screens[0] ? badgeOf(screens[0]) : null}
          </NavLink>
        ),
      };
    }
    return {
      key: `section:${section.key}`,
      icon: section.icon,
      label: t(section.labelKey),
      children: [
        ...screens.map((screen) => ({
          key: screen.paths[0]!,
          icon: screen.icon,
          label: (
            <NavLink to={screen.paths[0]!}>
              {t(screen.labelKey)}
              {badgeOf(screen)}
            </NavLink>
          ),
        })),
        ...groups.map((group) => ({
          key: `group:${group.key}`,
          label: labelText(group.label, t),
          children: group.links.map((link) => ({
            key: link.path,
            label: <NavLink to={link.path}>{labelText(link.label, t)}</NavLink>,
          })),
        })),
      ],
    };
  });

/** The menu key, the section (and the data group) of the screen showing `pathname`. */
export const selectedFor = (
  entries: NavEntry[],
  pathname: string,
): { key?: string; section?: string; group?: string } => {
  const normalized = pathname.replace(/\/+$/, '') || '/';
  let best: { key: string; section: string; group?: string; length: number } | undefined;
  const consider = (path: string, key: string, section: string, group?: string) => {
    const matches = normalized === path || (path !== '/' && normalized.startsWith(`${path}/`));
    if (matches && (!best || path.length > best.length))
      best = { key, section, group, length: path.length };
  };
  for (const { section, screens, groups } of entries) {
    for (const screen of screens)
      for (const path of screen.paths) consider(path, screen.paths[0]!, `section:${section.key}`);
    for (const group of groups)
      for (const link of group.links)
        consider(link.path, link.path, `section:${section.key}`, `group:${group.key}`);
  }
  if (!best) return {};
  return best.group
    ? { key: best.key, section: best.section, group: best.group }
    : { key: best.key, section: best.section };
};
