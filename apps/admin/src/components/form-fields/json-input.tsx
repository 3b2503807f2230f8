import { Input } from 'antd';
import { useState } from 'react';

/** What a JSON field holds while its text does not parse: the text, and where it breaks. */
export type InvalidJson = {
  readonly invalidJson: true;
  text: string;
  /** Where it breaks, when the engine says (V8 names an offset for some mistakes only). */
  at: { line: number; column: number } | null;
};

export const isInvalidJson = (value: unknown): value is InvalidJson =>
  typeof value === 'object' &&
  value !== null &&
  (value as { invalidJson?: unknown }).invalidJson === true;

const show = (value: unknown) =>
  value === undefined || value === null ? '' : JSON.stringify(value, null, 2);

/** Parses a JSON text; `undefined` for an empty one. */
export const readJson = (text: string): unknown => {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const found = /position (\d+)/.exec(String((error as Error).message));
    const before = found ? text.slice(0, Number(found[1])).split('\n') : null;
    return {
      invalidJson: true,
      text,
      at: before ? { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 } : null,
    } satisfies InvalidJson;
  }
};

/**
 * A textarea for a JSON value: the form holds the parsed value, or an `InvalidJson` that the
 * form's rule turns into a message naming the line and column.
 */
export const JsonInput = ({
  value,
  onChange,
  id,
  disabled,
  placeholder,
}: {
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
  disabled?: boolean;
  placeholder?: string;
}) => {
  const [text, setText] = useState(() => (isInvalidJson(value) ? value.text : show(value)));
  // Keep what was typed (spacing, key order) while it means the form's value; a value set from
  // outside (a reset) shows as formatted JSON.
  const shown = isInvalidJson(value)
    ? value.text
    : JSON.stringify(readJson(text)) === JSON.stringify(value)
      ? text
      : show(value);
  return (
    <Input.TextArea
      id={id}
      // JSON is code: it reads left to right in every language.
      dir="ltr"
      value={shown}
      disabled={disabled}
      placeholder={placeholder ?? '{ }'}
      spellCheck={false}
      autoSize={{ minRows: 4, maxRows: 16 }}
      // antd's RTL styles set `direction: rtl`, which beats the attribute.
      style={{
        direction: 'ltr',
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
      }}
      onChange={(event) => {
        setText(event.target.value);
        onChange?.(readJson(event.target.value));
      }}
    />
  );
};
