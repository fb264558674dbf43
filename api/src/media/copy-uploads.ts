import { loadConfig } from '../core/config';
import { FileStore, LocalFileStore, S3FileStore } from './file-store';

/** The two areas of stored files: served at /uploads, and private (CVs, research). */
export const AREAS = ['uploads', 'private'] as const;

export interface CopyReport {
  copied: number;
  skipped: number;
  bytes: number;
}

/**
 * Copies every stored file of the local disk into another store (a bucket), under the same keys.
 * A file already there with the same size is skipped, so the command can run again after a cut.
 */
export async function copyUploads(
  from: LocalFileStore,
  to: FileStore,
  log: (line: string) => void = () => undefined,
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, bytes: 0 };
  for (const area of AREAS) {
    for await (const { key, size } of from.list(`${area}/`)) {
      if ((await to.size(key)) === size) {
        report.skipped += 1;
        continue;
      }
      await to.put(key, { file: from.path(key), keep: true });
      report.copied += 1;
      report.bytes += size;
      if (report.copied % 500 === 0) log(`${report.copied} files copied…`);
    }
  }
  return report;
}

/** `npm run storage:copy -w api`: DATA_DIR's uploads into the bucket of the S3_* settings. */
async function main() {
  const config = loadConfig(process.env);
  if (!config.storage.s3) {
    console.error(
      'Set S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: the bucket to copy into.',
    );
    process.exit(2);
  }
  const to = new S3FileStore(config.storage.s3);
  console.log(
    `Copying ${config.dataDir}/{uploads,private} into bucket ${config.storage.s3.bucket} at ${config.storage.s3.endpoint}`,
  );
  const report = await copyUploads(new LocalFileStore(config.dataDir), to, (line) => console.log(line));
  console.log(
    `Done: ${report.copied} files copied (${(report.bytes / 1024 / 1024).toFixed(1)} MB), ${report.skipped} already there.`,
  );
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
