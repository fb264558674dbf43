import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Answers a CSV export as a download named `{name}-{today}.csv`, never cached. A failure mid-way
 * cuts the download short (Fastify ends the socket) rather than ending it as if it were whole.
 */
export function sendCsv(res: FastifyReply, name: string, csv: Readable | string) {
  const date = new Date().toISOString().slice(0, 10);
  res.header('Content-Type', 'text/csv; charset=utf-8');
  res.header('Content-Disposition', `attachment; filename="${name}-${date}.csv"`);
  res.header('Cache-Control', 'no-store');
  return res.send(csv);
}
