import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NAV_POST_TYPES_KEY, postTypesApi } from '../api/post-types-api';

export const MENU_RELOAD_MS = 2000;

/**
 * After a post type changes, the sidebar's Posts section is rebuilt from the types: the user is
 * told the menu will reload, and it does two seconds later.
 */
export const useMenuReload = () => {
  const { t } = useTranslation('content');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return () => {
    void message.info({ content: t('types.reloadNotice'), duration: MENU_RELOAD_MS / 1000 + 1 });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: NAV_POST_TYPES_KEY });
      void queryClient.invalidateQueries({ queryKey: postTypesApi.keys.all });
    }, MENU_RELOAD_MS);
  };
};
