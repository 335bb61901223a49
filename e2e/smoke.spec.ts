// The built site loads cleanly: it renders, logs no errors, and has no accessibility violations.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { openLab } from './helpers';

test('the lab loads with its heading, no console errors and no axe violations', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));

  // The lab's own view (openLab waits for it), not only the build's first view in the HTML.
  await openLab(page);

  await expect(page).toHaveTitle(/Fencelab/);
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Fencelab' })).toBeVisible();

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations, JSON.stringify(axe.violations, null, 2)).toEqual([]);
  expect(errors).toEqual([]);
});
