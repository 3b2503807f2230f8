import {
  KeyOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  MoonOutlined,
  QuestionCircleOutlined,
  SunOutlined,
  SwapOutlined,
  UserOutlined,
} from '@ant-design/icons';
import {
  Avatar,
  Button,
  Dropdown,
  Flex,
  Layout,
  Modal,
  Select,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../../features/auth/api/logout';
import { type AppLanguage, LANGUAGES } from '../../i18n';
import { useProfile } from '../../lib/profile';
import { usePreferences } from '../../lib/preferences';
import { BREAKPOINTS, useViewportWidth } from './use-viewport';

// The account forms (avatar upload, media picker, password rules) are code of their own, loaded
// when first opened: every screen's first paint waits for the layout's code.
const AccountDrawer = lazy(() =>
  import('../../features/auth/components/account-drawer').then((module) => ({
    default: module.AccountDrawer,
  })),
);
const ChangePasswordModal = lazy(() =>
  import('../../features/auth/components/change-password-modal').then((module) => ({
    default: module.ChangePasswordModal,
  })),
);

// Cut to one line by CSS. Ant Design's Typography with `ellipsis` measured the browser's support
// while the first render committed, which put a second render before the first paint.
const NAME_STYLE = {
  display: 'inline-block',
  maxWidth: 160,
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  textOverflow: 'ellipsis',
  verticalAlign: 'middle',
} as const;

const LANGUAGE_NAMES: Record<AppLanguage, string> = {
  vi: 'Tiếng Việt',
  en: 'English',
  ja: '日本語',
};

/** Language, theme and the account menu (with the text direction). */
export const TopBar = ({
  collapsed,
  onToggleMenu,
}: {
  collapsed: boolean;
  onToggleMenu: () => void;
}) => {
  const { t } = useTranslation('layout');
  const { token } = theme.useToken();
  const {
    language,
    setLanguage,
    theme: mode,
    setTheme,
    direction,
    setDirection,
  } = usePreferences();
  const { data: profile } = useProfile();
  const logout = useLogout();
  // On a phone (390 px) the name gives way, so the account menu stays on the screen.
  const phone = useViewportWidth() < BREAKPOINTS.mobile;
  const [open, setOpen] = useState<'account' | 'password' | 'support' | null>(null);
  // Once opened they stay mounted, so they close with their animation.
  const [used, setUsed] = useState<ReadonlySet<string>>(new Set());
  if (open && !used.has(open)) setUsed(new Set([...used, open]));

  return (
    <Layout.Header
      style={{
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        padding: '0 16px',
        height: 56,
        lineHeight: '56px',
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      <Flex align="center" gap={8} style={{ height: '100%' }}>
        <Button
          type="text"
          aria-label={collapsed ? t('topBar.openMenu') : t('topBar.closeMenu')}
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggleMenu}
        />
        <div style={{ flex: 1, minWidth: 0 }} />
        <Select
          aria-label={t('topBar.language')}
          data-testid="language-select"
          value={language}
          onChange={(value: AppLanguage) => setLanguage(value)}
          options={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
          style={{ width: phone ? 112 : 130 }}
          popupMatchSelectWidth={false}
          variant="borderless"
        />
        <Tooltip title={mode === 'dark' ? t('topBar.lightTheme') : t('topBar.darkTheme')}>
          <Button
            type="text"
            data-testid="theme-toggle"
            aria-label={mode === 'dark' ? t('topBar.lightTheme') : t('topBar.darkTheme')}
            aria-pressed={mode === 'dark'}
            icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />}
            onClick={() => setTheme(mode === 'dark' ? 'light' : 'dark')}
          />
        </Tooltip>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'account', icon: <UserOutlined />, label: t('account.account') },
              { key: 'password', icon: <KeyOutlined />, label: t('account.changePassword') },
              // Vietnamese, English and Japanese read left to right: the way back and forth is
              // at hand here, not a button with a name only a developer reads on every screen.
              {
                key: 'direction',
                icon: <SwapOutlined />,
                label: direction === 'rtl' ? t('topBar.ltr') : t('topBar.rtl'),
              },
              { key: 'support', icon: <QuestionCircleOutlined />, label: t('account.support') },
              { type: 'divider' },
              { key: 'logout', icon: <LogoutOutlined />, label: t('account.logout'), danger: true },
            ],
            onClick: ({ key }) => {
              if (key === 'logout') logout.mutate();
              else if (key === 'direction') setDirection(direction === 'rtl' ? 'ltr' : 'rtl');
              else setOpen(key as 'account' | 'password' | 'support');
            },
          }}
        >
          <Button
            type="text"
            data-testid="account-menu"
            aria-label={t('account.menu')}
            style={{ height: 40 }}
          >
            <Flex align="center" gap={8}>
              <Avatar
                size={28}
                src={profile?.avatar_url || undefined}
                icon={<UserOutlined />}
                alt=""
              />
              {phone ? null : <span style={NAME_STYLE}>{profile?.name}</span>}
            </Flex>
          </Button>
        </Dropdown>
      </Flex>
      <Suspense fallback={null}>
        {used.has('account') ? (
          <AccountDrawer open={open === 'account'} onClose={() => setOpen(null)} />
        ) : null}
        {used.has('password') ? (
          <ChangePasswordModal open={open === 'password'} onClose={() => setOpen(null)} />
        ) : null}
      </Suspense>
      <Modal
        open={open === 'support'}
        title={t('account.support')}
        onCancel={() => setOpen(null)}
        footer={<Button onClick={() => setOpen(null)}>{t('common:actions.close')}</Button>}
      >
        <Typography.Paragraph>{t('support.text')}</Typography.Paragraph>
        <Typography.Link href="/api/v1/docs" target="_blank" rel="noreferrer">
          {t('support.apiDocs')}
        </Typography.Link>
      </Modal>
    </Layout.Header>
  );
};
