import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JsonOrForm } from './json-or-form';

type Row = { name: string; value: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What the controls can show: a list of objects whose values are texts (the common case). */
const fits = (value: unknown) =>
  value === undefined ||
  value === null ||
  (Array.isArray(value) &&
    value.every(
      (section) =>
        isObject(section) && Object.values(section).every((item) => typeof item === 'string'),
    ));

const toRows = (value: unknown): Row[][] =>
  Array.isArray(value)
    ? value.map((section) =>
        Object.entries(section as Record<string, string>).map(([name, text]) => ({
          name,
          value: text,
        })),
      )
    : [];

/** Rows without a name are left out (a line just added); a repeated name keeps its last value. */
const toSections = (rows: Row[][]) =>
  rows.map((section) =>
    Object.fromEntries(
      section.filter((row) => row.name.trim() !== '').map((row) => [row.name.trim(), row.value]),
    ),
  );

/**
 * A widget's sections (where and how the website shows it) as cards of name/value lines,
 * e.g. `page: home`, `position: footer`; the JSON view takes anything else.
 */
const SectionsEditor = ({
  value,
  onChange,
}: {
  value: unknown;
  onChange?: (value: unknown) => void;
}) => {
  const { t } = useTranslation('appearance');
  // The lines, and the value they were last in step with (lines without a name are not in it).
  const [state, setState] = useState(() => ({
    rows: toRows(value),
    sent: JSON.stringify(value ?? []),
  }));
  const current = JSON.stringify(value ?? []);
  let shown = state.rows;
  // A value set from outside (the JSON view, a reset) replaces the lines.
  if (current !== state.sent) {
    shown = toRows(value);
    setState({ rows: shown, sent: current });
  }
  const update = (next: Row[][]) => {
    const sections = toSections(next);
    setState({ rows: next, sent: JSON.stringify(sections) });
    onChange?.(sections);
  };
  const setRow = (sectionIndex: number, rowIndex: number, change: Partial<Row>) =>
    update(
      shown.map((section, at) =>
        at === sectionIndex
          ? section.map((row, index) => (index === rowIndex ? { ...row, ...change } : row))
          : section,
      ),
    );

  return (
    <Flex vertical gap={12}>
      {shown.map((section, sectionIndex) => {
        const name = `${t('builder.section')} ${sectionIndex + 1}`;
        return (
          <Card
            key={sectionIndex}
            size="small"
            title={name}
            extra={
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={`${name}: ${t('common:actions.delete')}`}
                onClick={() => update(shown.filter((_, at) => at !== sectionIndex))}
              />
            }
          >
            <Flex vertical gap={6}>
              {section.map((row, rowIndex) => (
                <Flex key={rowIndex} gap={8} wrap align="center">
                  <Input
                    aria-label={`${name}: ${t('builder.propertyName')} ${rowIndex + 1}`}
                    placeholder={`${t('builder.propertyName')} (page, position…)`}
                    dir="ltr"
                    value={row.name}
                    style={{ flex: '1 1 8rem', direction: 'ltr' }}
                    onChange={(event) =>
                      setRow(sectionIndex, rowIndex, { name: event.target.value })
                    }
                  />
                  <Input
                    aria-label={`${name}: ${t('builder.propertyValue')} ${rowIndex + 1}`}
                    placeholder={t('builder.propertyValue')}
                    value={row.value}
                    style={{ flex: '2 1 12rem' }}
                    onChange={(event) =>
                      setRow(sectionIndex, rowIndex, { value: event.target.value })
                    }
                  />
                  <Button
                    size="small"
                    icon={<DeleteOutlined />}
                    aria-label={`${name}: ${t('common:actions.delete')} ${rowIndex + 1}`}
                    onClick={() =>
                      update(
                        shown.map((lines, at) =>
                          at === sectionIndex
                            ? lines.filter((_, index) => index !== rowIndex)
                            : lines,
                        ),
                      )
                    }
                  />
                </Flex>
              ))}
              <Button
                size="small"
                icon={<PlusOutlined />}
                style={{ alignSelf: 'flex-start' }}
                onClick={() =>
                  update(
                    shown.map((lines, at) =>
                      at === sectionIndex ? [...lines, { name: '', value: '' }] : lines,
                    ),
                  )
                }
              >
                {`${t('builder.addProperty')} (${name})`}
              </Button>
            </Flex>
          </Card>
        );
      })}
      {shown.length === 0 ? (
        <Typography.Text type="secondary">{t('builder.noSections')}</Typography.Text>
      ) : null}
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        onClick={() => update([...shown, [{ name: '', value: '' }]])}
      >
        {t('builder.addSection')}
      </Button>
    </Flex>
  );
};

export const WidgetSectionsInput = ({
  value,
  onChange,
  id,
}: {
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
}) => {
  const { t } = useTranslation('appearance');
  return (
    <JsonOrForm
      value={value}
      onChange={onChange}
      id={id}
      label={t('widgets.fields.sections')}
      fits={fits}
      placeholder='[{ "page": "home", "position": "footer" }]'
    >
      <SectionsEditor value={value} onChange={onChange} />
    </JsonOrForm>
  );
};
