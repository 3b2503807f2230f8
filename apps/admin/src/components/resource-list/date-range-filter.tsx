import dayjs from 'dayjs';
import { ShopDatePicker } from '../shop-date-picker';

const DATE = 'YYYY-MM-DD';

/**
 * A list filter of two dates (`YYYY-MM-DD`), either may be empty. Its own chunk: the date
 * picker is a quarter of the generic list's code, and one list (orders) has such a filter.
 */
export const DateRangeFilter = ({
  label,
  from,
  to,
  onChange,
}: {
  label: string;
  from: string | undefined;
  to: string | undefined;
  onChange: (from: string | undefined, to: string | undefined) => void;
}) => (
  <ShopDatePicker.RangePicker
    aria-label={label}
    prefix={label}
    allowEmpty={[true, true]}
    value={[from ? dayjs(from, DATE) : null, to ? dayjs(to, DATE) : null]}
    format={DATE}
    onChange={(range) => onChange(range?.[0]?.format(DATE), range?.[1]?.format(DATE))}
  />
);
