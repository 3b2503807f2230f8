import { ArrowLeftOutlined } from '@ant-design/icons';
import { APPEARANCE_KEY } from '@backoffice/shared/appearance-kit';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { Pager } from '../../../components/pager';
import { usePermissions } from '../../../lib/profile';
import { type Widget, widgetsApi } from '../api/widgets-api';
import { WidgetValueForm } from '../components/widget-value-form';
import { Thumbnail } from '../../../components/thumbnail';

const PAGE_SIZE = 20;

const WidgetCard = ({ widget, editable }: { widget: Widget; editable: boolean }) => (
  <Card
    data-widget-key={widget.key}
    title={
      <Flex gap={8} align="center" wrap>
        {widget.icon ? <Thumbnail src={widget.icon} alt="" width={24} fit="contain" /> : null}
        <span>{widget.title}</span>
        <Typography.Text code>{widget.key}</Typography.Text>
      </Flex>
    }
    extra={widget.group ? <Tag>{widget.group.name}</Tag> : null}
  >
    {widget.description ? (
      <Typography.Paragraph type="secondary">{widget.description}</Typography.Paragraph>
    ) : null}
    {editable ? <WidgetValueForm widget={widget} /> : null}
  </Card>
);

/** /widgets/:type: the widgets of one type, each with its content editor. */
export const WidgetTypePage = () => {
  const { t } = useTranslation('appearance');
  const { can } = usePermissions();
  const navigate = useNavigate();
  const { type = '' } = useParams();
  const [page, setPage] = useState(1);
  const valid = APPEARANCE_KEY.test(type);
  const { data, isPending, isError } = useQuery({
    ...widgetsApi.listQueryOptions({
      type,
      page,
      limit: PAGE_SIZE,
      orderBy: 'title',
      sortedBy: 'asc',
    }),
    enabled: valid,
  });
  const pagination = data?.meta?.pagination;

  return (
    <>
      <PageHeader
        title={t('widgets.typeTitle', { type })}
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/widgets/manager')}>
            {t('widgets.backToManager')}
          </Button>
        }
      />
      {!valid ? (
        <Empty description={t('widgets.noWidgetsOfType')} />
      ) : isPending ? (
        <PageLoader />
      ) : isError ? (
        <Alert type="error" showIcon title={t('widgets.loadFailed')} />
      ) : data.data.length === 0 ? (
        <Empty description={t('widgets.noWidgetsOfType')} />
      ) : (
        <Flex vertical gap={16}>
          {data.data.map((widget) => (
            <WidgetCard key={widget.id} widget={widget} editable={can('widgets.update')} />
          ))}
          {pagination && pagination.total_pages > 1 ? (
            <Pager
              current={pagination.current_page}
              totalPages={pagination.total_pages}
              pageSize={PAGE_SIZE}
              pageSizes={[PAGE_SIZE]}
              onChange={(next) => setPage(next)}
            />
          ) : null}
        </Flex>
      )}
    </>
  );
};
