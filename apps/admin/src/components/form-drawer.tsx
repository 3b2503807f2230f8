import { Drawer } from 'antd';
import { type ReactNode, useRef } from 'react';

/**
 * What can be typed into or chosen from, in the order the form shows it: a select's box too
 * (focus does not open it); not a date's box, whose calendar would open over the form.
 */
const FIELD =
  'input[role="combobox"]:not([disabled]), input:not([type="hidden"]):not([disabled]):not([readonly]), textarea:not([disabled]), [contenteditable="true"]';

/**
 * Whether the last thing the user did was a key. A form opened from the keyboard takes the
 * typing at once; one opened with the mouse keeps its fields untouched until clicked (a field
 * focused and left would be checked on leaving: "required" under a field nobody chose).
 */
let byKeyboard = false;
if (typeof window !== 'undefined') {
  window.addEventListener('keydown', () => (byKeyboard = true), true);
  window.addEventListener('pointerdown', () => (byKeyboard = false), true);
}

const firstField = (form: HTMLElement | null) =>
  [...(form?.querySelectorAll<HTMLElement>(FIELD) ?? [])].find(
    (field) => !field.closest('.ant-picker'),
  );

/**
 * The drawer a create or edit form opens in; it unmounts its form when closed. Opened from the
 * keyboard, the form's first field has the focus: one types at once, where the drawer's frame
 * took it and the keys went nowhere.
 */
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
}) => {
  const body = useRef<HTMLDivElement>(null);
  return (
    <Drawer
      open={open}
      title={title}
      onClose={onClose}
      destroyOnHidden
      size={width}
      styles={{ body: { paddingBottom: 24 } }}
      afterOpenChange={(opened) => {
        if (opened && byKeyboard) firstField(body.current)?.focus();
      }}
    >
      <div ref={body}>{open ? children : null}</div>
    </Drawer>
  );
};
