/**
 * The shop's clock (Vietnam), which the admin shows and its pickers take wherever the browser
 * stands. Test browsers stand elsewhere on purpose (`BROWSER_TIME_ZONE`), so a screen that
 * slipped back to the browser's clock shows other hours, and often another day.
 */
export const BROWSER_TIME_ZONE = 'America/New_York';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Ho_Chi_Minh',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant on the shop's clock: its day as a picker's cell is titled, as typed into a picker, its hour. */
export const shopClock = (date: Date) => {
  const part = (type: string) => parts.formatToParts(date).find((p) => p.type === type)!.value;
  const [year, month, day, hour, minute] = ['year', 'month', 'day', 'hour', 'minute'].map(part);
  return {
    day: `${year}-${month}-${day}`,
    typed: `${day}/${month}/${year} ${hour}:${minute}`,
    typedDay: `${day}/${month}/${year}`,
    hour: Number(hour),
    month: Number(month),
  };
};
