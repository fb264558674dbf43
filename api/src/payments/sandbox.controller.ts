import { formatMoney } from '@platform/contract';
import { Body, Controller, Get, Header, Inject, NotFoundException, Param, Post, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { and, eq } from 'drizzle-orm';
import type { Response } from 'express';
import { Public } from '../auth/roles';
import { translate, type Lang } from '../common/messages';
import type { AppConfig } from '../config/config';
import type { Db } from '../db/database';
import { CONFIG, DB } from '../db/db.module';
import { sandboxPayments } from '../db/schema';

const ACTIONS = { pay: 3, decline: -3, cancel: -2 } as const;
const RETURN_OF = { pay: 'authorised', decline: 'declined', cancel: 'cancelled' } as const;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The sandbox provider's hosted page: Pay, Decline or Cancel, then back to the member site like Telr. */
@ApiExcludeController()
@Controller('sandbox/pay')
export class SandboxController {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  private async find(ref: string) {
    if (this.config.payments.telr || !/^SBX[0-9A-F]{24}$/.test(ref)) throw new NotFoundException();
    const [row] = await this.db.select().from(sandboxPayments).where(eq(sandboxPayments.ref, ref));
    if (!row) throw new NotFoundException();
    return row;
  }

  private csp() {
    const member = new URL(this.config.memberUrl).origin;
    return `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${member}; frame-ancestors 'none'; base-uri 'none'`;
  }

  @Get(':ref')
  @Public()
  @Header('Cache-Control', 'no-store')
  async page(@Param('ref') ref: string, @Res() res: Response) {
    const row = await this.find(ref);
    const lang = row.lang as Lang;
    const t = (key: Parameters<typeof translate>[1]) => escapeHtml(translate(lang, key));
    const amount = formatMoney(row.amount, row.currency, lang);
    const open = row.code === 1;
    const buttons = (Object.keys(ACTIONS) as (keyof typeof ACTIONS)[])
      .map((a) => `<button name="action" value="${a}" class="${a}">${t(`sandbox.${a}`)}</button>`)
      .join('');
    res.setHeader('Content-Security-Policy', this.csp());
    res.type('html').send(`<!doctype html>
<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t('sandbox.title')}</title>
<style>
body{font-family:system-ui,"Noto Sans Arabic",sans-serif;background:#f4f6f8;margin:0;padding:24px;color:#1c2025}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 4px #0002}
h1{font-size:1.4rem;margin:0 0 8px}p{margin:8px 0}.note{background:#fff4e5;padding:8px 12px;border-radius:8px;color:#663c00}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px}dt{color:#555}dd{margin:0;font-weight:600}
form{display:flex;gap:8px;flex-wrap:wrap;margin-top:16px}button{flex:1;padding:12px;border-radius:8px;border:0;font-size:1rem;cursor:pointer}
.pay{background:#1b5e20;color:#fff}.decline{background:#b71c1c;color:#fff}.cancel{background:#e0e0e0;color:#1c2025}
</style></head>
<body><main>
<h1>${t('sandbox.title')}</h1>
<p class="note">${t('sandbox.notice')}</p>
<dl><dt>${t('sandbox.order')}</dt><dd>${escapeHtml(row.description)}</dd>
<dt>${t('sandbox.amount')}</dt><dd dir="ltr">${escapeHtml(amount)}</dd></dl>
${open ? `<form method="post">${buttons}</form>` : `<p>${t('sandbox.closed')}</p>`}
</main></body></html>`);
  }

  @Post(':ref')
  @Public()
  async act(@Param('ref') ref: string, @Body() body: { action?: unknown }, @Res() res: Response) {
    const row = await this.find(ref);
    const action =
      typeof body?.action === 'string' && Object.hasOwn(ACTIONS, body.action)
        ? (body.action as keyof typeof ACTIONS)
        : null;
    if (!action) throw new NotFoundException();
    // Only a payment still open changes; pressing twice (or back and again) keeps the first outcome.
    const [changed] = await this.db
      .update(sandboxPayments)
      .set({ code: ACTIONS[action], updatedAt: new Date() })
      .where(and(eq(sandboxPayments.ref, ref), eq(sandboxPayments.code, 1)))
      .returning();
    const final = changed ?? row;
    const outcome = final.code === 3 ? 'pay' : final.code === -3 ? 'decline' : final.code === -2 ? 'cancel' : action;
    res.redirect(303, final.returnUrls[RETURN_OF[outcome]]);
  }
}
