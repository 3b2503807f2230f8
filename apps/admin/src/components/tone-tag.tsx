import { Tag, type TagProps } from 'antd';
import { usePreferences } from '../lib/preferences';

/** What a status says: done, waiting on someone, gone wrong, news, in progress, or nothing. */
export type Tone = 'success' | 'warning' | 'danger' | 'info' | 'progress' | 'neutral';

// On the light theme, dark shades: Ant Design derives a pale background from them and keeps
// them as the text, which stays above WCAG AA (its light presets' text does not).
const LIGHT: Record<Tone, string> = {
  success: '#237804',
  warning: '#ad4e00',
  danger: '#a8071a',
  info: '#0958d9',
  progress: '#531dab',
  neutral: '#434343',
};
// On the dark theme, the presets: their colours come from the dark palette (a dark background,
// light text), where a derived pale background glared on the dark page.
const DARK: Record<Tone, TagProps['color']> = {
  success: 'green',
  warning: 'orange',
  danger: 'red',
  info: 'blue',
  progress: 'purple',
  neutral: undefined,
};

/** A tag coloured by what it says, readable in both themes. */
export const ToneTag = ({ tone, ...props }: Omit<TagProps, 'color'> & { tone: Tone }) => {
  const { theme } = usePreferences();
  return <Tag {...props} color={theme === 'dark' ? DARK[tone] : LIGHT[tone]} />;
};
