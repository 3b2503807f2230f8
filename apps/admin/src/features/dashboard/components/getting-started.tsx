import { CheckCircleFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { allPostTypesQueryOptions } from '../../../lib/api/post-types';
import { postsApi } from '../../../lib/api/posts';
import { getAllSettingsQueryOptions } from '../../../lib/api/settings';
import { warehousesApi } from '../../../lib/api/warehouses';
import { usePermissions } from '../../../lib/profile';

type Step = {
  key: 'shopName' | 'productType' | 'product' | 'warehouse';
  /** Whether the reader may take it (and open the screen it leads to). */
  allowed: boolean;
  done: boolean;
  /** Where it is done; none while an earlier step is missing (a product needs its type). */
  to?: string;
};

/**
 * A new shop's first steps on its dashboard, each with a link to where it is done: the shop's
 * name (until then the sidebar and every page title say "admin"), a product type, a first
 * product, a warehouse. A step the reader may not take is not
 * shown, and the card goes once every step shown is done: an empty admin said nothing of where
 * to begin (a product needs a product type first, which nothing on the first screen told).
 */
export const GettingStarted = () => {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const { can } = usePermissions();
  const mayName = can('settings.list') && can('settings.update');
  const settings = useQuery({ ...getAllSettingsQueryOptions(), enabled: mayName });
  const types = useQuery({
    ...allPostTypesQueryOptions(),
    enabled: can('types.list'),
  });
  const products = useQuery({
    ...postsApi.listQueryOptions({ style: 'product', limit: 1 }),
    enabled: can('posts.list'),
  });
  const warehouses = useQuery({
    ...warehousesApi.listQueryOptions({ limit: 1 }),
    enabled: can('manage-warehouses'),
  });
  const productType = types.data?.find((type) => type.style === 'product');
  const steps: Step[] = [
    {
      key: 'shopName',
      allowed: mayName,
      done: Boolean(settings.data?.site_name?.trim()),
      to: '/settings/general',
    },
    {
      key: 'productType',
      allowed: can('types.create'),
      done: productType !== undefined,
      to: '/post-type/manager?new=product',
    },
    {
      key: 'product',
      allowed: can('posts.create'),
      done: (products.data?.data.length ?? 0) > 0,
      to: productType ? `/posts/add-new-post/${productType.id}` : undefined,
    },
    {
      key: 'warehouse',
      allowed: can('manage-warehouses'),
      done: (warehouses.data?.data.length ?? 0) > 0,
      to: '/warehouse/manager?new',
    },
  ];
  const shown = steps.filter((step) => step.allowed);
  // said only once every answer is in: a card that shows and then goes would jump the page
  const known = [settings, types, products, warehouses].every((query) => !query.isLoading);
  if (!known || shown.every((step) => step.done)) return null;
  return (
    <Card size="small" title={t('start.title')} data-testid="getting-started">
      <Flex vertical gap={8}>
        {shown.map((step, index) => (
          <Flex
            key={step.key}
            align="center"
            gap={12}
            wrap
            data-step={step.key}
            data-done={step.done}
          >
            {step.done ? (
              <CheckCircleFilled
                style={{ color: token.colorSuccess, fontSize: 18 }}
                aria-label={t('start.done')}
              />
            ) : (
              <Typography.Text
                type="secondary"
                style={{ width: 18, textAlign: 'center' }}
                aria-hidden
              >
                {index + 1}
              </Typography.Text>
            )}
            <Typography.Text
              delete={step.done}
              type={step.done ? 'secondary' : undefined}
              style={{ flex: 1, minWidth: 200 }}
            >
              {t(`start.${step.key}`)}
            </Typography.Text>
            {!step.done && step.to ? (
              // at the line's end, also when a narrow screen wraps it under the text
              <Link to={step.to} tabIndex={-1} style={{ marginInlineStart: 'auto' }}>
                <Button
                  size="small"
                  type={index === shown.findIndex((one) => !one.done) ? 'primary' : 'default'}
                >
                  {t(`start.${step.key}Action`)}
                </Button>
              </Link>
            ) : null}
          </Flex>
        ))}
      </Flex>
    </Card>
  );
};
