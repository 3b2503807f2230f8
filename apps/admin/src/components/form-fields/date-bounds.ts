import type { Dayjs } from 'dayjs';
import type { KeyboardEvent } from 'react';

const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from) }, (_, index) => from + index);

/**
 * What a date picker may offer when its value must come strictly after `bound()` (a rule's
 * "starts after now", "ends after the start"): the days wholly before it are disabled, and on
 * its own day the hours and minutes up to it, so that a picked time (seconds at 0) is never
 * one the rule refuses. `bound` is read when the panel draws, so it follows the other fields.
 */
export const pickerBounds = (bound: () => Dayjs | null) => ({
  disabledDate: (day: Dayjs) => {
    const after = bound();
    return after !== null && day.endOf('day').valueOf() <= after.valueOf();
  },
  disabledTime: (day: Dayjs | null) => {
    const after = bound();
    if (!after || !day || !day.isSame(after, 'day')) return {};
    return {
      disabledHours: () => range(0, after.hour()),
      disabledMinutes: (hour: number) =>
        hour < after.hour()
          ? range(0, 60)
          : hour === after.hour()
            ? range(0, after.minute() + 1)
            : [],
    };
  },
  // "Now" is never after now.
  showNow: false,
});

/**
 * Enter in a date field takes the typed date (the picker's own handling) without submitting
 * the form around it: a half-filled form is not sent by a key meant for the date.
 */
export const keepEnterInPicker = (event: KeyboardEvent<HTMLElement>) => {
  if (event.key === 'Enter') event.preventDefault();
};
