import type { FastifyReply } from 'fastify';
import type { zatcaDocuments } from '../db/schema';

type Stamped = Pick<typeof zatcaDocuments.$inferSelect, 'profile' | 'state' | 'clearedXml'>;

/**
 * Whether a stamped document's e-invoice can be downloaded now: a simplified one as stamped, a
 * standard one only once ZATCA cleared it (the buyer gets the cleared invoice only). Billing and the
 * back-office offer the XML link by this, so a link never answers "not available".
 */
export function xmlReady(d: Stamped): boolean {
  return d.profile !== 'standard' || (d.state === 'cleared' && !!d.clearedXml);
}

/** The XML to hand out: the stamped document, or for a standard invoice the one ZATCA cleared (null until then). */
export function downloadableXml(d: Stamped & Pick<typeof zatcaDocuments.$inferSelect, 'xml'>): string | null {
  if (!xmlReady(d)) return null;
  return d.profile === 'standard' ? Buffer.from(d.clearedXml!, 'base64').toString('utf8') : d.xml;
}

/** Sends an e-invoice as an XML attachment named by its number (never cached: tax records of one person). */
export function sendXml(res: FastifyReply, { xml, name }: { xml: string; name: string }) {
  res.header('Content-Type', 'application/xml; charset=utf-8');
  res.header('Content-Disposition', `attachment; filename="${name}.xml"`);
  res.header('Cache-Control', 'private, no-store');
  return res.send(xml);
}
