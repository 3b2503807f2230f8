import { formatCount } from '@backoffice/shared/money';
import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../lib/format';
import type { Discount } from '../api/discounts-api';

/** A discount's tiers as short tags, lowest quantity first: "from 3: −5%", "from 10: −20.000 đ" (the money unit of the settings). */
export const TierTags = ({ tiers }: { tiers: Discount['config'] }) => {
  const { t } = useTranslation('commerce');
  const money = useMoney();
  const sorted = [...tiers].sort((a, b) => a.quantity - b.quantity);
  return (
    <Flex gap={4} wrap>
      {sorted.map((tier) => (
        <Tag key={tier.quantity}>
          {t('discounts.tier', {
            quantity: tier.quantity,
            discount:
              tier.type === 'percent' ? `${formatCount(tier.discount)}%` : money(tier.discount),
          })}
        </Tag>
      ))}
    </Flex>
  );
};
