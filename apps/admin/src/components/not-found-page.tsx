import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageTitle } from './use-page-title';

/** Title, code 404, a button back home; its own background and no footer. */
export const NotFoundPage = () => {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  usePageTitle(t('notFound.title'));
  return (
    <main
      data-testid="not-found"
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 24,
        background: 'linear-gradient(135deg, #e6f4ff 0%, #f0f5ff 45%, #fff0f6 100%)',
        color: '#1f1f1f',
      }}
    >
      <div style={{ textAlign: 'center', maxWidth: 480 }}>
        <div
          aria-hidden="true"
          style={{ fontSize: 120, fontWeight: 800, lineHeight: 1, color: '#1668dc' }}
        >
          404
        </div>
        <Typography.Title level={1} style={{ color: '#1f1f1f', marginTop: 16 }}>
          {t('notFound.title')}
        </Typography.Title>
        <Typography.Paragraph style={{ color: '#434343', fontSize: 16 }}>
          {t('notFound.apology', { code: 404 })}
        </Typography.Paragraph>
        <Button type="primary" size="large" onClick={() => navigate('/')}>
          {t('notFound.backHome')}
        </Button>
      </div>
    </main>
  );
};
