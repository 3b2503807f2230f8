import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** One edit of a dependency's file: `find` must occur exactly once. */
type Edit = { file: RegExp; find: string; replace: string };

/**
 * Ant Design's popups and animations update their state while React commits a render, where
 * every update is synchronous: React then runs, before the page can paint, every effect the
 * render scheduled (which would otherwise run after the paint) and a second render. A list
 * screen mounts some twenty popup triggers (its filters, the sort's tooltip, the column headers'
 * tooltips, the top bar's menus) and a dozen animations (the sidebar's sections, its count), so
 * its first rows waited for all of that: some 80 ms on a new browser profile.
 *
 * Each edit leaves what the component shows unchanged:
 * - a trigger records the element it wraps in state from its ref: as a transition, that renders
 *   right after the paint (nothing reads the element before the popup opens);
 * - a trigger "resets" its popup's position to not ready when it mounts closed, replacing the
 *   state with a copy that says what it said: it does so only when the position was ready;
 * - an animation records whether it is shown, for its `onVisibleChanged` callback after the
 *   motion: on mount (no motion) as a transition;
 * - an animation without motion sets its status back to none when it already is none: skipped.
 */
export const EDITS: Edit[] = [
  {
    file: /[\\/]@rc-component[\\/]trigger[\\/]es[\\/]index\.js$/,
    find: 'setTargetEle(domNode);',
    replace: 'React.startTransition(() => setTargetEle(domNode));',
  },
  {
    file: /[\\/]@rc-component[\\/]trigger[\\/]es[\\/]hooks[\\/]useAlign\.js$/,
    find: 'setOffsetInfo(ori => ({\n      ...ori,\n      ready: false\n    }));',
    replace: 'if (offsetInfo.ready) setOffsetInfo(ori => ({ ...ori, ready: false }));',
  },
  {
    file: /[\\/]@rc-component[\\/]motion[\\/]es[\\/]hooks[\\/]useStatus\.js$/,
    find: 'setAsyncVisible(visible);\n    const isMounted = mountedRef.current;',
    replace:
      'const isMounted = mountedRef.current;\n    if (isMounted) setAsyncVisible(visible);\n    else React.startTransition(() => setAsyncVisible(visible));',
  },
  {
    file: /[\\/]@rc-component[\\/]motion[\\/]es[\\/]hooks[\\/]useStatus\.js$/,
    find: '// Set back in case no motion but prev status has prepare step\n      setStatus(STATUS_NONE);',
    replace:
      '// Set back in case no motion but prev status has prepare step\n      if (getStatus() !== STATUS_NONE) setStatus(STATUS_NONE);',
  },
];

/** Applies `edits` to the dependency files they name; a missing text fails the build. */
export const commitPhaseUpdates = (edits: Edit[] = EDITS): Plugin => ({
  name: 'backoffice:commit-phase-updates',
  transform(code, id) {
    const mine = edits.filter((edit) => edit.file.test(id));
    if (mine.length === 0) return null;
    const edited = new MagicString(code);
    for (const { find, replace } of mine) {
      const at = code.indexOf(find);
      // a new version of the dependency changed the code: fail rather than lose the edit unseen
      if (at < 0 || code.indexOf(find, at + 1) >= 0)
        this.error(`${id} no longer has exactly one ${JSON.stringify(find)}`);
      edited.overwrite(at, at + find.length, replace);
    }
    return { code: edited.toString(), map: edited.generateMap({ hires: true }) };
  },
});
