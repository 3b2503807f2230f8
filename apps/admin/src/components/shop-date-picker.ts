import dayjsConfig from '@rc-component/picker/generate/dayjs';
import { DatePicker } from 'antd';
import { shopNow } from '../lib/shop-clock';

/**
 * Ant Design's date, range and time pickers whose "today" and "now" are the shop's
 * (`lib/shop-clock.ts`): a browser on UTC at 20:00 would otherwise mark yesterday as today
 * and fill "now" with a time seven hours behind the shop.
 */
export const ShopDatePicker = DatePicker.generatePicker({ ...dayjsConfig, getNow: shopNow });
