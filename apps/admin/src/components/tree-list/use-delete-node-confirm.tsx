import { App, Flex, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What happens to the children of a deleted node: they move up to its parent, or go with it. */
export type ChildrenChoice = 'lift' | 'delete';

const ChildrenChoiceRadios = ({
  count,
  onChange,
}: {
  count: number;
  onChange: (choice: ChildrenChoice) => void;
}) => {
  const { t } = useTranslation('common');
  const [choice, setChoice] = useState<ChildrenChoice>('lift');
  return (
    <Flex vertical gap={8}>
      <Typography.Text>{t('tree.hasChildren', { count })}</Typography.Text>
      <Radio.Group
        value={choice}
        aria-label={t('tree.childrenChoice')}
        onChange={(event) => {
          setChoice(event.target.value as ChildrenChoice);
          onChange(event.target.value as ChildrenChoice);
        }}
        options={[
          { value: 'lift', label: t('tree.liftChildren') },
          { value: 'delete', label: t('tree.deleteChildren', { count }) },
        ]}
        style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
      />
    </Flex>
  );
};

/**
 * The confirm before deleting a tree node. A node with children asks what to do with them
 * (move them up to its parent, the default, or delete them too), so no child is left orphaned;
 * `onConfirm` gets the choice and the dialog waits for it.
 */
export const useDeleteNodeConfirm = () => {
  const { t } = useTranslation('common');
  const { modal } = App.useApp();
  return ({
    title,
    childCount,
    onConfirm,
  }: {
    title: string;
    childCount: number;
    onConfirm: (children: ChildrenChoice) => Promise<unknown>;
  }) => {
    let choice: ChildrenChoice = 'lift';
    modal.confirm({
      title: t('tree.deleteTitle', { title }),
      content:
        childCount > 0 ? (
          <ChildrenChoiceRadios
            count={childCount}
            onChange={(next) => {
              choice = next;
            }}
          />
        ) : (
          t('confirm.deleteContent')
        ),
      okText: t('actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('actions.cancel'),
      onOk: () => onConfirm(choice),
    });
  };
};
