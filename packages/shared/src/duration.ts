export type DurationLocale = 'vi' | 'en' | 'ja';

const units: Record<
  DurationLocale,
  { hour: (n: number) => string; minute: (n: number) => string; join: string }
> = {
  vi: { hour: (n) => `${n} giờ`, minute: (n) => `${n} phút`, join: ' ' },
  en: { hour: (n) => `${n} h`, minute: (n) => `${n} min`, join: ' ' },
  ja: { hour: (n) => `${n}時間`, minute: (n) => `${n}分`, join: '' },
};

/** Splits whole minutes into hours and minutes. */
export const splitDuration = (totalMinutes: number): { hours: number; minutes: number } => {
  const total = Math.max(0, Math.trunc(totalMinutes));
  return { hours: Math.floor(total / 60), minutes: total % 60 };
};

/** Minutes, or hours plus minutes ("45 phút", "1 giờ 30 phút", "2 h"). */
export const formatDuration = (
  totalMinutes: number | null | undefined,
  locale: string = 'vi',
): string => {
  if (totalMinutes === null || totalMinutes === undefined || Number.isNaN(totalMinutes)) return '';
  const unit = units[locale.slice(0, 2) as DurationLocale] ?? units.en;
  const { hours, minutes } = splitDuration(totalMinutes);
  if (hours === 0) return unit.minute(minutes);
  if (minutes === 0) return unit.hour(hours);
  return [unit.hour(hours), unit.minute(minutes)].join(unit.join);
};
