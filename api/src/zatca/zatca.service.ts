import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { PollingJob } from '../common/polling-job';
import type { AppConfig } from '../core/config';
import type { Database, Db } from '../core/database';
import { CONFIG, DATABASE, DB } from '../core/core.module';
import { orderLines, orders, refunds, zatcaChain, zatcaDocuments, type ZatcaMessages } from '../db/schema';
import { retryDelayMs } from '../outbox/outbox.worker';
import { FatooraClient, FatooraRefused, FatooraUnavailable, type FatooraResult } from './fatoora.client';
import { parseCertificate } from './certificates';
import { xmlReady } from './einvoice-xml';
import { stamp } from './stamp';
import type { Party, UblDocument } from './ubl';

export type ZatcaDocument = typeof zatcaDocuments.$inferSelect;
/** Documents leased at a time by one reporting pass. */
const BATCH = 20;

/** A numbered document that has no e-invoice yet. */
interface Unstamped {
  kind: 'invoice' | 'credit_note';
  number: string;
  orderId: string;
  refundId: string | null;
}

/**
 * ZATCA Phase 2 (issue 34): stamps each numbered invoice and credit note into the chain (ICV and PIH,
 * under the chain row's lock, no network inside), then reports it (simplified) or has it cleared
 * (standard) by Fatoora outside any transaction, each once, with back-off while Fatoora is away.
 */
@Injectable()
export class ZatcaService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Zatca');
  private readonly job = new PollingJob('Zatca', () => this.pass());
  readonly client: FatooraClient;

  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly database: Database,
    @Inject(DB) private readonly db: Db,
  ) {
    this.client = new FatooraClient(config.zatca.apiUrl);
  }

  onApplicationBootstrap() {
    this.job.start(this.config, this.config.zatca.pollMs, 'ZATCA_WORKER');
  }

  onApplicationShutdown() {
    return this.job.stop();
  }

  /**
   * Documents issued before the unit's certificate was valid stay Phase 1 (ZATCA's integration
   * starts at onboarding): only later ones are stamped.
   */
  private get since(): Date {
    return parseCertificate(this.config.zatca.credentials!.binarySecurityToken).notBefore;
  }

  /** Phase 2 is on when the seller has a VAT number and the unit a key and production CSID. */
  get enabled(): boolean {
    return !!this.config.zatca.credentials && !!this.config.payments.seller.vatNumber;
  }

  /** One pass of the worker: stamp what is numbered, then report what is due. Tests call it. */
  async pass(): Promise<{ stamped: number; sent: number }> {
    if (!this.enabled) return { stamped: 0, sent: 0 };
    const stamped = await this.stampPending();
    const sent = await this.reportDue();
    return { stamped, sent };
  }

  /** Stamps every numbered document without an e-invoice, in the order they were issued. */
  async stampPending(): Promise<number> {
    if (!this.enabled) return 0;
    const rows = (await this.database.query(
      `SELECT * FROM (
         SELECT 'invoice' AS kind, o.invoice_number AS number, o.id AS "orderId", NULL::uuid AS "refundId",
                COALESCE(o.activated_at, o.updated_at) AS at
           FROM orders o
          WHERE o.invoice_number IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM zatca_documents z WHERE z.number = o.invoice_number)
         UNION ALL
         SELECT 'credit_note', r.credit_note_number, r.order_id, r.id, COALESCE(r.settled_at, r.created_at)
           FROM refunds r
          WHERE r.status = 'settled' AND r.credit_note_number IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM zatca_documents z WHERE z.number = r.credit_note_number)
       ) d WHERE at >= $1 ORDER BY at, number LIMIT 500`,
      [this.since.toISOString()],
    )) as unknown as Unstamped[];
    let stamped = 0;
    for (const row of rows) if (await this.stampOne(row)) stamped++;
    return stamped;
  }

  /** The e-invoice of a document number, stamped now if it has none yet (null when Phase 2 is off). */
  async documentFor(ref: Unstamped): Promise<ZatcaDocument | null> {
    if (!this.enabled) return null;
    await this.stampOne(ref);
    const [doc] = await this.db.select().from(zatcaDocuments).where(eq(zatcaDocuments.number, ref.number));
    return doc ?? null;
  }

  /**
   * Stamps one document as the chain's next: the chain row's lock (FOR UPDATE) is held for the
   * numbering and the stamp only (local work, no network), so processes take turns and the ICVs
   * and hashes follow one another without a gap. False when it was stamped already.
   */
  private async stampOne(ref: Unstamped): Promise<boolean> {
    const credentials = this.config.zatca.credentials!;
    return this.db.transaction(async (tx) => {
      const [head] = await tx.select().from(zatcaChain).where(eq(zatcaChain.id, 1)).for('update');
      if (!head) throw new Error('the ZATCA chain row is missing (migration 0037)');
      const [already] = await tx
        .select({ id: zatcaDocuments.id })
        .from(zatcaDocuments)
        .where(eq(zatcaDocuments.number, ref.number));
      if (already) return false;
      const [order] = await tx.select().from(orders).where(eq(orders.id, ref.orderId));
      const refund = ref.refundId
        ? (await tx.select().from(refunds).where(eq(refunds.id, ref.refundId)))[0]
        : undefined;
      if (!order || (ref.refundId && !refund)) return false;
      const issuedAt = refund ? refund.createdAt : (order.activatedAt ?? order.updatedAt);
      if (issuedAt < this.since) return false;
      const icv = head.lastIcv + 1;
      const lines = await tx
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, order.id))
        .orderBy(asc(orderLines.position));
      const doc = this.ublDocument(ref, order, refund, icv, head.lastHash, lines);
      const stamped = stamp(doc, { privateKey: credentials.privateKey, certificate: credentials.binarySecurityToken });
      await tx.insert(zatcaDocuments).values({
        kind: ref.kind,
        number: ref.number,
        orderId: order.id,
        refundId: refund?.id ?? null,
        profile: doc.profile,
        icv,
        uuid: doc.uuid,
        previousHash: head.lastHash,
        hash: stamped.hash,
        xml: stamped.xml,
        qr: stamped.qr,
        issuedAt: doc.issuedAt,
      });
      await tx.update(zatcaChain).set({ lastIcv: icv, lastHash: stamped.hash }).where(eq(zatcaChain.id, 1));
      return true;
    });
  }

  private ublDocument(
    ref: Unstamped,
    order: typeof orders.$inferSelect,
    refund: typeof refunds.$inferSelect | undefined,
    icv: number,
    pih: string,
    lines: (typeof orderLines.$inferSelect)[] = [],
  ): UblDocument {
    const { seller } = this.config.payments;
    const s = this.config.zatca.seller;
    const nationalId = /^[12]\d{9}$/.test(order.nationalId) ? order.nationalId : null;
    const sellerParty: Party = {
      name: seller.name,
      vatNumber: seller.vatNumber,
      crn: s.crn || null,
      address: s.street
        ? { street: s.street, building: s.building, district: s.district, city: s.city, postalCode: s.postalCode }
        : null,
    };
    // An organisation that gave its legal name, VAT number and address: a standard document
    // (B2B, cleared by ZATCA) naming it; anyone else: a simplified one (reported).
    const b = order.buyer;
    const buyer: Party = b
      ? {
          name: b.name,
          vatNumber: b.vat_number,
          address: {
            street: b.address.street,
            building: b.address.building,
            district: b.address.district,
            city: b.address.city,
            postalCode: b.address.postal_code,
          },
        }
      : { name: order.customerName, nationalId };
    // A refund of one line (a team of a school's order) credits that line; an invoice has one line per team.
    const line = refund?.teamId ? lines.find((l) => l.teamId === refund.teamId) : undefined;
    return {
      kind: ref.kind,
      number: ref.number,
      uuid: randomUUID(),
      icv,
      pih,
      issuedAt: refund ? refund.createdAt : (order.activatedAt ?? order.updatedAt),
      profile: b ? 'standard' : 'simplified',
      lines: refund
        ? line
          ? [{ name: line.name, total: refund.amount }]
          : undefined
        : lines.length
          ? lines.map((l) => ({ name: l.name, total: l.amount }))
          : undefined,
      invoiceNumber: order.invoiceNumber,
      reason: refund?.reason ?? null,
      currency: order.currency,
      total: refund ? refund.amount : order.total,
      vatPercent: this.config.payments.vatPercent,
      itemName: order.plan?.name ?? order.plan?.name_en ?? order.orderType,
      seller: sellerParty,
      buyer,
    };
  }

  /**
   * Reports (or has cleared) the due documents, lowest ICV first, each leased to this pass so no
   * other process sends it. Fatoora away: this document waits with back-off and the pass stops (the
   * rest keep their order). Answers how many were settled (accepted or rejected).
   */
  async reportDue(): Promise<number> {
    const credentials = this.config.zatca.credentials;
    if (!credentials) return 0;
    let settled = 0;
    for (;;) {
      const batch = (await this.database.query(
        `UPDATE zatca_documents SET locked_until = now() + interval '60 seconds'
          WHERE id IN (SELECT id FROM zatca_documents
                        WHERE state = 'pending' AND next_attempt_at <= now()
                          AND (locked_until IS NULL OR locked_until < now())
                        ORDER BY icv LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING id, icv, hash, uuid, xml, profile, attempts, number`,
      )) as unknown as Pick<
        ZatcaDocument,
        'id' | 'icv' | 'hash' | 'uuid' | 'xml' | 'profile' | 'attempts' | 'number'
      >[];
      if (!batch.length) return settled;
      batch.sort((a, b) => a.icv - b.icv);
      for (const [i, doc] of batch.entries()) {
        const request = {
          invoiceHash: doc.hash,
          uuid: doc.uuid,
          invoice: Buffer.from(doc.xml, 'utf8').toString('base64'),
        };
        let answer: FatooraResult;
        try {
          answer =
            doc.profile === 'standard'
              ? await this.client.clear(credentials, request)
              : await this.client.report(credentials, request);
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          const attempts = Number(doc.attempts) + 1;
          this.logger.warn(`ZATCA ${doc.number} (ICV ${doc.icv}) not sent (attempt ${attempts}): ${message}`);
          await this.database.query(
            `UPDATE zatca_documents SET attempts = $2, last_error = $3, locked_until = NULL,
               next_attempt_at = now() + ($4::int * interval '1 millisecond') WHERE id = $1`,
            [doc.id, attempts, message.slice(0, 1000), retryDelayMs(attempts)],
          );
          const rest = batch.slice(i + 1).map((d) => d.id);
          if (rest.length)
            await this.database.query(`UPDATE zatca_documents SET locked_until = NULL WHERE id = ANY($1::uuid[])`, [
              rest,
            ]);
          if (err instanceof FatooraUnavailable || err instanceof FatooraRefused) return settled;
          throw err;
        }
        await this.settle(doc, answer);
        settled++;
      }
    }
  }

  private async settle(doc: Pick<ZatcaDocument, 'id' | 'profile' | 'attempts'>, answer: FatooraResult) {
    const v = answer.validationResults;
    const messages: ZatcaMessages = {
      infoMessages: v?.infoMessages ?? [],
      warningMessages: v?.warningMessages ?? [],
      errorMessages: v?.errorMessages ?? [],
    };
    const accepted =
      answer.status !== 400 &&
      (doc.profile === 'standard' ? answer.clearanceStatus === 'CLEARED' : answer.reportingStatus === 'REPORTED');
    const state = !accepted
      ? 'rejected'
      : doc.profile === 'standard'
        ? 'cleared'
        : messages.warningMessages.length
          ? 'reported_with_warnings'
          : 'reported';
    await this.db
      .update(zatcaDocuments)
      .set({
        state,
        messages,
        clearedXml: answer.clearedInvoice ?? null,
        attempts: Number(doc.attempts) + 1,
        lockedUntil: null,
        lastError: null,
        reportedAt: sql`now()`,
      })
      .where(and(eq(zatcaDocuments.id, doc.id), eq(zatcaDocuments.state, 'pending')));
  }

  /** The e-invoice of an order's invoice or of a refund's credit note, when stamped. */
  async byNumber(number: string): Promise<ZatcaDocument | null> {
    const [doc] = await this.db.select().from(zatcaDocuments).where(eq(zatcaDocuments.number, number));
    return doc ?? null;
  }

  /**
   * Which of these invoice and credit note numbers have an e-invoice to download now (stamped, and a
   * standard invoice cleared): billing shows the XML link for those only. None while Phase 2 is off.
   */
  async withXml(numbers: (string | null)[]): Promise<Set<string>> {
    const wanted = numbers.filter((n): n is string => !!n);
    if (!this.enabled || !wanted.length) return new Set();
    const rows = await this.db
      .select({
        number: zatcaDocuments.number,
        profile: zatcaDocuments.profile,
        state: zatcaDocuments.state,
        clearedXml: zatcaDocuments.clearedXml,
      })
      .from(zatcaDocuments)
      .where(inArray(zatcaDocuments.number, wanted));
    return new Set(rows.filter(xmlReady).map((r) => r.number));
  }
}
