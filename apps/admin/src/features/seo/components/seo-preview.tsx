import { Card, Flex, Form, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSite } from '../../../lib/site';

const TITLE_MAX = 60;
const DESCRIPTION_MAX = 160;

const cut = (text: string, max: number) => {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
};

/** How the record will look as a search result and as a link shared in a chat or a post. */
export const SeoPreview = () => {
  const { t } = useTranslation('seo');
  const form = Form.useFormInstance();
  const { data: site } = useSite();
  const { token } = theme.useToken();
  const url: string = Form.useWatch('url', form) ?? '';
  const title: string = Form.useWatch('title', form) ?? '';
  const description: string = Form.useWatch('description', form) ?? '';
  const image: string = Form.useWatch('image', form) ?? '';
  const host = /^https?:\/\/([^/]+)/i.exec(url)?.[1] ?? window.location.host;
  const path = url.replace(/^https?:\/\/[^/]+/i, '');
  const crumbs = path.split(/[/?#]/).filter(Boolean);
  return (
    <Flex vertical gap={12} style={{ marginBottom: 16 }} data-testid="seo-preview">
      <Typography.Text strong>{t('preview.search')}</Typography.Text>
      <div
        dir="ltr"
        data-testid="seo-preview-search"
        style={{ padding: 12, border: '1px solid rgba(128,128,128,0.35)', borderRadius: 8 }}
      >
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {[host, ...crumbs].join(' › ')}
        </Typography.Text>
        <Typography.Text style={{ display: 'block', fontSize: 18, color: token.colorLink }}>
          {cut(title || t('preview.noTitle'), TITLE_MAX)}
        </Typography.Text>
        <Typography.Text style={{ fontSize: 13 }}>
          {cut(description || t('preview.noDescription'), DESCRIPTION_MAX)}
        </Typography.Text>
      </div>
      <Typography.Text strong>{t('preview.share')}</Typography.Text>
      <Card
        size="small"
        data-testid="seo-preview-share"
        style={{ maxWidth: 420 }}
        cover={
          image ? (
            <img src={image} alt="" style={{ aspectRatio: '1.91 / 1', objectFit: 'cover' }} />
          ) : undefined
        }
      >
        <Typography.Text type="secondary" style={{ fontSize: 12, textTransform: 'uppercase' }}>
          {host}
        </Typography.Text>
        <Typography.Paragraph strong style={{ margin: 0 }}>
          {cut(title || site?.site_name || t('preview.noTitle'), 90)}
        </Typography.Paragraph>
        {description ? (
          <Typography.Paragraph type="secondary" style={{ margin: 0 }} ellipsis={{ rows: 2 }}>
            {description}
          </Typography.Paragraph>
        ) : null}
      </Card>
    </Flex>
  );
};
