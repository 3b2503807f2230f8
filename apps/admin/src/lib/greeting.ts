export type Greeting = 'morning' | 'afternoon' | 'evening';

/** Morning 5-11, afternoon 12-17, evening otherwise (the browser's clock). */
export const greetingFor = (hour: number): Greeting => {
  if (hour >= 5 && hour <= 11) return 'morning';
  if (hour >= 12 && hour <= 17) return 'afternoon';
  return 'evening';
};
