import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../config/config';
import { CONFIG } from '../db/db.module';
import { GalleryController } from './gallery.controller';
import { GALLERY_MAX_BYTES, GalleryService } from './gallery.service';

@Module({
  imports: [
    // Library uploads stream to DATA_DIR/tmp (large videos never sit in memory); the service moves or removes them.
    MulterModule.registerAsync({
      inject: [CONFIG],
      useFactory: (config: AppConfig) => {
        const dest = join(config.dataDir, 'tmp');
        mkdirSync(dest, { recursive: true });
        return { dest, limits: { fileSize: GALLERY_MAX_BYTES, files: 10, fields: 50 } };
      },
    }),
  ],
  controllers: [GalleryController],
  providers: [GalleryService],
  exports: [GalleryService],
})
export class MediaModule {}
