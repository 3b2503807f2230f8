import { useQuery } from '@tanstack/react-query';
import { Checkbox, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getPermissionsQueryOptions } from '../api/roles-api';

/** Every permission key (GET /permissions), grouped by resource, as checkboxes. */
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
  const groups = [...new Set(data.map((permission) => permission.group))];
  const toggleGroup = (group: string, checked: boolean) => {
    const keys = data.filter((p) => p.group === group).map((p) => p.key);
    onChange?.(
      checked ? [...new Set([...value, ...keys])] : value.filter((key) => !keys.includes(key)),
    );
  };
  return (
    <Flex vertical gap={8} id={id} data-testid="permission-picker">
      {groups.map((group) => {
        const keys = data.filter((p) => p.group === group).map((p) => p.key);
        const held = keys.filter((key) => value.includes(key));
        return (
          <div key={group}>
            <Checkbox
              checked={held.length === keys.length}
              indeterminate={held.length > 0 && held.length < keys.length}
              onChange={(event) => toggleGroup(group, event.target.checked)}
            >
              <Typography.Text strong>
                {group === 'manage' ? t('roles.manageGroup') : group}
              </Typography.Text>
            </Checkbox>
            <Checkbox.Group
              style={{ marginInlineStart: 24, display: 'flex', flexWrap: 'wrap', gap: 4 }}
              value={held}
              options={keys.map((key) => ({ value: key, label: key }))}
              onChange={(checked) =>
                onChange?.([
                  ...value.filter((key) => !keys.includes(key)),
                  ...(checked as string[]),
                ])
              }
            />
          </div>
        );
      })}
    </Flex>
  );
};
