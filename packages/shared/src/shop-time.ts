/**
 * Where the shop is: Vietnam (UTC+7 all year, no summer time). Its calendar and clock are the
 * ones date filters, the dashboard's days, order and slip codes and every time the admin shows
 * or takes follow, wherever the server or the browser stands.
 */
export const SHOP_TIME_ZONE = 'Asia/Ho_Chi_Minh';

/** The shop's offset from UTC, as ISO 8601 writes it (fixed: Vietnam has no summer time). */
export const SHOP_OFFSET = '+07:00';
