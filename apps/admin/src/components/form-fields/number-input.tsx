import { InputNumber, type InputNumberProps } from 'antd';
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';

type Value = string | number;

/** Ant Design's input number ref (its input, with the whole control as `nativeElement`). */
type InputNumberRef = HTMLInputElement & { nativeElement: HTMLElement };

/**
 * Every number field of the admin: Ant Design's InputNumber with its step arrows named in the
 * reader's language. The library names them "Increase Value" / "Decrease Value" in every
 * language and takes no prop for it; React sets that label when an arrow mounts and leaves it
 * while it stays the same, so the name set here after each render holds.
 */
export const NumberInput = <T extends Value = number>({
  ref,
  ...props
}: InputNumberProps<T> & { ref?: Ref<HTMLInputElement | null> }) => {
  const { t } = useTranslation('common');
  const own = useRef<InputNumberRef>(null);
  useImperativeHandle(ref, () => own.current as HTMLInputElement, []);
  useEffect(() => {
    const control = own.current?.nativeElement;
    if (!control) return;
    for (const [action, name] of [
      ['up', t('number.increase')],
      ['down', t('number.decrease')],
    ] as const) {
      const arrow = control.querySelector(`.ant-input-number-action-${action}`);
      if (arrow && arrow.getAttribute('aria-label') !== name)
        arrow.setAttribute('aria-label', name);
    }
  });
  return <InputNumber<T> ref={own} {...props} />;
};
