import { Card, Col, Row, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import { greetingFor } from '../../../lib/greeting';
import { useProfile } from '../../../lib/profile';

const useHour = () => {
  const [hour, setHour] = useState(() => new Date().getHours());
  useEffect(() => {
    const timer = window.setInterval(() => setHour(new Date().getHours()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return hour;
};

export const DashboardPage = () => {
  const { t } = useTranslation('dashboard');
  const { data: profile } = useProfile();
  const format = useFormatters();
  const greeting = greetingFor(useHour());
  return (
    <>
      <Typography.Title level={1} data-testid="greeting" data-greeting={greeting}>
        {t(`greeting.${greeting}`, { name: profile?.name ?? '' })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('today', { date: format.date(new Date()) })}
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12} xl={8}>
          <Card title={t('cards.account')}>
            <Typography.Paragraph style={{ marginBottom: 4 }}>
              {profile?.email}
            </Typography.Paragraph>
            <Typography.Text type="secondary">
              {t('cards.roles', {
                roles: profile?.roles.map((role) => role.name).join(', ') || '—',
              })}
            </Typography.Text>
          </Card>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <Card title={t('cards.permissions')}>
            <Typography.Text>
              {t('cards.permissionCount', { count: profile?.permissions.length ?? 0 })}
            </Typography.Text>
          </Card>
        </Col>
      </Row>
    </>
  );
};
