import 'dayjs/locale/ja';
import 'dayjs/locale/vi';
import dayjs from 'dayjs';

export const applyDayjsLocale = (language: string): void => {
  dayjs.locale(language === 'en' ? 'en' : language);
};
