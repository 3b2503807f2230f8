import { Select } from 'antd';
import { LANGUAGE_CHOICES } from './language-choices';

/** Picks a language by code and name; the form copies the name. */
export const LanguagePicker = ({
  value,
  onChange,
  exclude,
  onPick,
  placeholder,
}: {
  value?: string;
  onChange?: (value: string) => void;
  exclude: ReadonlySet<string>;
  onPick: (choice: { key: string; name: string }) => void;
  placeholder?: string;
}) => (
  <Select
    showSearch={{ optionFilterProp: 'label' }}
    value={value}
    placeholder={placeholder}
    data-testid="language-picker"
    options={LANGUAGE_CHOICES.filter((choice) => !exclude.has(choice.key)).map((choice) => ({
      value: choice.key,
      label: `${choice.name} (${choice.key})`,
    }))}
    onChange={(key: string) => {
      onChange?.(key);
      const choice = LANGUAGE_CHOICES.find((one) => one.key === key);
      if (choice) onPick(choice);
    }}
  />
);
