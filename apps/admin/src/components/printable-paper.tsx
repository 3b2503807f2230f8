import { Flex } from 'antd';
import { Fragment, type ReactNode } from 'react';

/** An A4 sheet, or an 80 mm till receipt. */
export type PaperSize = 'a4' | 'receipt';

// What is printed is the paper only; the app around it (and the tools) is hidden on paper.
const printStyle = (size: PaperSize) => `
@page { size: ${size === 'a4' ? 'A4' : '80mm auto'}; margin: ${size === 'a4' ? '12mm' : '3mm'}; }
@media print {
  body * { visibility: hidden; }
  .print-tools { display: none !important; }
  .print-paper, .print-paper * { visibility: visible; }
  .print-paper { position: absolute; inset-block-start: 0; inset-inline-start: 0; box-shadow: none !important; margin: 0 !important; }
}`;

/** A cell of the paper's table of lines; `PRINT_CELL_END` for figures. */
export const PRINT_CELL = { padding: '4px 6px', borderBlockEnd: '1px solid #d9d9d9' } as const;
export const PRINT_CELL_START = { ...PRINT_CELL, textAlign: 'start' } as const;
export const PRINT_CELL_END = { ...PRINT_CELL, textAlign: 'end' } as const;

/**
 * A page to print (an order, a slip): its tools above, hidden on paper, and the paper itself,
 * black on white in either theme, shown as a sheet on screen.
 */
export const PrintablePaper = ({
  size = 'a4',
  tools,
  testId,
  children,
}: {
  size?: PaperSize;
  tools: ReactNode;
  testId: string;
  children: ReactNode;
}) => {
  const receipt = size === 'receipt';
  return (
    <Flex vertical gap={16}>
      <style>{printStyle(size)}</style>
      <Flex className="print-tools" gap={8} wrap align="center">
        {tools}
      </Flex>
      <article
        className="print-paper"
        data-testid={testId}
        style={{
          width: receipt ? '80mm' : '210mm',
          maxWidth: '100%',
          minHeight: receipt ? undefined : '297mm',
          padding: receipt ? '4mm' : '14mm',
          background: '#fff',
          color: '#000',
          fontSize: receipt ? 12 : 14,
          boxShadow: '0 1px 6px rgba(0, 0, 0, 0.3)',
          boxSizing: 'border-box',
        }}
      >
        {children}
      </article>
    </Flex>
  );
};

/** A line of the paper's details, "Label: value", or nothing where there is no value. */
export const PrintField = ({ label, value }: { label: string; value: ReactNode }) =>
  value === null || value === undefined || value === '' ? null : (
    <div>
      {label}: <bdi>{value}</bdi>
    </div>
  );

/** A line's product on the paper: its name, and its code below in smaller type. */
export const PrintProduct = ({ title, code }: { title: string; code?: string | null }) => (
  <td style={PRINT_CELL}>
    <bdi>{title}</bdi>
    {code ? <div style={{ fontSize: '0.85em' }}>{code}</div> : null}
  </td>
);

export type PrintTotal = { label: string; value: string; strong?: boolean };

/** The figures under the lines: a label and its amount a row each, the total in bold. */
export const PrintTotals = ({ rows }: { rows: ReadonlyArray<PrintTotal | false> }) => (
  <dl
    style={{
      display: 'grid',
      gridTemplateColumns: '1fr auto',
      gap: '2px 12px',
      marginBlockStart: 12,
    }}
  >
    {rows
      .filter((row): row is PrintTotal => Boolean(row))
      .map((row) => {
        const weight = row.strong ? { fontWeight: 700 } : {};
        return (
          <Fragment key={row.label}>
            <dt style={weight}>{row.label}</dt>
            <dd style={{ margin: 0, textAlign: 'end', ...weight }}>{row.value}</dd>
          </Fragment>
        );
      })}
  </dl>
);
