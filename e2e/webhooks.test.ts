import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app-server';
import { axeViolations } from './support/axe';
import { hasChromium, launchChromium } from './support/chromium';
import { apiLogin, screenshot, type Tokens, signedInPages } from './support/session';

describe.skipIf(!hasChromium)('webhooks in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let admin: Tokens;
  let site: Server;
  let sitePort = 0;
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const pages = signedInPages(
    () => browser,
    () => app.baseUrl,
    () => admin,
  );

  beforeAll(async () => {
    // the website: a listener on this machine, which the server may call only with the allowance
    site = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    sitePort = (site.address() as AddressInfo).port;
    [app, browser] = await Promise.all([
      startApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } }),
      launchChromium(),
    ]);
    admin = await apiLogin(app.baseUrl);
  });

  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await app?.stop();
    site?.close();
  });

  it('creates a webhook, shows its secret once, sends a test and shows the delivery with its try', async () => {
    const { page, errors } = await pages.open('/settings/webhooks');
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();

    await page.getByRole('button', { name: 'Add new' }).click();
    await page.locator('#create-form_url').fill(`http://127.0.0.1:${sitePort}/revalidate`);
    await page.getByRole('button', { name: 'Create' }).click();

    const modal = page.locator('.ant-modal', { hasText: 'signing secret' });
    await modal.waitFor();
    const secret = (await modal.getByTestId('webhook-secret').innerText()).trim();
    expect(secret).toMatch(/^whsec_/);
    await screenshot(page, 'webhooks-secret');
    await modal.getByRole('button', { name: 'I have copied it' }).click();
    await modal.waitFor({ state: 'hidden' });

    const row = page.locator('tbody tr', { hasText: `127.0.0.1:${sitePort}` });
    await row.waitFor();
    // the events chosen by default, by their names
    await row.getByText('Post published').waitFor();
    await row.getByText('Published post changed').waitFor();
    // never shown again: not on the list, and not after a reload
    await page.reload();
    await row.waitFor();
    expect(await page.content()).not.toContain(secret);
    await screenshot(page, 'webhooks-list');

    await row.getByRole('button', { name: 'Send test' }).click();
    const log = page.locator('.ant-drawer', { hasText: 'Delivery log' });
    await log.getByTestId('delivery-status').filter({ hasText: 'Delivered' }).waitFor();
    await log.getByText('HTTP 204').waitFor();
    await log.getByText('webhook.test').waitFor();
    await screenshot(page, 'webhooks-delivery-log');
    expect(await axeViolations(page)).toEqual([]);

    expect(received).toHaveLength(1);
    const [delivery] = received;
    expect(JSON.parse(delivery!.body)).toMatchObject({ event: 'webhook.test' });
    expect(delivery!.headers['x-webhook-signature']).toBe(
      `sha256=${createHmac('sha256', secret).update(delivery!.body).digest('hex')}`,
    );

    // a new secret, after a confirm, is shown once too
    await log.getByRole('button', { name: 'Close' }).click();
    await row.getByRole('button', { name: 'New secret' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'New secret' }).click();
    await modal.waitFor();
    const renewed = (await modal.getByTestId('webhook-secret').innerText()).trim();
    expect(renewed).toMatch(/^whsec_/);
    expect(renewed).not.toBe(secret);
    expect(errors).toEqual([]);
  });
});
