import { describe, expect, it } from 'vitest';
import { allows } from '../../lib/permissions';
import { RESOURCES } from '../resources';
import { SECTIONS } from '../sections';
import { selectedFor, visibleNav } from './nav-items';

const canWith = (keys: string[]) => {
  const held = new Set(keys);
  return (rule: Parameters<typeof allows>[1]) => allows(held, rule);
};

describe('the sidebar from the resources table', () => {
  it('hides what the user may not use', () => {
    const none = visibleNav(SECTIONS, RESOURCES, canWith([])).map((entry) => entry.section.key);
    expect(none).toContain('dashboard');
    expect(none).not.toContain('languages');
    expect(none).not.toContain('settings');
    const some = visibleNav(
      SECTIONS,
      RESOURCES,
      canWith(['manage-languages', 'manage-redirects']),
    ).map((entry) => entry.section.key);
    expect(some).toEqual(expect.arrayContaining(['dashboard', 'languages', 'settings']));
  });

  it('keeps spec §2 order and selects the screen of a path', () => {
    const entries = visibleNav(SECTIONS, RESOURCES, () => true);
    const order = SECTIONS.map((section) => section.key);
    const keys = entries.map((entry) => entry.section.key);
    expect([...keys].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(keys);
    expect(selectedFor(entries, '/languages')).toEqual({
      key: '/languages/manager',
      section: 'section:languages',
    });
    expect(selectedFor(entries, '/settings/redirect/')).toEqual({
      key: '/settings/redirect',
      section: 'section:settings',
    });
    expect(selectedFor(entries, '/')).toEqual({ key: '/dashboard', section: 'section:dashboard' });
    expect(selectedFor(entries, '/nowhere')).toEqual({});
  });

  it('declares every route path once', () => {
    const paths = RESOURCES.flatMap((resource) =>
      resource.screens.flatMap((screen) => screen.paths),
    );
    expect(new Set(paths).size).toBe(paths.length);
  });
});
