import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { E2E, apiUrl } from '../env';
import { createMember, signUpMember, uniqueId } from './helpers';

const adminUrl = `${apiUrl}/admin/`;

async function signIn(page: Page) {
  await page.goto(adminUrl);
  await page.getByLabel(/email|البريد/i).fill(E2E.admin.email);
  await page.locator('input[type=password]').fill(E2E.admin.password);
  await page.locator('button[type=submit]').click();
  await expect(page.getByRole('menuitem').first()).toBeVisible();
}

/** The list's filter from the address bar (react-admin keeps it there). */
function listFilter(page: Page): Record<string, unknown> {
  const hash = new URL(page.url()).hash;
  const query = new URLSearchParams(hash.slice(hash.indexOf('?') + 1));
  return JSON.parse(query.get('filter') ?? '{}') as Record<string, unknown>;
}

test.describe('back-office lists: filters, selections and linked records', () => {
  test('an admin filters users by facets, exports exactly a selection and verifies it in bulk', async ({ page }) => {
    const members = [await signUpMember(page), await signUpMember(page), await signUpMember(page)];
    await page.setViewportSize({ width: 1600, height: 900 }); // wide enough for the facet sidebar
    await signIn(page);
    await page.getByRole('menuitem', { name: 'Users' }).click();
    // The facet sidebar: students who are not verified yet.
    await page.getByRole('button', { name: 'Student' }).click();
    await page.getByRole('button', { name: 'Not verified' }).click();
    await expect.poll(() => listFilter(page)).toEqual({ type: 0, isVerified: false });
    const rows = members.map((m) => page.locator('tbody tr', { hasText: m.id }));
    for (const row of rows) await expect(row).toHaveCount(1);
    // Every other filter is behind the filter button.
    await page.getByRole('button', { name: 'Add filter' }).click();
    const menu = page.getByRole('menu');
    for (const label of ['Plan', 'Nationality', 'Region', 'From date', 'To date']) {
      await expect(menu.getByText(label, { exact: true })).toBeVisible();
    }
    await page.keyboard.press('Escape');

    for (const row of rows) await row.getByRole('checkbox').check();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export selected' }).click();
    const csv = readFileSync((await (await download).path())!, 'utf8');
    const lines = csv.split('\n').filter(Boolean);
    expect(lines).toHaveLength(4); // the header and the three ticked rows
    for (const m of members) expect(csv).toContain(m.id);

    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    for (const row of rows) await expect(row).toHaveCount(0);
    for (const m of members) {
      const res = await page.request.get(`${apiUrl}/api/admin/users`, {
        params: { filter: JSON.stringify({ q: m.id }) },
      });
      expect(((await res.json()) as { isVerified: boolean }[]).map((u) => u.isVerified)).toEqual([true]);
    }

    // The member's page: their changes (the bulk verify, by this admin), and no orders yet.
    await page.getByRole('button', { name: 'Not verified' }).click(); // the facet toggles off
    await page.getByPlaceholder('Search').fill(members[0].id);
    await page.locator('tbody tr', { hasText: members[0].id }).click();
    await page.getByRole('tab', { name: 'Orders' }).click();
    await expect(page.getByText('Nothing yet.')).toBeVisible();
    await page.getByRole('tab', { name: 'Changes' }).click();
    await expect(page.locator('main tbody tr', { hasText: 'Toggled' })).toBeVisible();
  });

  test("in Arabic, an admin opens a coach's page and reads their orders", async ({ page }) => {
    await signIn(page);
    await page.getByRole('button', { name: 'English' }).first().click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByRole('menuitem', { name: 'المستخدمون' }).click();
    await page.getByPlaceholder('بحث').fill('Khalid');
    await page.locator('tbody tr', { hasText: 'Khalid Coach' }).click();
    await page.getByRole('tab', { name: 'الطلبات' }).click();
    // The demo order: its plan in Arabic and its status translated.
    const order = page.locator('main tbody tr').first();
    await expect(order).toContainText('فاشلة');
    await page.getByRole('tab', { name: 'الفرق' }).click();
    await expect(page.locator('main tbody tr').first()).toBeVisible();
  });

  test('an archived plan stays behind the Archived filter and is restored', async ({ page }) => {
    const name = `Archive plan ${uniqueId()}`;
    // A new coach, so the demo coach's orders stay as other journeys expect them. Made before the
    // admin signs in: its sign-out shares this browser's cookies.
    const coach = await createMember(page, 1);
    await signIn(page);
    await page.getByRole('menuitem', { name: 'Plans' }).click();
    await page.getByRole('link', { name: 'Create' }).click();
    await page.locator('input[name=name]').fill(`باقة ${name}`);
    await page.locator('input[name=name_en]').fill(name);
    await page.locator('input[name=orignal_pirce]').fill('300');
    await page.locator('input[name=price]').fill('250');
    await page.getByRole('combobox', { name: 'Membership type' }).click();
    await page.getByRole('option', { name: 'Coach' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    const row = page.locator('tbody tr', { hasText: name });
    await expect(row).toContainText('250');

    // A coach orders it, so deleting it archives it (its order keeps its plan).
    const plans = await page.request.get(`${apiUrl}/api/admin/plans`, {
      params: { filter: JSON.stringify({ q: name }) },
    });
    const [plan] = (await plans.json()) as { id: string }[];
    const signin = await page.request.post(`${apiUrl}/api/adduser-steb`, {
      data: { national_id: coach.id, password: coach.password, type: 1, loginType: 'signin' },
    });
    const order = await page.request.post(`${apiUrl}/api/subcripe/`, {
      headers: { Authorization: signin.headers()['authorization'] },
      data: { plan_id: plan.id },
    });
    expect(order.status()).toBe(200);

    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(row).toHaveCount(0);

    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menu').getByText('Archived', { exact: true }).click();
    await page.getByRole('switch', { name: 'Archived' }).check();
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByText('Restored: it is listed again')).toBeVisible();
    await expect(row).toHaveCount(0);
    await page.getByRole('switch', { name: 'Archived' }).uncheck();
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('switch', { name: 'Status' })).not.toBeChecked();

    // The audit log names the plan and its section, and its name opens the plan.
    await page.getByRole('menuitem', { name: 'Audit log' }).click();
    const restored = page.locator('tbody tr', { hasText: 'Restored' }).filter({ hasText: name });
    await expect(restored).toContainText('Plan');
    await restored.getByRole('link', { name }).click();
    await expect(page.locator('input[name=name_en]')).toHaveValue(name);
  });

  test('the users table fits 1440 px at 25 and 100 rows; a long name and e-mail are cut, whole in a tooltip', async ({
    page,
  }) => {
    const id = uniqueId();
    const name = `Abdulrahman Mohammed Abdullah Al-Qahtani Al-Dosari Al-Shammari ${id}`;
    await signUpMember(page, 1, {
      name,
      email: `a.very.long.address.for.a.coach.of.a.school.team.${id}@riyadh-international-school.example`,
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page);
    for (const perPage of [25, 100]) {
      await page.goto(`${adminUrl}#/users?perPage=${perPage}&sort=created_at&order=DESC`);
      const rows = page.locator('tbody tr');
      await expect(rows.first()).toContainText(id);
      const edits = page.locator('tbody').getByRole('link', { name: 'Edit' });
      await expect(edits.first()).toBeVisible();
      const boxes = await edits.evaluateAll((links) => links.map((a) => a.getBoundingClientRect().right));
      expect(Math.max(...boxes), `${perPage} rows`).toBeLessThanOrEqual(1440);
      const scroll = await page.locator('.RaDataTable-tableWrapper').evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(scroll, `${perPage} rows: no sideways scroll`).toBeLessThanOrEqual(0);
    }
    const cut = page.locator('tbody tr').first().getByText(name);
    await cut.hover();
    await expect(page.getByRole('tooltip').filter({ hasText: name })).toHaveText(name);
    // A value that is not cut gets no tooltip.
    await page.locator('tbody tr').getByText('coach@example.com', { exact: true }).hover();
    await page.waitForTimeout(600);
    await expect(page.getByRole('tooltip').filter({ hasText: 'coach@example.com' })).toHaveCount(0);
  });

  test('on a 390 px phone every toolbar and row button has a name', async ({ page }) => {
    await signIn(page);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['users', 'transections', 'judges', 'teams', 'plans', 'contactus', 'audit', 'events']) {
      await page.goto(`${adminUrl}#/${path}`);
      await expect(page.locator('main')).toBeVisible();
      await page.waitForLoadState('networkidle');
      const nameless = await page.locator('main button, main a[role=button], main [role=button]').evaluateAll((els) =>
        els
          .filter((el) => (el as HTMLElement).offsetParent !== null)
          .filter((el) => !(el.textContent ?? '').trim() && !el.getAttribute('aria-label') && !el.getAttribute('title'))
          .map((el) => el.outerHTML.slice(0, 120)),
      );
      expect(nameless, path).toEqual([]);
    }
  });
});
