import { formatMoney } from '@platform/contract';
import { Body, Controller, Get, Header, Inject, Param, Post, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/roles';
import { translate, type Lang } from '../common/i18n';
import type { AppConfig } from '../core/config';
import { CONFIG } from '../core/core.module';
import { SandboxActionDto } from './payments.dto';
import { SANDBOX_ACTIONS, SandboxService, type SandboxAction } from './sandbox.service';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The sandbox provider's hosted page: Pay, Decline or Cancel, then back to the member site like Telr. */
@ApiExcludeController()
@Controller('sandbox/pay')
export class SandboxController {
  constructor(
    private readonly sandbox: SandboxService,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  private csp() {
    const member = new URL(this.config.memberUrl).origin;
    return `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${member}; frame-ancestors 'none'; base-uri 'none'`;
  }

  @Get(':ref')
  @Public()
  @Header('Cache-Control', 'no-store')
  async page(@Param('ref') ref: string, @Res() res: FastifyReply) {
    const row = await this.sandbox.find(ref);
    const lang = row.lang as Lang;
    const t = (key: Parameters<typeof translate>[1]) => escapeHtml(translate(lang, key));
    const amount = formatMoney(row.amount, row.currency, lang);
    const open = row.code === 1;
    const buttons = (Object.keys(SANDBOX_ACTIONS) as SandboxAction[])
      .map((a) => `<button name="action" value="${a}" class="${a}">${t(`sandbox.${a}`)}</button>`)
      .join('');
    res.header('Content-Security-Policy', this.csp());
    return res.type('text/html; charset=utf-8').send(`<!doctype html>
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
  async act(@Param('ref') ref: string, @Body() body: SandboxActionDto, @Res() res: FastifyReply) {
    return res.redirect(await this.sandbox.act(ref, body.action), 303);
  }
}
