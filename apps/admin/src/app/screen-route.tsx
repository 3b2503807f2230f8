import { useTranslation } from 'react-i18next';
import { namespaceOf, type ResourceScreen } from '../lib/resource';
import { Screen } from './guards';

/** One screen of the resources table: titled, and checked against the user's permissions. */
export const ScreenRoute = ({
  screen,
  path,
  permission,
}: {
  screen: ResourceScreen;
  path: string;
  permission: ResourceScreen['permission'];
}) => {
  const { t } = useTranslation(namespaceOf(screen.labelKey));
  const Page = screen.page;
  return (
    <div data-screen={path}>
      <Screen permission={permission} title={t(screen.labelKey)}>
        <Page />
      </Screen>
    </div>
  );
};
