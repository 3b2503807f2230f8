// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('the number input rule', { timeout: 60_000 }, () => {
  it("leaves Ant Design's number input to NumberInput, whose arrows speak the reader's language", async () => {
    const eslint = new ESLint({ cwd: root });
    const code = "import { InputNumber } from 'antd';\nexport const Field = InputNumber;\n";
    const refusals = async (file: string) =>
      ((await eslint.lintText(code, { filePath: `${root}${file}` }))[0]?.messages ?? []).filter(
        (message) => message.ruleId === 'no-restricted-imports',
      ).length;
    expect(await refusals('apps/admin/src/features/posts/components/fixture.tsx')).toBe(1);
    expect(await refusals('apps/admin/src/components/fixture.tsx')).toBe(1);
    expect(await refusals('apps/admin/src/components/form-fields/number-input.tsx')).toBe(0);
  });
});
