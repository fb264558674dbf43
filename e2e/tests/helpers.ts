import { existsSync, readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { apiUrl, mailbox } from '../env';

/** The newest message the API queued for a destination, read from the development outbox route. */
export async function outboxCode(page: Page, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get(`${apiUrl}/api/dev/outbox`, { params: { to } });
      const body = (await res.json()) as { messages: { body: string }[] };
      code = /\b(\d{4,10})\b/.exec(body.messages[0]?.body ?? '')?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}

/** The newest e-mail the SMTP catcher received for an address, decoded enough to find the code. */
export async function mailedCode(to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(() => {
      if (!existsSync(mailbox)) return undefined;
      const mails = readFileSync(mailbox, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { to: string; raw: string })
        .filter((m) => m.to === to);
      const raw = mails.at(-1)?.raw.replace(/=\r?\n/g, '') ?? '';
      code = /\n\s*(\d{6})\s*\n/.exec(raw)?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}

/** Types a code into the code boxes one character at a time, as a person would. */
export async function typeCode(page: Page, code: string) {
  await page.locator('input[name=code]').first().click();
  await page.keyboard.type(code, { delay: 30 });
}

export const uniqueId = () => `4${String(Date.now()).slice(-9)}`;
