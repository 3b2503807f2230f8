import { Button, type ButtonProps, Popconfirm, Tooltip } from 'antd';
import {
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

const HOVER_DELAY = 100;

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
 * without them). So each mounts when first wanted: the tooltip once a mouse has rested on the
 * button (HOVER_DELAY ms, as long as Ant Design waits before showing one), the confirm on the
 * first click, opened at once. Mounting one puts the button inside it, a new element: never
 * between a press and its release (the click would be lost), and a button that had the focus
 * gets it back.
 */
export const RowButton = ({ label, tip, confirm, onClick, danger, ...button }: RowButtonProps) => {
  const [hovered, setHovered] = useState(false);
  const [asked, setAsked] = useState(false);
  const [open, setOpen] = useState(false);
  // Found by an attribute, not a ref: the tooltip and the confirm hand their own refs down.
  const id = useId();
  const element = () =>
    document.querySelector<HTMLElement>(`[data-row-button="${CSS.escape(id)}"]`);
  const refocus = useRef(false);
  useLayoutEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    element()?.focus();
  });
  const mountAround = (apply: () => void) => {
    refocus.current = document.activeElement !== null && document.activeElement === element();
    apply();
  };
  const resting = useRef<ReturnType<typeof setTimeout>>(undefined);
  const stopResting = () => clearTimeout(resting.current);
  useEffect(() => stopResting, []);
  // a touch or a pen has no hover to name the button; a press cancels a tooltip on its way
  const startResting = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.pointerType !== 'mouse') return;
    stopResting();
    resting.current = setTimeout(() => mountAround(() => setHovered(true)), HOVER_DELAY);
  };

  let node: ReactNode = (
    <Button
      {...button}
      data-row-button={id}
      size="small"
      danger={danger}
      aria-label={label}
      onPointerEnter={hovered ? undefined : startResting}
      onPointerLeave={hovered ? undefined : stopResting}
      onPointerDown={hovered ? undefined : stopResting}
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
