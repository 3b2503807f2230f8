import { ArrowLeftOutlined } from '@ant-design/icons';
import { APPEARANCE_KEY } from '@backoffice/shared/appearance-kit';
import { Button, Card, Empty, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ResourceList } from '../../../components/resource-list/resource-list';
import { usePermissions } from '../../../lib/profile';
import { type Widget, widgetsApi } from '../api/widgets-api';
import { WidgetValueForm } from '../components/widget-value-form';
import { Thumbnail } from '../../../components/thumbnail';

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

/** /widgets/:type: the widgets of one type, each with its content editor, by title. */
export const WidgetTypePage = () => {
  const { t } = useTranslation('appearance');
  const { can } = usePermissions();
  const navigate = useNavigate();
  const { type = '' } = useParams();
  const title = t('widgets.typeTitle', { type });
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/widgets/manager')}>
      {t('widgets.backToManager')}
    </Button>
  );
  const editable = can('widgets.update');
  if (!APPEARANCE_KEY.test(type))
    return (
      <>
        <PageHeader title={title} extra={back} />
        <Empty description={t('widgets.noWidgetsOfType')} />
      </>
    );
  return (
    <ResourceList<Widget>
      key={type}
      title={title}
      toolbar={back}
      source={widgetsApi}
      baseParams={{ type }}
      defaultSort={{ orderBy: 'title', sortedBy: 'asc' }}
      rowKey="id"
      searchable={false}
      columns={[]}
      emptyText={t('widgets.noWidgetsOfType')}
      failedText={t('widgets.loadFailed')}
      renderRow={(widget) => <WidgetCard widget={widget} editable={editable} />}
    />
  );
};
