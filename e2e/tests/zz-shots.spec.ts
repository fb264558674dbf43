import { expect, test } from '@playwright/test';
import { E2E, apiUrl } from '../env';

const adminUrl = `${apiUrl}/admin/`;
const paths = (process.env.SHOT_PATHS ?? 'media').split(',');
for (const lang of (process.env.SHOT_LANGS ?? 'en,ar').split(','))
  for (const w of (process.env.SHOT_WIDTHS ?? '390,1440').split(',').map(Number))
    test(`shots ${lang} ${w}`, async ({ page }) => {
      test.setTimeout(300_000);
      await page.setViewportSize({ width: w, height: w < 500 ? 844 : 900 });
      await page.goto(adminUrl);
      await page.getByLabel(/email/i).fill(E2E.admin.email);
      await page.locator('input[type=password]').fill(E2E.admin.password);
      await page.locator('button[type=submit]').click();
      await expect(page.getByText('Welcome, Administrator')).toBeVisible();
      if (lang === 'ar') {
        await page
          .getByRole('button', { name: /English/i })
          .first()
          .click();
        await page.getByRole('menuitem', { name: 'العربية' }).click();
      }
      for (const path of paths) {
        await page.goto(`${adminUrl}#/${path}`);
        await page.waitForTimeout(2000);
        await page.screenshot({ path: `screenshots/${path.replace(/\W/g, '_')}-${lang}-${w}.png` });
      }
    });
