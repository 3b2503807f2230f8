import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { type AppLanguage, i18n, initialLanguage } from '../i18n';
import { setApiLocale } from './api-client';
import { readStored, STORAGE_KEYS, writeStored } from './storage';

export type ThemeMode = 'light' | 'dark';
export type Direction = 'ltr' | 'rtl';

type Preferences = {
  language: AppLanguage;
  theme: ThemeMode;
  direction: Direction;
  setLanguage: (language: AppLanguage) => void;
  setTheme: (theme: ThemeMode) => void;
  setDirection: (direction: Direction) => void;
};

const PreferencesContext = createContext<Preferences | null>(null);

const storedTheme = (): ThemeMode => (readStored(STORAGE_KEYS.theme) === 'dark' ? 'dark' : 'light');
const storedDirection = (): Direction =>
  readStored(STORAGE_KEYS.direction) === 'rtl' ? 'rtl' : 'ltr';

/** Language, theme and direction, chosen in the top bar and remembered. */
export const PreferencesProvider = ({ children }: { children: ReactNode }) => {
  const [language, setLanguageState] = useState<AppLanguage>(initialLanguage);
  const [theme, setThemeState] = useState<ThemeMode>(storedTheme);
  const [direction, setDirectionState] = useState<Direction>(storedDirection);

  useEffect(() => {
    const root = document.documentElement;
    root.lang = language;
    root.dir = direction;
    root.dataset.theme = theme;
    root.style.colorScheme = theme;
    // date pickers and relative dates follow the language; dayjs loads with the first screen needing it
    void import('./dayjs-locale').then((module) => module.applyDayjsLocale(language));
    setApiLocale(language);
  }, [language, direction, theme]);

  const setLanguage = useCallback((next: AppLanguage) => {
    writeStored(STORAGE_KEYS.language, next);
    setApiLocale(next);
    void i18n.changeLanguage(next);
    setLanguageState(next);
  }, []);
  const setTheme = useCallback((next: ThemeMode) => {
    writeStored(STORAGE_KEYS.theme, next);
    setThemeState(next);
  }, []);
  const setDirection = useCallback((next: Direction) => {
    writeStored(STORAGE_KEYS.direction, next);
    setDirectionState(next);
  }, []);

  const value = useMemo(
    () => ({ language, theme, direction, setLanguage, setTheme, setDirection }),
    [language, theme, direction, setLanguage, setTheme, setDirection],
  );
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
};

export const usePreferences = (): Preferences => {
  const value = useContext(PreferencesContext);
  if (!value) throw new Error('usePreferences needs PreferencesProvider');
  return value;
};
