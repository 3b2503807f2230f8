import { ExclamationCircleOutlined } from '@ant-design/icons';
import { Modal, Space } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { useStableCallback } from '../lib/use-stable-callback';

/**
 * Work typed and not saved is never lost by a stray click: while `dirty`, going to another
 * address in the app asks first (a dialog in the reader's language), and closing or reloading
 * the tab asks through the browser's own prompt. `markSaved()` before a navigation the screen
 * makes itself (after a save) lets it through at once.
 *
 * ```tsx
 * const unsaved = useUnsavedChanges();
 * onValuesChange={() => unsaved.markDirty()}  …  after a save: unsaved.markSaved();
 * return <>{form}{unsaved.dialog}</>;
 * ```
 */
export const useUnsavedChanges = (content?: string) => {
  const { t } = useTranslation('common');
  // a ref as well as state: the blocker reads it at the moment of the navigation
  const dirtyRef = useRef(false);
  const [dirty, setDirty] = useState(false);
  const set = useCallback((value: boolean) => {
    dirtyRef.current = value;
    setDirty(value);
  }, []);
  const markDirty = useCallback(() => {
    if (!dirtyRef.current) set(true);
  }, [set]);
  const markSaved = useCallback(() => set(false), [set]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );

  // Listening all along and reading the ref: a tab closed in the instant after a keystroke,
  // before React has rendered the change, still asks.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!dirtyRef.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  const dialog = (
    <Modal
      open={blocker.state === 'blocked'}
      title={
        <Space>
          <ExclamationCircleOutlined />
          {t('unsaved.title')}
        </Space>
      }
      okText={t('unsaved.leave')}
      okButtonProps={{ danger: true }}
      cancelText={t('unsaved.stay')}
      onOk={() => {
        set(false);
        blocker.proceed?.();
      }}
      onCancel={() => blocker.reset?.()}
    >
      {content ?? t('unsaved.content')}
    </Modal>
  );

  return { dirty, markDirty, markSaved, dialog };
};

/**
 * Ctrl+S (⌘S on a Mac) runs `save` instead of the browser's "Save page as…", wherever the
 * focus is on the screen (a text field, the rich text editor).
 */
export const useSaveShortcut = (save: () => void, enabled = true) => {
  const run = useStableCallback(save);
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      if (event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      if (!event.repeat) run();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled, run]);
};
