import { useQuery } from '@tanstack/react-query';
import { Checkbox, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getPermissionsQueryOptions } from '../api/roles-api';
import { groupPermissions, permissionLabel } from '../permission-areas';

const GRID = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))',
  gap: '4px 16px',
  marginInlineStart: 24,
} as const;

/**
 * Every permission (GET /permissions) as a checkbox named in the reader's language, grouped by
 * the area of work it opens; an area's own checkbox takes or leaves all of its keys.
 */
export const PermissionPicker = ({
  value = [],
  onChange,
  id,
}: {
  value?: string[];
  onChange?: (value: string[]) => void;
  id?: string;
}) => {
  const { t } = useTranslation('users');
  const { data = [] } = useQuery(getPermissionsQueryOptions());
  const areas = groupPermissions(data.map((permission) => permission.key));
  const setArea = (keys: string[], checked: boolean) =>
    onChange?.(
      checked ? [...new Set([...value, ...keys])] : value.filter((key) => !keys.includes(key)),
    );
  return (
    <Flex vertical gap={12} id={id} data-testid="permission-picker">
      {areas.map(({ key: area, keys }) => {
        const held = keys.filter((key) => value.includes(key));
        const title = t(`permissionNames.areas.${area}`);
        return (
          <section key={area} aria-label={title} data-area={area}>
            <Checkbox
              checked={held.length === keys.length}
              indeterminate={held.length > 0 && held.length < keys.length}
              onChange={(event) => setArea(keys, event.target.checked)}
            >
              <Typography.Text strong>{title}</Typography.Text>
            </Checkbox>
            <Checkbox.Group
              style={GRID}
              value={held}
              onChange={(checked) =>
                onChange?.([
                  ...value.filter((key) => !keys.includes(key)),
                  ...(checked as string[]),
                ])
              }
              options={keys.map((key) => ({
                value: key,
                label: (
                  <Flex vertical component="span">
                    <span>{permissionLabel(t, key)}</span>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }} translate="no">
                      {key}
                    </Typography.Text>
                  </Flex>
                ),
              }))}
            />
          </section>
        );
      })}
    </Flex>
  );
};
