import { Button, type ButtonProps, Popconfirm, Tooltip } from 'antd';
import { type MouseEvent, type ReactNode, useLayoutEffect, useRef, useState } from 'react';

export type RowButtonConfirm = {
  title: ReactNode;
  description?: ReactNode;
  okText: string;
  cancelText: string;
};

export type RowButtonProps = Omit<ButtonProps, 'children' | 'size' | 'title'> & {
  /** The button's accessible name; also its tooltip unless `tip` says otherwise. */
  label: string;
  tip?: ReactNode;
  /** Asks first (a delete): `onClick` runs on the confirm's OK. */
  confirm?: RowButtonConfirm;
};

/**
 * A list row's small icon button, named by a tooltip, with a confirm when it asks first.
 *
 * A page of a list has two or three of these per row, and Ant Design's Tooltip and Popconfirm
 * cost more to mount than the button they wrap (a posts page rendered about a third faster
 * without them). So each mounts when first wanted: the tooltip on the first hover, the confirm
 * on the first click, opened at once. Mounting one moves the button inside it (a new element),
 * so a button that had the focus gets it back.
 */
export const RowButton = ({ label, tip, confirm, onClick, danger, ...button }: RowButtonProps) => {
  const [hovered, setHovered] = useState(false);
  const [asked, setAsked] = useState(false);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useLayoutEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    ref.current?.focus();
  });
  const mountAround = (apply: () => void) => {
    refocus.current = document.activeElement === ref.current;
    apply();
  };

  let node: ReactNode = (
    <Button
      {...button}
      ref={ref}
      size="small"
      danger={danger}
      aria-label={label}
      onPointerEnter={hovered ? undefined : () => mountAround(() => setHovered(true))}
      onClick={
        confirm
          ? asked
            ? undefined // the confirm's own trigger opens it from now on
            : () =>
                mountAround(() => {
                  setAsked(true);
                  setOpen(true);
                })
          : onClick
      }
    />
  );
  if (hovered) {
    node = (
      <Tooltip title={tip ?? label} defaultOpen={!open}>
        {node}
      </Tooltip>
    );
  }
  if (confirm && asked) {
    node = (
      <Popconfirm
        open={open}
        onOpenChange={setOpen}
        title={confirm.title}
        description={confirm.description}
        okText={confirm.okText}
        okButtonProps={{ danger: true }}
        cancelText={confirm.cancelText}
        onConfirm={(event) => onClick?.(event as MouseEvent<HTMLButtonElement>)}
      >
        {node}
      </Popconfirm>
    );
  }
  return node;
};
