import { Drawer } from 'antd';
import type { ReactNode } from 'react';

/** The drawer a create or edit form opens in; it unmounts its form when closed. */
export const FormDrawer = ({
  open,
  title,
  onClose,
  children,
  width = 520,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  width?: number;
}) => (
  <Drawer
    open={open}
    title={title}
    onClose={onClose}
    destroyOnHidden
    size={width}
    styles={{ body: { paddingBottom: 24 } }}
  >
    {open ? children : null}
  </Drawer>
);
