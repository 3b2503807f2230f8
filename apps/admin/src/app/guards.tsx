import { Button } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { LazyResult } from '../components/lazy-result';
import { LoadingScreen } from '../components/loading-screen';
import { NoPermission } from '../components/no-permission';
import { ScreenTitleContext } from '../components/screen-title';
import { usePageTitle } from '../components/use-page-title';
import { isApiError } from '../lib/api-client';
import type { PermissionRule } from '../lib/permissions';
import { usePermissions, useProfile } from '../lib/profile';
import { setPasswordChangeRequired, usePasswordChangeRequired } from '../lib/session-state';
import { loginPathFor } from '../lib/login-path';
import { hasSession } from '../lib/storage';

const ForcedPasswordChange = lazy(() =>
  import('../features/auth/components/forced-password-change').then((module) => ({
    default: module.ForcedPasswordChange,
  })),
);

const ForcedTwoFactorSetup = lazy(() =>
  import('../features/auth/components/forced-two-factor-setup').then((module) => ({
    default: module.ForcedTwoFactorSetup,
  })),
);

/**
 * Signed-in users only; a user who must change the password sees only that form, and one whose
 * role requires two-factor sign-in they have not set up sees only its set-up.
 */
export const RequireAuth = ({ children }: { children: ReactNode }) => {
  const location = useLocation();
  const { t } = useTranslation('common');
  const profile = useProfile();
  const mustChange = usePasswordChangeRequired();
  const flagged = profile.data?.must_change_password === true;

  useEffect(() => {
    if (flagged) setPasswordChangeRequired(true);
  }, [flagged]);

  if (!hasSession()) return <Navigate to={loginPathFor(location)} replace />;
  if (mustChange || flagged)
    return (
      <Suspense fallback={<LoadingScreen />}>
        <ForcedPasswordChange />
      </Suspense>
    );
  if (profile.isPending) return <LoadingScreen />;
  if (profile.data?.two_factor?.required && !profile.data.two_factor.enabled)
    return (
      <Suspense fallback={<LoadingScreen />}>
        <ForcedTwoFactorSetup />
      </Suspense>
    );
  if (profile.isError) {
    if (isApiError(profile.error) && profile.error.status === 401) return <LoadingScreen />;
    return (
      <LazyResult
        status="error"
        title={t('notices.loadFailed')}
        subTitle={t('notices.tryAgain')}
        extra={<Button onClick={() => void profile.refetch()}>{t('actions.retry')}</Button>}
      />
    );
  }
  return <>{children}</>;
};

/**
 * A screen the user may open, titled (by its route, or by the page itself with
 * `useScreenTitle`); otherwise the "no permission" page.
 */
export const Screen = ({
  permission,
  title,
  children,
}: {
  permission?: PermissionRule;
  title: string;
  children: ReactNode;
}) => {
  const { can } = usePermissions();
  const [ownTitle, setOwnTitle] = useState<string>();
  usePageTitle(ownTitle ?? title);
  return can(permission) ? (
    <ScreenTitleContext.Provider value={setOwnTitle}>{children}</ScreenTitleContext.Provider>
  ) : (
    <NoPermission />
  );
};
