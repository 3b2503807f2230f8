import { checkCodeSyntax, renderCode } from '@backoffice/shared/code-syntax';
import { Descriptions, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { moneyWithUnit } from '../../../lib/format';
import { useIssueText } from '../../../components/use-issue-text';

const Example = ({ syntax }: { syntax: string }) => {
  const issueText = useIssueText();
  const problem = checkCodeSyntax(syntax);
  if (problem) return <Typography.Text type="danger">{issueText(problem)}</Typography.Text>;
  const date = new Date();
  return (
    <Typography.Text code data-testid="code-example">
      {renderCode(syntax, { date, sequence: 1 })}, {renderCode(syntax, { date, sequence: 2 })}
    </Typography.Text>
  );
};

/** What the codes will look like today, as the syntaxes are typed; the amount with its unit. */
export const CodePreview = () => {
  const { t } = useTranslation('settings');
  const form = Form.useFormInstance();
  const product = Form.useWatch('product_code_syntax', form) ?? '';
  const order = Form.useWatch('order_code_syntax', form) ?? '';
  const footer = Form.useWatch('order_code_syntax_footer', form) ?? '';
  const unit = Form.useWatch('money_unit', form) ?? '';
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      title={t('product.preview')}
      style={{ marginBottom: 16 }}
      items={[
        { key: 'product', label: t('product.productCode'), children: <Example syntax={product} /> },
        {
          key: 'order',
          label: t('product.orderCode'),
          children: <Example syntax={`${order}${footer}`} />,
        },
        {
          key: 'money',
          label: t('product.amount'),
          children: <span data-testid="money-example">{moneyWithUnit(1234567, unit)}</span>,
        },
      ]}
    />
  );
};
