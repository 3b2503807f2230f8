import { Flex, Typography, theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * The heading of a screen: its one level-one heading, at the size of a second level so the
 * screen's own sections stay in proportion (the route sets the document title).
 */
export const PageHeader = ({ title, extra }: { title: string; extra?: ReactNode }) => {
  const { token } = theme.useToken();
  return (
    <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: token.fontSizeHeading2 }}>
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
