import { theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * The bordered box a list sits in: Ant Design's Card as the lists used it (no title, cover or
 * tabs). The Card brings its tabs' code along, some 30 KB on the first load of every list.
 */
export const Panel = ({ children }: { children: ReactNode }) => {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        background: token.colorBgContainer,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: token.paddingLG,
        color: token.colorText,
      }}
    >
      {children}
    </div>
  );
};
