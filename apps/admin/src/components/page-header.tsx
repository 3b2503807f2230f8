import { Flex, Typography, theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * The heading of a screen: its one level-one heading, at the size of a second level so the
 * screen's own sections stay in proportion (the route sets the document title).
 */
export const PageHeader = ({
  title,
  extra,
  level = 1,
}: {
  title: string;
  extra?: ReactNode;
  /** 2 for a list shown as a section of another screen (which has the level-one heading). */
  level?: 1 | 2;
}) => {
  const { token } = theme.useToken();
  return (
    <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
      <Typography.Title level={level} style={{ margin: 0, fontSize: token.fontSizeHeading2 }}>
        {title}
      </Typography.Title>
      {extra ? (
        <Flex gap={8} wrap>
          {extra}
        </Flex>
      ) : null}
    </Flex>
  );
};
