import { formatMoney, parseMoney } from '@backoffice/shared/money';
import { useMoneyUnit } from '../../lib/format';
import { NumberInput } from './number-input';

/**
 * An amount of money: whole numbers grouped the it-IT way (1.234.567), the unit after
 * it (`unit`, else the money unit of the settings; '' for none); the form holds the integer.
 */
export const MoneyInput = ({
  value,
  onChange,
  id,
  unit: givenUnit,
  disabled,
  placeholder,
  min = 0,
  'aria-label': ariaLabel,
}: {
  value?: number | null;
  onChange?: (value: number | null) => void;
  id?: string;
  unit?: string;
  disabled?: boolean;
  placeholder?: string;
  min?: number;
  /** The name said when no label element names the input (an amount in a row of a list). */
  'aria-label'?: string;
}) => {
  const siteUnit = useMoneyUnit();
  const unit = givenUnit ?? siteUnit;
  return (
    <NumberInput<number>
      id={id}
      aria-label={ariaLabel}
      value={value ?? null}
      onChange={(next) => onChange?.(next ?? null)}
      disabled={disabled}
      placeholder={placeholder}
      min={min}
      precision={0}
      inputMode="numeric"
      suffix={unit || undefined}
      style={{ width: '100%' }}
      formatter={(amount, info) =>
        info.userTyping
          ? info.input
          : amount === undefined || amount === null || String(amount) === ''
            ? ''
            : formatMoney(Number(amount), '')
      }
      // Grouping dots are not decimals: keep the digits only (and a leading minus).
      parser={(text) => String(parseMoney(text) ?? '') as unknown as number}
    />
  );
};
