import type { Page } from 'playwright-core';

/**
 * Opens the activity log filtered by `query` (`resource=post&action=create`) and the details of
 * its newest entry, in the Vietnamese admin; answers the table of that entry's changes.
 */
export const openNewestAuditEntry = async (page: Page, baseUrl: string, query: string) => {
  await page.goto(`${baseUrl}/users/audit?${query}`);
  await page
    .locator('tbody tr[data-row-key]')
    .first()
    .getByRole('button', { name: /Chi tiết/ })
    .click();
  return page.getByTestId('audit-changes');
};
