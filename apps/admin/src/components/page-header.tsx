import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The heading of a screen (the route sets the document title). */
export const PageHeader = ({ title, extra }: { title: string; extra?: ReactNode }) => {
  return (
    <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
      <Typography.Title level={2} style={{ margin: 0 }}>
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
