import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NoPermission } from './no-permission';

describe('NoPermission', () => {
  it("draws Ant Design's 403 page with its picture (it loads apart, when first shown)", async () => {
    const { container } = render(<NoPermission />);
    // Result's code is transformed on first import under test: seconds on a busy machine
    expect(await screen.findByText('No permission', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('You do not have permission to do this.')).toBeTruthy();
    // the 403 picture, which is why the page loads apart
    expect(container.querySelector('.ant-result-403 .ant-result-image svg')).not.toBeNull();
  });
});
