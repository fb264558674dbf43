import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '../common/app-error';
import type { AppConfig } from '../core/config';
import { asc, eq } from 'drizzle-orm';
import { translate } from '../common/i18n';
import type { Db } from '../core/database';
import { CONFIG, DB } from '../core/core.module';
import { competitions, orderLines, teams, type User, type zatcaDocuments } from '../db/schema';
import { competitionName } from '../teams/team-notices';
import { writeTaxDocument, type TaxDocument } from './invoice';
import { ZatcaService } from '../zatca/zatca.service';
import { qrOfXml } from '../zatca/ubl';
import { PaymentsService, type Order } from './payments.service';
import { RefundsService, type Refund } from './refunds.service';

/** A member's tax documents: the invoice of a paid order and the credit note of a refund, as PDF files. */
@Injectable()
export class TaxDocumentsService {
  constructor(
    private readonly payments: PaymentsService,
    private readonly refunds: RefundsService,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly zatca: ZatcaService,
    @Inject(DB) private readonly db: Db,
  ) {}

  /**
   * The e-invoice (UBL XML) of an invoice or credit note: the stamped document, or for a standard
   * invoice the one ZATCA cleared, and only once cleared.
   */
  async invoiceXml(user: User, orderId: unknown) {
    const order = await this.paidOrder(user, orderId);
    return { xml: await this.xmlOf(order), name: order.invoiceNumber! };
  }

  async creditNoteXml(user: User, refundId: string) {
    const found = await this.refunds.ownRefund(user, refundId);
    if (!found) throw new AppError(404, 'payment.credit_note_not_found');
    return { xml: await this.xmlOf(found.order, found.refund), name: found.refund.creditNoteNumber! };
  }

  /** Which of these orders' invoices and refunds' credit notes have an e-invoice (XML) to download now. */
  withXml(orders: Order[], refunds: Refund[] = []): Promise<Set<string>> {
    return this.zatca.withXml([...orders.map((o) => o.invoiceNumber), ...refunds.map((r) => r.creditNoteNumber)]);
  }

  private async xmlOf(order: Order, refund?: Refund): Promise<string> {
    const doc = await this.einvoice(order, refund);
    if (!doc) throw new AppError(404, 'payment.einvoice_unavailable');
    return clearedOrStamped(doc) ?? doc.xml;
  }

  private einvoice(order: Order, refund?: Refund) {
    return this.zatca.documentFor(
      refund
        ? { kind: 'credit_note', number: refund.creditNoteNumber!, orderId: order.id, refundId: refund.id }
        : { kind: 'invoice', number: order.invoiceNumber!, orderId: order.id, refundId: null },
    );
  }

  /** The invoice PDF of one of the member's paid (or refunded) orders: its path and its number. */
  async invoice(user: User, orderId: unknown) {
    const order = await this.paidOrder(user, orderId);
    return { order, path: await this.documentFile(user, order), name: order.invoiceNumber! };
  }

  /** The credit note PDF of a refund of one of the member's orders (by the refund's id). */
  async creditNote(user: User, refundId: string) {
    const found = await this.refunds.ownRefund(user, refundId);
    if (!found) throw new AppError(404, 'payment.credit_note_not_found');
    const { refund, order } = found;
    return { path: await this.documentFile(user, order, refund), name: refund.creditNoteNumber! };
  }

  /** The PDF of an order's invoice or of one refund's credit note, made once and kept under its number. */
  private async documentFile(user: User, order: Order, refund?: Refund) {
    const number = refund ? refund.creditNoteNumber! : order.invoiceNumber!;
    const path = join(this.config.dataDir, 'invoices', `${number}.pdf`);
    if (existsSync(path)) return path;
    const einvoice = await this.einvoice(order, refund);
    // A standard document (an organisation with a VAT number) exists for the buyer only as ZATCA
    // cleared it: its PDF carries the cleared document's QR, and none is made before.
    const cleared = einvoice ? clearedOrStamped(einvoice) : null;
    const team = await this.teamOf(order, refund?.teamId);
    const lines = (
      await this.db
        .select({ teamId: orderLines.teamId, teamNo: orderLines.teamNo, amount: orderLines.amount })
        .from(orderLines)
        .where(eq(orderLines.orderId, order.id))
        .orderBy(asc(orderLines.position))
    ).filter((l) => !refund || l.teamId === refund.teamId);
    const doc: TaxDocument = {
      team,
      reason: refund ? refundReason(refund, team) : undefined,
      buyer: order.buyer ?? null,
      lines: lines.map((l) => ({ teamNo: l.teamNo, amount: refund ? refund.amount : l.amount })),
      kind: refund ? 'credit_note' : 'invoice',
      number,
      issuedAt: refund ? (refund.settledAt ?? refund.createdAt) : (order.activatedAt ?? order.updatedAt),
      invoiceNumber: order.invoiceNumber,
      total: refund ? refund.amount : order.total,
      order,
      member: { name: order.customerName || user.name, nationalId: user.nationalId, email: user.email },
      seller: this.config.payments.seller,
      vatPercent: this.config.payments.vatPercent,
      // Phase 2: the stamped document's nine-tag QR (the cleared one's for a standard document), and
      // that XML attached (PDF/A-3).
      qr: cleared ? (qrOfXml(cleared) ?? einvoice?.qr) : einvoice?.qr,
      xml: einvoice ? (cleared ?? einvoice.xml) : null,
    };
    await writeTaxDocument(path, doc);
    return path;
  }

  /** A team fee's team (or a refunded line's) number and competition, in both languages. */
  private async teamOf(order: Order, lineTeamId?: string | null): Promise<TaxDocument['team']> {
    const teamId = lineTeamId ?? order.teamId;
    if (!teamId) return null;
    const [row] = await this.db
      .select({ teamNo: teams.teamNo, competition: competitions })
      .from(teams)
      .innerJoin(competitions, eq(competitions.id, teams.competitionId))
      .where(eq(teams.id, teamId));
    if (!row) return null;
    return {
      teamNo: row.teamNo,
      competition: { en: competitionName(row.competition, 'en'), ar: competitionName(row.competition, 'ar') },
    };
  }

  private async paidOrder(user: User, orderId: unknown) {
    const order = await this.payments.ownOrder(user, orderId).catch(() => null);
    if (!order || !order.invoiceNumber || (order.status !== 'paid' && order.status !== 'refunded'))
      throw new AppError(404, 'payment.invoice_not_found');
    return order;
  }
}

/**
 * A refund's reason in both languages: the platform's own (a coach's withdrawal, a fee not due) from
 * the translations, with the team's number; a reason staff typed, as they wrote it, in both.
 */
export function refundReason(refund: Refund, team: TaxDocument['team']): { en: string; ar: string } {
  const key = refund.idempotencyKey?.startsWith('team-withdrawal:')
    ? ('refund.reason_withdrawal' as const)
    : refund.idempotencyKey?.startsWith('team-withdrawn-fee:')
      ? ('refund.reason_fee_not_due' as const)
      : null;
  if (!key || !team) return { en: refund.reason, ar: refund.reason };
  return { en: translate('en', key, { team: team.teamNo }), ar: translate('ar', key, { team: team.teamNo }) };
}

/**
 * A standard document's XML as ZATCA cleared it (the only one its buyer gets), a 409 "being
 * cleared" before; null for a simplified document (its own stamped XML is the one).
 */
function clearedOrStamped(doc: typeof zatcaDocuments.$inferSelect): string | null {
  if (doc.profile !== 'standard') return null;
  if (doc.state !== 'cleared' || !doc.clearedXml) throw new AppError(409, 'payment.einvoice_not_cleared');
  return Buffer.from(doc.clearedXml, 'base64').toString('utf8');
}
